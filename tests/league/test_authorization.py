"""Every URL that changes something, called by everyone who must not change it:
refused, and nothing in the database moved. Also: CSRF is enforced, and the
production settings pass ``manage.py check --deploy``."""
import datetime
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from league import services
from league.models import Club, Game, Membership, RuleProfile

from .conftest import played
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.games.rummy.inputs import RummyRoundInput

D = datetime.date
HAND = {"kind": "played", "dealer": 1, "bidder_seat": 0, "bid": 300, "trump": "H",
        "meld_0": 150, "meld_1": 60, "tricks_0": 170, "tricks_1": 80}


def everything():
    return {m.__name__: m.objects.count() for m in apps.get_app_config("league").get_models()} | {
        "totals": list(apps.get_model("league", "GameSide").objects.order_by("pk").values_list("total", flat=True)),
        "tokens": list(Game.objects.order_by("pk").values_list("access_token", flat=True)),
    }


@pytest.fixture
def world(club, organizer, players):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Private", rule_profile=profile)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    extra = [services.player_get_or_create(club=club, name=n) for n in ("Ed", "Flo", "Gil", "Hal")]
    services.night_check_in(night=night, players=players + extra)
    rnd = services.round_seat(night=night, by=organizer)
    target, other = Game.objects.filter(table__round=rnd).order_by("table__number")
    services.entry_record(game=target, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    return {"club": club, "league": league, "season": season, "night": night, "game": target, "other": other}


def write_requests(w):
    g, club, league, season, night = w["game"], w["club"], w["league"], w["season"], w["night"]
    n_url = reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk])
    return [
        ("new game", reverse("league:game_new", args=[club.slug]),
         {"north": "A", "east": "B", "south": "C", "west": "D", "first_dealer": 0}),
        ("add hand", reverse("league:hand_add", args=[g.public_id]), HAND),
        ("edit hand", reverse("league:hand_edit", args=[g.public_id, 1]), {**HAND, "bid": 250}),
        ("delete hand", reverse("league:hand_delete", args=[g.public_id, 1]), {}),
        ("confirm hand", reverse("league:hand_confirm", args=[g.public_id, 1]), {}),
        ("reissue link", reverse("league:table_link_reissue", args=[g.public_id]), {}),
        ("this table by another table's link", reverse("league:table_hand_edit", args=[w["other"].access_token, 1]),
         {**HAND, "bid": 250}),
        ("new league", reverse("league:club_leagues", args=[club.slug]),
         {"name": "X", "rule_profile": league.rule_profile_id, "format": "progressive", "bye_scoring": "none"}),
        ("new season", reverse("league:league", args=[club.slug, league.slug]),
         {"name": "T", "starts_on": "2027-01-01", "ends_on": "2027-02-01", "precedence_1": "points"}),
        ("new night", reverse("league:season", args=[club.slug, league.slug, season.pk]),
         {"form": "night", "date": "2026-10-08", "rounds": 2}),
        ("check in", n_url, {"action": "checkin", "walk_ins": "Intruder"}),
        ("seat round", n_url, {"action": "seat"}),
        ("swap seats", n_url, {"action": "swap", "first_table": 1, "first_seat": 0, "second_table": 2, "second_seat": 0}),
        ("lock night", n_url, {"action": "lock"}),
        ("games csv", reverse("league:games_csv", args=[club.slug]), None),
        ("hands csv", reverse("league:hands_csv", args=[club.slug]), None),
    ]


def persona(name, w, other_link_visit=True):
    client = Client()
    User = get_user_model()
    if name == "member":
        user = User.objects.create_user("member", password="pw-m-12345")
        Membership.objects.create(club=w["club"], user=user, role=Membership.Role.MEMBER)
        client.force_login(user)
    elif name == "organizer of another club":
        other = Club.objects.create(name="Other", slug="other")
        user = User.objects.create_user("stranger", password="pw-s-12345")
        Membership.objects.create(club=other, user=user, role=Membership.Role.ORGANIZER)
        client.force_login(user)
    elif name == "link of another table":
        client.get(reverse("league:table", args=[w["other"].access_token]))
        client.post(reverse("league:table_side", args=[w["other"].access_token]), {"side": "0"})
    return client


@pytest.mark.parametrize("who", ["anonymous", "link of another table", "member", "organizer of another club"])
def test_every_write_is_refused_and_changes_nothing(world, who):
    client = persona(who, world)
    before = everything()
    for label, url, data in write_requests(world):
        response = client.get(url) if data is None else client.post(url, data)
        if label == "this table by another table's link":
            assert response.status_code == 404, label  # hand 1 does not exist at that table
        else:
            assert response.status_code in (302, 403, 404), (label, response.status_code)
            if response.status_code == 302:
                assert response.url.startswith(reverse("login")), label
    assert everything() == before


def test_csrf_is_enforced(world, organizer):
    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    response = client.post(reverse("league:hand_add", args=[world["game"].public_id]), HAND)
    assert response.status_code == 403
    assert world["game"].hands.count() == 1


def test_admin_is_for_staff_only(client, organizer):
    client.force_login(organizer)
    response = client.get(reverse("admin:league_hand_changelist"))
    assert response.status_code == 302 and "/admin/login/" in response.url


def test_production_settings_pass_check_deploy():
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL")}
    env = {**env, "DJANGO_SETTINGS_MODULE": "config.settings.production",
           "DJANGO_SECRET_KEY": "x" * 20 + "-a-long-random-production-secret-" + "y" * 20,
           "DJANGO_ALLOWED_HOSTS": "club.example.org", "DATABASE_URL": "sqlite:////tmp/clubtally-deploy-check.sqlite3"}
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                         cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues (0 silenced)." in out.stdout


@pytest.fixture
def rummy_world(club, organizer, players):
    """A progressive rummy league night with a round entered at table 1."""
    from league.games.rummy.inputs import RummyRoundInput
    from league.services.workflow import entry_record

    profile = RuleProfile.objects.create(club=club, name="Rummy", game_type="rummy", options={})
    league = services.league_create(club=club, name="Rummy", rule_profile=profile)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    extra = [services.player_get_or_create(club=club, name=n) for n in ("Ed", "Flo", "Gil", "Hal")]
    services.night_check_in(night=night, players=players + extra)
    rnd = services.round_seat(night=night, by=organizer)
    target, other = Game.objects.filter(table__round=rnd).order_by("table__number")
    entry_record(game=target, by=organizer,
                 inputs=RummyRoundInput(teams=[{"melds_on_table": 100}, {"melds_on_table": 50}]))
    return {"club": club, "game": target, "other": other}


@pytest.mark.parametrize("who", ["anonymous", "member", "organizer of another club"])
def test_every_rummy_write_is_refused_and_changes_nothing(rummy_world, who):
    client = persona(who, rummy_world)
    g, other = rummy_world["game"], rummy_world["other"]
    rnd = {"t0_melds_on_table": 200, "t1_melds_on_table": 50}
    before = everything()
    for label, url, data, status in [
        ("new rummy game", reverse("league:game_new", args=[rummy_world["club"].slug]) + "?kind=rummy",
         {"player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D"}, (302, 403)),
        ("add round", reverse("league:hand_add", args=[g.public_id]), rnd, (403, 404)),
        ("edit round", reverse("league:hand_edit", args=[g.public_id, 1]), {**rnd, "version": 1}, (302, 403, 404)),
        ("delete round", reverse("league:hand_delete", args=[g.public_id, 1]), {}, (302, 403, 404)),
        ("confirm round", reverse("league:hand_confirm", args=[g.public_id, 1]), {}, (302, 403, 404)),
        ("confirm at this table by another table's link",
         reverse("league:table_hand_confirm", args=[other.access_token, 1]), {}, (404,)),
        ("counter at this table by another table's link",
         reverse("league:table_hand_counter", args=[other.access_token, 1]), rnd, (404,)),
        ("this table by another table's link", reverse("league:table_hand_edit", args=[other.access_token, 1]),
         {**rnd, "version": 1}, (404,)),  # round 1 does not exist at that table
    ]:
        response = client.post(url, data)
        assert response.status_code in status, (label, response.status_code)
        if response.status_code == 302:
            assert response.url.startswith(reverse("login")), label
    assert everything() == before
