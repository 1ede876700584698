"""The fragments kept by ``{% cache %}`` follow what they show: a table card of
the night page and the live board under the table's version, the season
page's standings under the standings' key (a result, a player renamed)."""
import datetime

import pytest

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import Game, Player, RuleProfile

from .conftest import played

D = datetime.date


@pytest.fixture
def night(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="League", rule_profile=profile, is_public=True)
    season = services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 31))
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    players = [services.player_get_or_create(club=club, name=f"P{i}") for i in range(8)]
    services.night_check_in(night=night, players=players)
    services.round_seat(night=night, by=organizer)
    return night


def _urls(night):
    season = night.season
    base = f"/clubs/{season.league.club.slug}/l/{season.league.slug}/s/{season.pk}/"
    return base, f"{base}n/{night.pk}/", f"{base}n/{night.pk}/board/"


def _table_one(night):
    return Game.objects.filter(table__round__night=night).order_by("table__number").first()


def test_a_table_card_shows_the_hand_entered_after_it_was_kept(client, organizer, night):
    _season, night_url, board_url = _urls(night)
    client.force_login(organizer)
    for url in (night_url, board_url):
        assert "0 hands" in client.get(url).content.decode()
    services.entry_record(game=_table_one(night), by=organizer,
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    for url in (night_url, board_url):
        page = client.get(url).content.decode()
        assert "1 hand<" in page and "<b class=\"num\">320</b>" in page, url


def test_the_season_standings_follow_a_result_and_a_rename(client, organizer, night):
    season_url, _night, _board = _urls(night)
    assert "No finished game yet." in client.get(season_url).content.decode()
    game = _table_one(night)
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    page = client.get(season_url).content.decode()
    north = game.seats.get(seat=0).player
    assert f">{north.name}</a>" in page and "No finished game yet." not in page
    Player.objects.filter(pk=north.pk).update(name="Renamed North")
    assert ">Renamed North</a>" in client.get(season_url).content.decode()
