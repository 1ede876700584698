"""export_club / import_club round trip, and the CSV exports."""
import json

import pytest
from django.core.management import call_command
from django.urls import reverse

from league.backup import club_export, club_import
from league.management.commands.load_demo import load_demo
from league.models import Club, Game, HandRevision, HandSide, Result
from league.games.pinochle.hand_inputs import PinochleHandInput


def numbers():
    """Every stored number that matters, keyed by primary key."""
    return {
        "sides": sorted(HandSide.objects.values_list("pk", "hand__number", "delta", "total", "counted_meld")),
        "games": sorted(Game.objects.values_list("pk", "public_id", "status", "winner_side")),
        "results": sorted(Result.objects.values_list("pk", "player_id", "points_for", "won")),
        "revisions": HandRevision.objects.count(),
    }


@pytest.mark.django_db(transaction=True)
def test_export_then_import_into_an_empty_database_restores_every_number(tmp_path):
    club = load_demo()
    before = numbers()
    path = tmp_path / "club.json"
    call_command("export_club", club.slug, "-o", str(path), "--with-passwords")
    call_command("flush", "--noinput")
    assert not Club.objects.exists()
    call_command("import_club", str(path), "--passwords")
    assert numbers() == before  # the table links are new (tests/league/test_backup_tampered.py)
    call_command("rescore", "--check")
    club = Club.objects.get()
    from django.contrib.auth import authenticate

    assert authenticate(username="organizer", password="clubtally-demo") is not None
    # ids continue after the imported ones (PostgreSQL sequences reset)
    new = club.players.create(name="After Import")
    assert new.pk > max(p.pk for p in club.players.exclude(pk=new.pk))


@pytest.mark.django_db(transaction=True)
def test_import_refuses_a_club_that_exists_and_saves_nothing():
    club = load_demo()
    text = club_export(club)
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as e:
        club_import(text)
    assert e.value.messages == ["Club riverside already exists here; import into a database without it."]
    with pytest.raises(ValidationError) as e:
        club_import(json.dumps({"format": "something else"}))
    assert e.value.messages == ["This is not a Clubtally club export (version 3)."]


def test_games_and_hands_csv_for_organizers(client, game, organizer):
    from league import services

    from .conftest import played

    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert client.get(reverse("league:games_csv", args=["test"])).status_code == 403
    client.force_login(organizer)
    games = b"".join(client.get(reverse("league:games_csv", args=["test"])).streaming_content).decode().splitlines()
    assert games[1].split(",")[1:] == ["partnership", games[1].split(",")[2], "in_progress", "1", "",
                                       "Ann", "Bo", "Cy", "Di", "320", "140", "", "", "", "", "", "", "", "", ""]
    hands = b"".join(client.get(reverse("league:hands_csv", args=["test"])).streaming_content).decode().splitlines()
    assert hands[1].split(",")[1:18] == ["partnership", "1", "played", "N", "confirmed", "N-S", "Ann & Cy",
                                         "320", "320", "N", "300", "H", "1", "150", "170", "150", "170"]
    assert len(hands) == 3
