"""Every form that takes a name refuses a bidi control or a zero-width
character with an error on that field (never a 500), and stores names in NFC."""
import datetime

import pytest
from django.core.cache import cache, caches
from django.test import Client
from django.urls import reverse

from league import services
from league.models import Game, Player, RuleProfile

from .rendered_forms import open_form

SEATS = {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"}
REFUSED = "A name may not hold invisible or direction-changing characters (%s); type it again."


def field_error(html: str, field: str) -> str:
    start = html.index(f'<span class="error" id="id_{field}_error">') + len(f'<span class="error" id="id_{field}_error">')
    return html[start:html.index("</span>", start)]


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear(), caches["limits"].clear()
    yield
    cache.clear(), caches["limits"].clear()


@pytest.mark.parametrize("bad, codes", [("Ann\u202e", "U+202E"), ("A\u200bnn", "U+200B"), ("\u2066Bo", "U+2066")])
def test_a_casual_game_refuses_an_invisible_character_on_the_seats_field(db, bad, codes):
    client = Client()
    form = open_form(client, "/casual/new/").form(has="north").update(**{**SEATS, "east": bad})
    answer = form.submit(client)
    assert answer.status_code == 400
    assert field_error(answer.content.decode(), "east") == REFUSED % codes
    assert Game.objects.count() == 0 and Player.objects.count() == 0


def test_a_casual_game_stores_its_names_in_nfc(db):
    client = Client()
    answer = open_form(client, "/casual/new/").form(has="north").update(**{**SEATS, "north": "Zoe\u0301"}).submit(client)
    assert answer.status_code == 302
    assert Game.objects.get().seats.get(seat=0).player.name == "Zo\u00e9"


def test_a_new_game_refuses_an_invisible_character_on_the_seats_field(client, club, organizer):
    client.force_login(organizer)
    form = open_form(client, reverse("league:game_new", args=[club.slug])).form(has="north")
    answer = form.update(**{**SEATS, "west": "Di\u200d"}).submit(client)
    assert answer.status_code == 400
    assert field_error(answer.content.decode(), "west") == REFUSED % "U+200D"
    assert Game.objects.count() == 0


def test_a_new_cribbage_game_refuses_an_invisible_character_on_the_players_field(client, club, organizer):
    client.force_login(organizer)
    form = open_form(client, reverse("league:game_new", args=[club.slug]) + "?kind=cribbage").form(has="player_0")
    answer = form.update(player_0="Ann", player_1="Bo\u202d").submit(client)
    assert answer.status_code == 400
    assert field_error(answer.content.decode(), "player_1") == REFUSED % "U+202D"
    assert Game.objects.count() == 0


def test_walk_ins_refuse_an_invisible_character_on_their_field(client, club, organizer, players):
    client.force_login(organizer)
    profile = RuleProfile.objects.create(club=club, name="Standard", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile)
    season = services.season_create(league=league, name="Autumn", starts_on=datetime.date(2026, 9, 1),
                                    ends_on=datetime.date(2026, 12, 1))
    night = services.night_create(season=season, date=datetime.date(2026, 10, 6), rounds=1)
    url = reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk])
    form = open_form(client, url).form(has="walk_ins").update(walk_ins="Eve\nFr\u2067ed")
    html = form.submit(client).content.decode()
    assert field_error(html, "walk_ins") == REFUSED % "U+2067"
    assert Player.objects.filter(club=club).count() == 4
