"""No 500 from crafted input: each request named in docs/ (the crafted
cases), then a bounded Hypothesis fuzz over every URL pattern of the URLconf
(the admin's and the legacy redirects included), crafted parameter names and
the outbox's key header, and the forms they take; the stored numbers stay as the scoring engine
derives them (rescore --check)."""
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league import services
from league.models import Membership, Player, Team

from .test_authorization import world  # noqa: F401 (fixture)
from .urlmatrix import build, patterns


@pytest.fixture
def w(world, club, players):  # noqa: F811
    team = Team.objects.create(season=world["season"], name="T", player_a=players[0], player_b=players[1])
    return {**world, "player": Player.objects.filter(club=club).first(), "team": team}


def crafted_cases(w):
    player = reverse("league:player", args=[w["club"].slug, w["player"].pk])
    season = reverse("league:season", args=[w["club"].slug, w["league"].slug, w["season"].pk])
    game = reverse("league:game", args=[w["game"].public_id])
    return [
        ("get", player + "?season=²", None),
        ("get", player + "?season=" + "9" * 30, None),
        ("get", f"/clubs/{w['club'].slug}/players/{'9' * 30}/", None),
        ("get", f"/g/{w['game'].public_id}/hands/{'9' * 30}/history/", None),
        ("get", season + "?per_page=-1", None),
        ("get", season + "?per_page=0", None),
        ("get", season + "?page=-3", None),
        ("get", reverse("league:meld") + "?game=a/b&side=0&trump=H", None),
        ("get", "/g/ab%00cd/", None),
        ("get", game + "?x=%00", None),
        ("post", reverse("league:hand_delete", args=[w["game"].public_id, 1]), {"reason": "a\x00b"}),
        ("get", season + "?_export=ods", None),
        ("get", season + "?_export=xls", None),
        ("get", season + "?_export=yaml", None),
        ("get", "/?%3Csvg%20onload%3Dalert(document.domain)%3E=%01", None),
        ("get", season + "?_export=json", None),
        ("get", season + "?_export=tsv", None),
    ]


def organizer_client(w):
    user = get_user_model().objects.get(username="org")
    c = Client(raise_request_exception=False)
    c.force_login(user)
    return c


@pytest.mark.parametrize("who", ["anonymous", "organizer"])
def test_the_crafted_requests_get_no_500(w, who):
    client = Client(raise_request_exception=False) if who == "anonymous" else organizer_client(w)
    for method, url, data in crafted_cases(w):
        response = getattr(client, method)(url, data) if data else getattr(client, method)(url)
        assert response.status_code < 500, (url, response.status_code)


def test_a_members_season_number_in_a_player_link_is_bounded(w):
    assert Client().get(reverse("league:player", args=[w["club"].slug, w["player"].pk]) + "?season=²").status_code \
        in (200, 404)


TEXT = st.one_of(
    st.sampled_from(["", "-1", "0", "²", "9" * 30, "a/b", "\x00", "<script>", "1e9", " ", "‮x", "NaN", "１"]),
    st.text(max_size=12),
)
NAMES = st.one_of(
    st.sampled_from(["season", "page", "per_page", "_export", "game", "side", "trump", "round",
                     "paper", "type", "reason", "hand_limit", "action", "kind", "bid", "dealer",
                     "walk_ins", "name", "sort", "club", "family", "key", "next"]),
    st.sampled_from(["<svg onload=alert(1)>", "a\x01b", "‮", "x" * 300, "%00"]),  # crafted parameter names
    st.text(max_size=8),
)
PARAMS = st.dictionaries(NAMES, TEXT, max_size=4)
OUTBOX = st.one_of(st.just({}), st.sampled_from(["fuzz-key-000001", "x", "<b>", "k" * 80]).map(
    lambda key: {"HTTP_X_OUTBOX_KEY": key}))
ARGS = st.dictionaries(st.sampled_from(["season_id", "night_id", "number", "player_id", "team_id", "public_id",
                                        "token", "club_slug", "league_slug", "family"]),
                       st.sampled_from(["0", "1", "9" * 30, "x", "-", "2"]), max_size=2)


@pytest.mark.django_db
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_every_url_pattern_gets_no_5xx(w, data):
    routes = sorted(patterns())
    name, route, conv = data.draw(st.sampled_from(routes))
    override = {k: v for k, v in data.draw(ARGS).items()
                if k in conv and (type(conv[k]).__name__ != "IntConverter" or v.isdigit())
                and (type(conv[k]).__name__ != "SlugConverter" or v.replace("-", "").isalnum())}
    url = build(route, conv, w, override)
    params = data.draw(PARAMS)
    client = data.draw(st.sampled_from(["anon", "org"]))
    c = Client(raise_request_exception=False) if client == "anon" else organizer_client(w)
    method = data.draw(st.sampled_from(["get", "post"]))
    response = getattr(c, method)(url, params, **data.draw(OUTBOX))
    assert response.status_code < 500, (name, url, method, params, response.status_code)


def test_after_fuzzing_forms_every_stored_number_rederives(w):
    client = organizer_client(w)
    g = w["game"].public_id
    for data in ({"kind": "played", "dealer": "9" * 30, "bid": "²"}, {"kind": "\x00"}, {"bid": "-1", "trump": "Z"},
                 {"meld_0": "1" * 30, "kind": "played", "dealer": 0, "bidder_seat": 0, "bid": 300, "trump": "H"}):
        assert client.post(reverse("league:hand_add", args=[g]), data).status_code < 500
        assert client.post(reverse("league:hand_edit", args=[g, 1]), data).status_code < 500
    call_command("rescore", "--check")


def test_production_settings_log_errors_to_stderr():
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_SECRET_KEY": "k" * 60,
                "DJANGO_ALLOWED_HOSTS": "club.example.org", "DATABASE_URL": "sqlite:////tmp/clubtally-log.sqlite3"})
    code = "import django, logging; django.setup(); logging.getLogger('django.request').error('boom-500-line')"
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[2], env=env,
                         capture_output=True, text=True, timeout=60)
    assert "ERROR django.request: boom-500-line" in out.stderr, out.stderr


FORM_FIELDS = ["north", "east", "south", "west", "first_dealer", "rule_profile", "kind", "dealer", "bidder_seat",
               "bid", "trump", "meld_0", "meld_1", "tricks_0", "tricks_1", "expected_number", "version", "reason",
               "action", "walk_ins", "players", "hand_limit", "form", "date", "rounds", "name", "format",
               "bye_scoring", "starts_on", "ends_on", "precedence_1", "precedence_2", "best_n", "player_0", "player_1", "player_2", "player_3",
               "first_table", "first_seat", "second_table", "second_seat"]


@pytest.mark.django_db
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_fuzz_every_form_gets_no_5xx_and_numbers_still_rederive(w, data):
    club, lg, season, night, g = w["club"], w["league"], w["season"], w["night"], w["game"].public_id
    forms = [
        reverse("league:game_new", args=[club.slug]), (reverse("league:game_new", args=[club.slug]) + "?kind=cribbage"),
        (reverse("league:game_new", args=[club.slug]) + "?kind=rummy"), reverse("league:hand_add", args=[g]),
        reverse("league:hand_edit", args=[g, 1]), reverse("league:hand_delete", args=[g, 1]),
        reverse("league:club_leagues", args=[club.slug]), reverse("league:league", args=[club.slug, lg.slug]),
        reverse("league:season", args=[club.slug, lg.slug, season.pk]),
        reverse("league:night", args=[club.slug, lg.slug, season.pk, night.pk]),
        reverse("league:table_hand_add", args=[w["game"].access_token]),
    ]
    url = data.draw(st.sampled_from(forms))
    post = data.draw(st.dictionaries(st.sampled_from(FORM_FIELDS), TEXT, max_size=8))
    response = organizer_client(w).post(url, post)
    assert response.status_code < 500, (url, post, response.status_code)
    call_command("rescore", "--check")
