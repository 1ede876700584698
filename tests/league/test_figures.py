"""The figures kept at write time (league.services.figures): after every kind
of write through the services they equal the figures derived again from the
Result rows and hands, the standings they give equal the ones folded from
every Result row, the season's awards read from them equal the awards folded
from every hand and result, and ``rescore`` finds and repairs figures that
drifted."""
import dataclasses
import datetime

import pytest
from django.core.management import call_command

from league import services
from league.models import Figures, Game, GameFigures, League, LeagueFormat, Night, Result, RuleProfile, Season
from league.models.season import STALE
from league.selectors.awards import award_lines, kept_award_lines, season_rows
from league.selectors.season_charts import season_race
from league.selectors.standings import entrant_names, standing_rows_from_results, standings
from scoring.standings import StandingRow
from league.services.rescore import game_differences
from league.services.figures import figures_derived, figures_differences, figures_rebuild, figures_snapshot

from .conftest import played
from .test_ratings import partnership_game
from .test_season_awards import seated
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


@pytest.fixture
def profile(club):
    return RuleProfile.objects.create(club=club, name="Club", options={})


@pytest.fixture
def roster(club):
    return [services.player_get_or_create(club=club, name=f"P{i:02d}") for i in range(9)]


def season_of(club, profile, **league_kw):
    league = services.league_create(club=club, name="League", rule_profile=profile, **league_kw)
    return services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 31))


def finish(game, organizer, side, bid=1300):
    meld, tricks = ((bid, 0), (250, 0)) if side == 0 else ((0, bid), (0, 250))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(side, bid, meld, tricks)))


def rebuilt(season_id) -> dict:
    out = {}
    for f in figures_derived(season_id):
        out[(f.player_id, f.team_id, f.night_id)] = {
            x.attname: getattr(f, x.attname) for x in Figures._meta.concrete_fields
            if x.attname not in ("id", "season_id", "player_id", "team_id", "night_id")}
    return out


def folded(row) -> dict:
    """A standings row's numbers, nights attended as a count: a row read from the
    figures carries each night's points only when the precedence ranks on them."""
    return {f.name: getattr(row, f.name) for f in dataclasses.fields(StandingRow) if f.name != "night_points"} | {
        "nights": row.nights}


def assert_kept_equals_rebuilt(season):
    assert figures_snapshot(season.pk) == rebuilt(season.pk)
    assert figures_differences() == []
    names = entrant_names(season)
    from_results = {r.entrant: folded(r) for r in standing_rows_from_results(season, None, names)}
    assert {r.row.entrant: folded(r.row) for r in standings(season).rows} == from_results


def test_figures_follow_finishing_editing_reopening_and_byes(club, organizer, profile, roster):
    season = season_of(club, profile, bye_scoring=League.ByeScoring.AVERAGE)
    for date in (D(2026, 10, 2), D(2026, 10, 9)):
        night = services.night_create(season=season, date=date, rounds=2)
        services.night_check_in(night=night, players=roster)  # 9 players: one sits out each round
        for _ in range(2):
            rnd = services.round_seat(night=night, by=organizer)
            a, b = Game.objects.filter(table__round=rnd).order_by("table__number")
            services.entry_record(game=a, by=organizer,
                                  inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
            finish(a, organizer, 0)
            finish(b, organizer, 1, bid=1400)
            assert_kept_equals_rebuilt(season)
    first = a.hands.get(number=1)
    services.entry_update(hand=first, by=organizer,
                          inputs=PinochleHandInput(**played(1, 250, (60, 150), (80, 170))))  # still finished
    assert_kept_equals_rebuilt(season)
    services.entry_update(hand=b.hands.get(number=1), by=organizer,
                          inputs=PinochleHandInput(**played(1, 300, (0, 100), (0, 250))))  # reopened
    assert not Result.objects.filter(game=b).exists()
    assert_kept_equals_rebuilt(season)
    assert Result.objects.filter(season=season, bye=True).count() == 4
    assert sum(Figures.objects.filter(season=season, night__isnull=True).values_list("byes", flat=True)) == 4


def test_a_removed_best_hand_is_read_again(club, organizer, profile, roster):
    season = season_of(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    finish(game, organizer, 0, bid=1400)
    north = game.seats.get(seat=0).player_id
    assert Figures.objects.get(season=season, night__isnull=True, player_id=north).best_hand == 1650
    services.entry_update(hand=game.hands.get(number=2), by=organizer,
                          inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    assert Figures.objects.get(season=season, night__isnull=True, player_id=north).best_hand == 1550
    assert_kept_equals_rebuilt(season)


def test_fixed_partnership_figures_are_the_teams(club, organizer, profile, roster):
    season = season_of(club, profile, format=LeagueFormat.FIXED)
    teams = [services.team_create(season=season, player_a=roster[i], player_b=roster[i + 1]) for i in (0, 2)]
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, teams=teams)
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    finish(game, organizer, 0)
    assert set(Figures.objects.filter(season=season).values_list("team_id", flat=True)) == {t.pk for t in teams}
    assert_kept_equals_rebuilt(season)


def test_figures_that_drifted_are_found_and_rebuilt_by_rescore(club, organizer, profile, roster):
    season = season_of(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    finish(Game.objects.get(table__round=services.round_seat(night=night, by=organizer)), organizer, 0)
    kept = figures_snapshot(season.pk)
    Figures.objects.filter(season=season, night__isnull=True).update(points_for=7)
    assert len(figures_differences()) == 4
    call_command("rescore")
    assert figures_snapshot(season.pk) == kept and figures_differences() == []


def test_rows_written_without_figures_are_summed_before_the_standings_read(club, organizer, profile, roster):
    season = season_of(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    finish(Game.objects.get(table__round=services.round_seat(night=night, by=organizer)), organizer, 0)
    assert [r.row.points_for for r in standings(season).rows] == [1550, 1550, 0, 0]
    Result.objects.filter(season=season, points_for=1550).update(points_for=1600)  # no service: no figures kept
    assert Season.objects.get(pk=season.pk).results_version.startswith(STALE)  # marked by the database's trigger
    assert [r.row.points_for for r in standings(season).rows] == [1600, 1600, 0, 0]
    assert figures_snapshot(season.pk) == rebuilt(season.pk)
    assert not Season.objects.get(pk=season.pk).results_version.startswith(STALE)


def test_a_cascade_and_a_bulk_write_mark_the_seasons_results_stale(club, organizer, profile, roster):
    season = season_of(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    finish(Game.objects.get(table__round=services.round_seat(night=night, by=organizer)), organizer, 0)
    fresh = Season.objects.get(pk=season.pk).results_version
    assert not fresh.startswith(STALE)
    Result.objects.bulk_create([Result(season=season, night=night, bye=True, player=roster[5], points_for=900)])
    stale = Season.objects.get(pk=season.pk).results_version
    assert stale.startswith(STALE) and len(stale) == 29
    assert [r.row.points_for for r in standings(season).rows] == [1550, 1550, 900, 0, 0]
    Night.objects.filter(pk=night.pk).delete()  # the rows go by the cascade
    again = Season.objects.get(pk=season.pk).results_version
    assert again.startswith(STALE) and again != stale
    assert standings(season).rows == ()


def test_rebuild_replaces_every_figure_of_the_season(club, organizer, profile, roster):
    season = season_of(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    finish(Game.objects.get(table__round=services.round_seat(night=night, by=organizer)), organizer, 0)
    before = figures_snapshot(season.pk)
    figures_rebuild(season.pk)
    assert figures_snapshot(season.pk) == before and Figures.objects.filter(season=season).count() == 8


def assert_awards_kept(season):
    """The kept awards' inputs equal the rebuilt ones, and the awards read from
    them equal the awards folded from every hand and result of the season."""
    assert figures_differences() == []
    assert kept_award_lines(season) == award_lines(season_rows(season))


def test_kept_awards_equal_the_awards_of_every_hand_after_each_kind_of_write(club, organizer, profile, roster):
    season = season_of(club, profile)
    four = roster[:4]
    a = seated(partnership_game(season, organizer, four, D(2026, 10, 9)), four)  # N–S P00 P02, E–W P01 P03
    services.entry_record(game=a, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert GameFigures.objects.filter(season=season).count() == 0  # not finished: no awards yet
    services.entry_record(game=a, by=organizer, inputs=PinochleHandInput(**played(1, 1300, (0, 1300), (0, 250))))
    assert_awards_kept(season)
    b = seated(partnership_game(season, organizer, four, D(2026, 10, 16)), four)
    finish(b, organizer, 0, bid=1400)
    assert_awards_kept(season)
    assert {x.key: x.value for x in kept_award_lines(season)} == {
        "highest_hand": "+1650 on hand 1", "best_bid": "1400 on hand 1", "comeback": "won from 180 points behind",
        "most_bids": "2 bids made", "winning_run": "1 game won in a row"}  # P00 bid on A's hand 1 and B's
    c = seated(partnership_game(season, organizer, four, D(2026, 10, 2)), four)  # an earlier night, finished last
    finish(c, organizer, 1)
    assert_awards_kept(season)
    services.entry_update(hand=b.hands.get(number=1), by=organizer,
                          inputs=PinochleHandInput(**played(1, 1300, (0, 1300), (0, 250))))  # the other side wins
    assert_awards_kept(season)
    services.entry_delete(hand=a.hands.get(number=1), by=organizer)  # still finished, no comeback left
    assert_awards_kept(season)
    assert "comeback" not in {x.key for x in kept_award_lines(season)}
    services.entry_update(hand=c.hands.get(number=1), by=organizer,
                          inputs=PinochleHandInput(**played(1, 300, (0, 100), (0, 250))))  # reopened
    assert not GameFigures.objects.filter(game=c).exists()
    assert_awards_kept(season)
    Game.objects.filter(pk=b.pk).delete()  # a cascade: rows gone without the services
    standings(season)  # a read derives the figures again
    assert_awards_kept(season)


def test_fixed_partnership_awards_are_the_teams(club, organizer, profile, roster):
    season = season_of(club, profile, format=LeagueFormat.FIXED)
    teams = [services.team_create(season=season, player_a=roster[i], player_b=roster[i + 1]) for i in (0, 2)]
    for date in (D(2026, 10, 2), D(2026, 10, 9)):
        night = services.night_create(season=season, date=date, rounds=1)
        services.night_check_in(night=night, teams=teams)
        finish(Game.objects.get(table__round=services.round_seat(night=night, by=organizer)), organizer, 0)
    assert_awards_kept(season)
    assert Figures.objects.get(season=season, night__isnull=True, run=2).team_id in {t.pk for t in teams}
    ranked = standings(season).rows
    race = season_race(season, ranked)  # the teams' kept points, night by night
    assert [values for _name, values in race.series] == [[1550, 3100], [0, 0]]


def test_best_n_nights_ranks_on_each_nights_points_read_from_the_figures(club, organizer, profile, roster):
    season = season_of(club, profile)
    season.precedence = ["best_n:1", "points"]
    season.save(update_fields=["precedence"])
    for date, side in ((D(2026, 10, 2), 0), (D(2026, 10, 9), 1)):
        game = seated(partnership_game(season, organizer, roster[:4], date), roster[:4])
        finish(game, organizer, side, bid=1300 + 100 * side)
    names = entrant_names(season)
    from_results = {r.entrant: r for r in standing_rows_from_results(season, None, names)}
    rows = {r.row.entrant: r.row for r in standings(season).rows}
    assert {e: r.night_points for e, r in rows.items()} == {e: r.night_points for e, r in from_results.items()}
    assert sorted(r.best_nights(1) for r in rows.values()) == [1550, 1550, 1650, 1650]


def test_a_deleted_entry_is_out_of_the_results_and_the_game_figures(club, organizer, profile, roster):
    season = season_of(club, profile)
    game = seated(partnership_game(season, organizer, roster[:4], D(2026, 10, 9)), roster[:4])
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 1300, (0, 1300), (0, 250))))
    services.entry_delete(hand=game.hands.get(number=1), by=organizer)
    assert dict(Result.objects.filter(game=game).values_list("player_id", "meld")) == {
        roster[0].pk: 0, roster[2].pk: 0, roster[1].pk: 1300, roster[3].pk: 1300}
    assert game_differences(Game.objects.get(pk=game.pk)) == []
    assert GameFigures.objects.filter(game=game).values_list("high_points", "high_hand", "comeback").get() == (
        1550, 1, 0)


def test_a_result_rewritten_the_same_reads_no_entrants_season(club, organizer, profile, roster):
    """The awards (wins, bids made) and the best hand are read again from the
    entrants' season only when the rewrite could change them."""
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from league.services.results import results_sync

    season = season_of(club, profile)
    night = services.night_create(season=season, date=D(2026, 10, 2), rounds=1)
    services.night_check_in(night=night, players=roster[:4])
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer))
    finish(game, organizer, 0)
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        results_sync(game)
    season_reads = [q["sql"] for q in queries if 'FROM "league_result"' in q["sql"]
                    and '"league_result"."player_id" IN' in q["sql"]]
    assert season_reads == []
    assert_kept_equals_rebuilt(season)
