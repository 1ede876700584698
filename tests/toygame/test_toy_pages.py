"""Toy Tally through the site as rendered: the promises its own rules add to the
conformance suite (tests/league/kind_cases.py runs it through every shared one)."""
import csv
import io

from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from league.games import kind_for, kinds
from league.models import HandSide, Result
from league.selectors.standings import standings
from tests.league.conftest import club, organizer, players  # noqa: F401 (fixtures)
from tests.league.kind_cases import league_table
from tests.league.rendered_forms import open_form

from .kind import ToyKind


def enter(client, game, **values):
    page = open_form(client, reverse("league:table", args=[game.access_token]))
    return page.form(has="expected_number").update(**values).submit(client)


def test_the_test_settings_register_the_toy_after_the_built_in_kinds():
    assert isinstance(kind_for("toy"), ToyKind) and kinds()[-1] is kind_for("toy")


def test_a_misdeal_entered_through_the_table_link_scores_nothing(club, players, organizer):  # noqa: F811
    game = league_table("toy", club=club, players=players, organizer=organizer)
    phone = Client()
    assert enter(phone, game, score_0=12, score_1=7).status_code == 302
    assert enter(phone, game, misdeal="on").status_code == 302
    rows = HandSide.objects.filter(hand__game=game, hand__number=2).order_by("side")
    assert [(r.delta, r.total) for r in rows] == [(0, 12), (0, 7)]


def test_a_score_over_30_is_refused_under_its_box_and_nothing_is_saved(club, players, organizer):  # noqa: F811
    game = league_table("toy", club=club, players=players, organizer=organizer)
    response = enter(Client(), game, score_0=31, score_1=0)
    assert response.status_code == 400
    assert "a side scores a whole number from 0 to 30, not 31" in response.content.decode()
    assert not HandSide.objects.filter(hand__game=game).exists()


def test_the_first_side_to_50_wins_and_the_league_counts_the_game(client, club, players, organizer):  # noqa: F811
    game = league_table("toy", club=club, players=players, organizer=organizer)
    phone = Client()
    enter(phone, game, score_0=30, score_1=25)
    enter(phone, game, score_0=20, score_1=24)  # 50 to 49
    game.refresh_from_db()
    assert (game.is_finished, game.winner_side) == (True, 0)
    assert sorted((r.points_for, r.won) for r in Result.objects.filter(game=game)) == [
        (49, False), (49, False), (50, True), (50, True)]
    client.force_login(organizer)
    page = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert "N–S reached 50" in page
    season = game.table.round.night.season
    table = standings(season).rows
    assert [(r.rank, r.row.wins, r.row.points_for) for r in table] == [(1, 1, 50), (1, 1, 50), (3, 0, 49), (3, 0, 49)]
    season_page = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk]))
    winners = [seat.player.name for seat in game.seats.filter(seat__in=(0, 2))]
    assert season_page.status_code == 200 and all(name in season_page.content.decode() for name in winners)


def test_its_sheets_print(client, club, players, organizer):  # noqa: F811
    game = league_table("toy", club=club, players=players, organizer=organizer)
    enter(Client(), game, score_0=12, score_1=7)
    client.force_login(organizer)
    night = game.table.round.night
    for url in (reverse("league:game_sheet_pdf", args=[game.public_id]),
                reverse("league:table_sheet_pdf", args=[game.access_token]),
                reverse("league:night_sheets_pdf", args=[club.slug, night.season.league.slug, night.season_id,
                                                         night.pk]),
                reverse("league:blank_sheet_pdf", args=["toy"])):
        response = client.get(url)
        assert (response.status_code, response["Content-Type"], response.content[:5]) == (
            200, "application/pdf", b"%PDF-")


def test_its_hands_export_with_their_scores(client, club, players, organizer):  # noqa: F811
    game = league_table("toy", club=club, players=players, organizer=organizer)
    enter(Client(), game, score_0=12, score_1=7)
    client.force_login(organizer)
    response = client.get(reverse("league:hands_csv", args=[club.slug]) + "?header=codes")
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig"))))
    assert [(r["game type"], r["side"], r["score"], r["total"]) for r in rows] == [
        ("toy", "N-S", "12", "12"), ("toy", "E-W", "7", "7")]


def test_a_sixth_game_needs_no_migration(db, capsys):
    call_command("makemigrations", "--check", "--dry-run")
    assert "No changes detected" in capsys.readouterr().out


def test_its_games_and_standings_export(client, club, players, organizer):  # noqa: F811
    game = league_table("toy", club=club, players=players, organizer=organizer)
    phone = Client()
    enter(phone, game, score_0=30, score_1=25)
    enter(phone, game, score_0=20, score_1=24)
    client.force_login(organizer)
    response = client.get(reverse("league:games_csv", args=[club.slug]) + "?header=codes")
    (row,) = csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig")))
    assert (row["game type"], row["N-S total"], row["E-W total"]) == ("toy", "50", "49")
    season = game.table.round.night.season
    url = reverse("league:season", args=[club.slug, season.league.slug, season.pk]) + "?_export=csv&header=codes"
    text = b"".join(client.get(url).streaming_content).decode("utf-8-sig")
    table = list(csv.DictReader(io.StringIO(text)))
    assert [(r["rank"], r["won"], r["points"]) for r in table] == [("1", "1", "50"), ("1", "1", "50"),
                                                                  ("3", "0", "49"), ("3", "0", "49")]
