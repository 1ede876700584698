"""Cached standings are never stale: every change to what they are computed
from (the season's Result rows, names, precedence) is a different cache key."""
import datetime

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league import services
from league.models import Game, Night, Player, Result, Season
from league.selectors.standings import standings

from .conftest import played
from .test_league_play import finish, make_season, profile, roster  # noqa: F401 (fixtures)
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


def one_game_season(club, organizer, profile, roster):
    season = make_season(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    return season, night, game


def summary(season):
    return [(r.rank_label, r.row.name, r.row.points_for, r.row.points_against, r.row.wins)
            for r in standings(season).rows]


def names(game):
    by_seat = {s.seat: s.player.name for s in game.seats.select_related("player")}
    return by_seat[0], by_seat[1], by_seat[2], by_seat[3]


def test_editing_a_hand_that_changes_the_result_changes_the_standings_page_at_once(
        client, club, organizer, profile, roster):
    season, night, game = one_game_season(club, organizer, profile, roster)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    finish(game, organizer, 0)  # N–S 1870 : 140
    n, e, s, w = names(game)
    url = reverse("league:season", args=[club.slug, season.league.slug, season.pk])
    client.force_login(organizer)
    first = client.get(url).content.decode()
    assert "<td>1870</td>" in first and "<td>140</td>" in first
    assert summary(season)[0][2:] == (1870, 140, 1)

    # Hand 1 corrected: E–W bid 300 and made it (N–S 140, E–W 320); N–S still win with hand 2.
    services.entry_update(hand=game.hands.get(number=1), by=organizer,
                          inputs=PinochleHandInput(**played(1, 300, (60, 150), (80, 170))))
    after = client.get(url).content.decode()
    assert "<td>1870</td>" not in after
    expected = sorted([("=1", n, 1690, 320, 1), ("=1", s, 1690, 320, 1),
                       ("=3", e, 320, 1690, 0), ("=3", w, 320, 1690, 0)], key=lambda r: (r[0], r[1].casefold()))
    assert summary(season) == expected  # the same Season instance as before the edit
    assert "<td>1690</td>" in after and "<td>320</td>" in after


def test_an_edit_that_reopens_the_game_empties_the_standings(client, club, organizer, profile, roster):
    season, night, game = one_game_season(club, organizer, profile, roster)
    finish(game, organizer, 1)
    assert len(summary(season)) == 4
    services.entry_update(hand=game.hands.get(number=1), by=organizer,
                          inputs=PinochleHandInput(**played(1, 300, (0, 100), (0, 250))))
    assert summary(season) == []
    client.force_login(organizer)
    page = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk]))
    assert "No finished game yet." in page.content.decode()


def test_every_results_write_gives_the_season_a_new_results_version(club, organizer, profile, roster):
    season, night, game = one_game_season(club, organizer, profile, roster)
    versions = [Season.objects.get(pk=season.pk).results_version]
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    versions.append(Season.objects.get(pk=season.pk).results_version)
    assert versions[1] == versions[0]  # no result written: the game goes on
    finish(game, organizer, 0)
    versions.append(Season.objects.get(pk=season.pk).results_version)
    services.entry_update(hand=game.hands.get(number=1), by=organizer,
                          inputs=PinochleHandInput(**played(0, 250, (150, 60), (170, 80))))
    versions.append(Season.objects.get(pk=season.pk).results_version)
    assert len(set(versions[1:])) == 3


def test_a_renamed_player_and_a_new_precedence_show_at_once(club, organizer, profile, roster):
    season, night, game = one_game_season(club, organizer, profile, roster)
    finish(game, organizer, 0)
    standings(season)
    winner = Result.objects.filter(game=game, won=True).order_by("player__name").first().player
    Player.objects.filter(pk=winner.pk).update(name="Zed Renamed")
    assert "Zed Renamed" in [r[1] for r in summary(season)]
    assert [r[0] for r in summary(season)] == ["=1", "=1", "=3", "=3"]
    season.precedence = ["nights"]  # everyone played the one night: all level
    season.save()
    assert [r[0] for r in summary(season)] == ["=1"] * 4


def test_results_gone_by_a_cascade_leave_the_standings_too(club, organizer, profile, roster):
    season, night, game = one_game_season(club, organizer, profile, roster)
    finish(game, organizer, 0)
    assert len(summary(season)) == 4
    Night.objects.filter(pk=night.pk).delete()  # no results_sync: the rows go by the cascade
    assert summary(season) == []


def test_rows_written_without_the_services_still_change_the_standings(club, organizer, profile, roster):
    season, night, game = one_game_season(club, organizer, profile, roster)
    finish(game, organizer, 0)
    before = summary(season)
    extra = Player.objects.create(club=club, name="Aaa Walk-in")
    Result.objects.create(season=season, night=night, bye=True, player=extra, points_for=5000)
    after = summary(season)
    assert after[0] == ("1", "Aaa Walk-in", 5000, 0, 0) and after[1:] == [
        (f"={int(r[0].lstrip('=')) + 1}", *r[1:]) for r in before]


def test_a_nights_standings_and_the_seasons_are_kept_apart(club, organizer, profile, roster):
    season, night, game = one_game_season(club, organizer, profile, roster)
    finish(game, organizer, 0)
    other = services.night_create(season=season, date=D(2026, 10, 9), rounds=1)
    assert len(standings(season).rows) == 4
    assert standings(season, night=other).rows == ()
    assert len(standings(season, night=night).rows) == 4


def test_cached_standings_take_one_query_and_match_the_computed_ones(club, organizer, profile, roster):
    from django.core.cache import cache

    season, night, game = one_game_season(club, organizer, profile, roster)
    finish(game, organizer, 0)
    cache.clear()
    with CaptureQueriesContext(connection) as cold:
        computed = standings(season).rows
    with CaptureQueriesContext(connection) as warm:
        cached = standings(season).rows
    assert cached == computed
    assert (len(cold.captured_queries), len(warm.captured_queries)) == (2, 1)
    assert "league_result" not in warm.captured_queries[0]["sql"]  # the version: no row counted, whatever the size
