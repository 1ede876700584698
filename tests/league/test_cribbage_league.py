"""An individual cribbage league (docs/rules.md, "Cribbage", "These games in leagues"): players seated two to a
table, no repeat opponent in a night, results with game points and spread,
standings by game points, then games won, then spread."""
import datetime
import re
from itertools import combinations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league import services
from league.models import ChangeLog, Game, GameSeat, Result, RuleProfile
from league.selectors.standings import standings
from league.games.cribbage.inputs import CribbageDealInput
from league.services.workflow import entry_update

from .test_cribbage_services import PONE_OUT, TO_100_112, play, skunk_deals, totals

D = datetime.date
SEAT_0_WINS = {88: skunk_deals(88), 95: skunk_deals(95), 50: skunk_deals(50)}  # 121 : 88, 95, 50
SEAT_1_WINS = TO_100_112 + [PONE_OUT]  # 102 : 121


@pytest.fixture
def six(club, players):
    return {p.name: p for p in players + [services.player_get_or_create(club=club, name=n) for n in ("Eve", "Fay")]}


def cribbage_season(club, options=None, **league_kw):
    profile = RuleProfile.objects.create(club=club, name="Crib", game_type="cribbage", options=options or {})
    league = services.league_create(club=club, name="Cribbage", rule_profile=profile, format="individual",
                                    is_public=True, **league_kw)
    return services.season_create(league=league, name="Winter", starts_on=D(2026, 1, 1), ends_on=D(2026, 3, 31))


def tables(rnd):
    """{table number: (seat 0 player, seat 1 player)} of a seated round."""
    out = {}
    for game in Game.objects.filter(table__round=rnd).select_related("table").prefetch_related("seats__player"):
        out[game.table.number] = tuple(s.player.name for s in sorted(game.seats.all(), key=lambda s: s.seat))
    return out


def arrange(rnd, pairs, six):
    """Swap seats (as an organizer may before play) so table i seats ``pairs[i - 1]``."""
    for t, pair in enumerate(pairs, start=1):
        for s, name in enumerate(pair):
            where = GameSeat.objects.select_related("game__table").get(game__table__round=rnd, player=six[name])
            if (where.game.table.number, where.seat) != (t, s):
                services.round_swap_seats(round=rnd, first=(t, s), second=(where.game.table.number, where.seat))
    assert tables(rnd) == dict(enumerate(pairs, start=1))


def test_individual_leagues_are_for_cribbage_and_three_handed_only(club):
    pinochle = RuleProfile.objects.create(club=club, name="Pinochle", options={})
    with pytest.raises(ValidationError) as e:
        services.league_create(club=club, name="P", rule_profile=pinochle, format="individual")
    assert e.value.message_dict == {"format": ["The individual format is for cribbage and three-handed Pinochle; "
                                               "choose fixed partnerships or progressive."]}
    crib = RuleProfile.objects.create(club=club, name="Crib", game_type="cribbage", options={})
    with pytest.raises(ValidationError) as e:
        services.league_create(club=club, name="C", rule_profile=crib, format="progressive")
    assert e.value.message_dict == {"format": ["Cribbage is played one against one: choose the individual format."]}


def test_a_cribbage_season_ranks_by_game_points_then_wins_then_spread(club):
    assert cribbage_season(club).precedence == ["game_points", "wins", "spread"]


def test_a_night_of_six_seats_pairs_for_two_rounds_without_repeat_opponents(club, organizer, six):
    season = cribbage_season(club)
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=2)
    services.night_check_in(night=night, players=list(six.values()))
    met = set()
    for _ in range(2):
        rnd = services.round_seat(night=night, by=organizer)
        seated = tables(rnd)
        assert len(seated) == 3 and sorted(n for pair in seated.values() for n in pair) == sorted(six)
        pairs = {frozenset(pair) for pair in seated.values()}
        assert not pairs & met
        met |= pairs
        games = Game.objects.filter(table__round=rnd)
        assert {(g.game_type, g.rules["target"], g.first_dealer) for g in games} == {("cribbage", 121, rnd.number - 1)}


def test_cribbage_games_are_played_to_the_target(club, organizer, six):
    night = services.night_create(season=cribbage_season(club), date=D(2026, 1, 8), rounds=2)
    services.night_check_in(night=night, players=list(six.values()))
    with pytest.raises(ValidationError) as e:
        services.round_seat(night=night, by=organizer, hand_limit=8)
    assert e.value.message_dict == {"hand_limit": ["Cribbage games are played to the target; leave hands per round "
                                                   "empty."]}


def test_five_players_one_sits_out_each_round(club, organizer, six):
    night = services.night_create(season=cribbage_season(club), date=D(2026, 1, 8), rounds=2)
    services.night_check_in(night=night, players=[six[n] for n in ("Ann", "Bo", "Cy", "Di", "Eve")])
    out = []
    for _ in range(2):
        rnd = services.round_seat(night=night, by=organizer)
        assert len(tables(rnd)) == 2 and len(rnd.sitting_out) == 1
        out += rnd.sitting_out
    assert len(set(out)) == 2  # nobody sits out twice while others have not


# Round 1: Ann beats Bo 121-88 (skunk), Cy beats Di 121-95, Eve beats Fay 121-50 (double skunk: 4 in this variant).
# Round 2: Cy beats Ann 121-102, Bo beats Eve 121-95, Di beats Fay 121-88 (skunk).
ROUND_1 = [(("Ann", "Bo"), SEAT_0_WINS[88]), (("Cy", "Di"), SEAT_0_WINS[95]), (("Eve", "Fay"), SEAT_0_WINS[50])]
ROUND_2 = [(("Ann", "Cy"), SEAT_1_WINS), (("Bo", "Eve"), SEAT_0_WINS[95]), (("Di", "Fay"), SEAT_0_WINS[88])]
# name, rank, game points, wins, spread, the metric that split it from the row above
STANDINGS = [
    ("Cy", "1", 4, 2, 26 + 19, None),
    ("Eve", "2", 4, 1, 71 - 26, "wins"),       # level with Cy on game points and spread: wins split them
    ("Ann", "3", 3, 1, 33 - 19, None),
    ("Di", "4", 3, 1, -26 + 33, "spread"),     # level with Ann on game points and wins
    ("Bo", "5", 2, 1, -33 + 26, None),
    ("Fay", "6", 0, 0, -71 - 33, None),
]


def play_night(club, organizer, six):
    season = cribbage_season(club, {"game_points": "double_skunk"})
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=2)
    services.night_check_in(night=night, players=list(six.values()))
    for plan in (ROUND_1, ROUND_2):
        rnd = services.round_seat(night=night, by=organizer)
        arrange(rnd, [pair for pair, _deals in plan], six)
        for t, (_pair, deals) in enumerate(plan, start=1):
            # seat 1 cuts for the first deal in round 2; the sheet says seat 0 dealt first here
            deals = [dict(d, dealer=i % 2) for i, d in enumerate(deals)]
            play(Game.objects.get(table__round=rnd, table__number=t), organizer, deals)
    return season, night


def test_standings_order_game_points_then_wins_then_spread(club, organizer, six):
    season, night = play_night(club, organizer, six)
    assert Game.objects.filter(table__round__night=night, status=Game.Status.FINISHED).count() == 6
    assert Result.objects.filter(night=night).count() == 12
    result = standings(season)
    assert [(r.row.name, r.rank_label, r.row.game_points, r.row.wins, r.row.spread, r.split_by)
            for r in result.rows] == STANDINGS
    assert sum(r.row.spread for r in result.rows) == 0


def test_the_season_page_shows_game_points_and_spread(client, club, organizer, six):
    season, _night = play_night(club, organizer, six)
    league = season.league
    html = client.get(reverse("league:season", args=[club.slug, league.slug, season.pk])).content.decode()
    assert "Ranked by: game points, games won, spread." in html
    rows = re.findall(r'<tr data-testid="standing-row"><td>(.*?)</td>\s*<td><a[^>]*>(.*?)</a></td>\s*'
                      r'<td>(\d+)</td><td>(\d+)</td><td data-testid="game-points">(\d+)</td>\s*'
                      r'<td data-testid="spread">(.*?)</td>', html)
    assert rows == [(rank, name, "2", str(wins), str(points), f"{spread:+d}")
                    for name, rank, points, wins, spread, _split in STANDINGS]
    assert "Eve (2) was level on the first metric with the row above; games won split them." in html


def test_a_locked_night_changes_only_with_an_organizers_reason(club, organizer, six):
    season, night = play_night(club, organizer, six)
    services.night_lock(night=night, by=organizer)
    game = Game.objects.get(table__round__night=night, table__round__number=1, table__number=1)
    hand = game.hands.get(number=1)
    with pytest.raises(ValidationError) as e:
        entry_update(hand=hand, by=organizer, inputs=CribbageDealInput(crib=12))
    assert e.value.message_dict == {"reason": ["The night is locked: give a reason for this change."]}
    entry_update(hand=hand, by=organizer, reason="crib was 12, not 10", inputs=CribbageDealInput(crib=12))
    assert totals(game) == (121, 88)  # two more for Ann, who still pegs out in the last deal and stops in the hole
    assert list(Result.objects.filter(game=game).order_by("side").values_list("game_points", "margin")) == [
        (3, 33), (0, -33)]
    log = ChangeLog.objects.get()
    assert (log.reason, log.summary, log.game_id) == ("crib was 12, not 10", "deal 1 edited", game.pk)


def test_league_night_and_player_pages_link_to_the_cribbage_boards(client, club, organizer, six):
    season, night = play_night(club, organizer, six)
    league = season.league
    html = client.get(reverse("league:league", args=[club.slug, league.slug])).content.decode()
    assert "121 · win 2 · skunk 3, double skunk 4 · spread by margin" in html
    boards = {reverse("league:game", args=[g.public_id])
              for g in Game.objects.filter(table__round__night=night)}
    html = client.get(reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk])).content.decode()
    assert set(re.findall(r'class="table-card done" href="([^"]+)"', html)) == boards
    html = client.get(reverse("league:player", args=[club.slug, six["Cy"].pk]), {"season": season.pk}).content.decode()
    assert len(set(re.findall(r'href="(/g/[^"]+/)"', html)) & boards) == 2


# name: (skunks given, skunks taken) after play_night: Ann skunked Bo, Eve double-skunked Fay, Di skunked Fay.
SKUNKS = {"Cy": (0, 0), "Eve": (1, 0), "Ann": (1, 0), "Di": (1, 0), "Bo": (0, 1), "Fay": (0, 2)}


def test_standings_count_skunks_given_and_taken(club, organizer, six):
    season, night = play_night(club, organizer, six)
    rows = standings(season).rows
    assert {r.row.name: (r.row.skunks_given, r.row.skunks_taken) for r in rows} == SKUNKS
    assert [(r.row.name, r.values) for r in standings(season, night=night).rows] == [
        (name, (points, wins, spread)) for name, _rank, points, wins, spread, _split in STANDINGS]


def test_the_season_page_shows_skunks_given_and_taken(client, club, organizer, six):
    season, _night = play_night(club, organizer, six)
    html = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk])).content.decode()
    assert ">Skunks</th>" in html
    rows = re.findall(r'<tr data-testid="standing-row">.*?<a[^>]*>(.*?)</a>.*?<td data-testid="skunks">(.*?)</td>',
                      html, re.S)
    assert rows == [(name, "%d/%d" % SKUNKS[name]) for name, *_rest in STANDINGS]


def test_the_night_page_and_live_board_rank_by_game_points(client, club, organizer, six):
    season, night = play_night(club, organizer, six)
    args = [club.slug, season.league.slug, season.pk, night.pk]
    expected = [(rank, name, str(points)) for name, rank, points, *_rest in STANDINGS]
    page = client.get(reverse("league:night", args=args)).content.decode()
    mini = re.search(r'<ol class="mini-standings">(.*?)</ol>', page, re.S).group(1)
    assert re.findall(r'<li><b>(.*?)</b> (.*?) <span class="muted">(.*?)</span></li>', mini) == expected
    board = client.get(reverse("league:night_board", args=args), HTTP_HX_REQUEST="true").content.decode()
    mini = re.search(r'<ol class="mini-standings" data-testid="board-standings">(.*?)</ol>', board, re.S).group(1)
    assert re.findall(r'<li><b>(.*?)</b> (.*?) <span class="num">(.*?)</span></li>', mini) == expected


def seated_pairs(rnd):
    return {frozenset(pair) for pair in tables(rnd).values()}


@pytest.mark.parametrize("n", [7, 8])
def test_up_to_eight_players_play_a_round_robin(club, organizer, six, n):
    extra = [services.player_get_or_create(club=club, name=name) for name in ("Gus", "Hal")]
    field = (list(six.values()) + extra)[:n]
    night = services.night_create(season=cribbage_season(club), date=D(2026, 1, 8), rounds=7)
    services.night_check_in(night=night, players=field)
    met, out = [], []
    for _ in range(7):
        rnd = services.round_seat(night=night, by=organizer)
        met += seated_pairs(rnd)
        out += rnd.sitting_out
    # everyone meets everyone exactly once; with seven players each sits out once
    assert sorted(map(sorted, met)) == sorted(sorted(pair) for pair in combinations([p.name for p in field], 2))
    assert sorted(out) == (sorted(p.pk for p in field) if n % 2 else [])


TEN = ("Gus", "Hal", "Ivy", "Jo")


def test_more_than_eight_players_pair_swiss_by_game_points(club, organizer, six):
    field = six | {name: services.player_get_or_create(club=club, name=name) for name in TEN}
    night = services.night_create(season=cribbage_season(club), date=D(2026, 1, 8), rounds=2)
    services.night_check_in(night=night, players=list(field.values()))
    first = services.round_seat(night=night, by=organizer)
    # nobody has game points yet: neighbours in check-in (player) order
    assert tables(first) == {1: ("Ann", "Bo"), 2: ("Cy", "Di"), 3: ("Eve", "Fay"), 4: ("Gus", "Hal"),
                             5: ("Ivy", "Jo")}
    # Cy beats Di (2), Fay beats Eve (2), Gus skunks Hal (3), Jo beats Ivy (2); Ann and Bo are still playing
    for t, deals in ((2, SEAT_0_WINS[95]), (3, SEAT_1_WINS), (4, SEAT_0_WINS[88]), (5, SEAT_1_WINS)):
        play(Game.objects.get(table__round=first, table__number=t), organizer, deals)
    with CaptureQueriesContext(connection) as queries:
        second = services.round_seat(night=night, by=organizer)
    # ranked Gus 3, Cy 2, Fay 2, Jo 2, then Ann, Bo, Di, Eve, Hal, Ivy on 0; Ann met Bo tonight, so Ann
    # plays Di and Bo plays Eve
    assert tables(second) == {1: ("Gus", "Cy"), 2: ("Fay", "Jo"), 3: ("Ann", "Di"), 4: ("Bo", "Eve"),
                              5: ("Hal", "Ivy")}
    results = [q["sql"] for q in queries.captured_queries if '"league_result"' in q["sql"]]
    assert len(results) == 1 and "SUM(" in results[0]  # the season's game points: one aggregate query


def test_swiss_gives_the_bye_to_the_lowest_ranked(club, organizer, six):
    field = six | {name: services.player_get_or_create(club=club, name=name) for name in TEN[:3]}
    night = services.night_create(season=cribbage_season(club), date=D(2026, 1, 8), rounds=2)
    services.night_check_in(night=night, players=list(field.values()))
    first = services.round_seat(night=night, by=organizer)
    assert first.sitting_out == [field["Ivy"].pk]
    assert tables(first) == {1: ("Ann", "Bo"), 2: ("Cy", "Di"), 3: ("Eve", "Fay"), 4: ("Gus", "Hal")}
    play(Game.objects.get(table__round=first, table__number=1), organizer, SEAT_1_WINS)  # Bo beats Ann
    second = services.round_seat(night=night, by=organizer)
    # ranked Bo 2, then Ann, Cy, ..., Ivy on 0. Ivy has had tonight's first bye: Hal, the lowest-ranked
    # without one, sits out. Bo met Ann and Eve met Fay, so each swaps down one.
    assert second.sitting_out == [field["Hal"].pk]
    assert tables(second) == {1: ("Bo", "Cy"), 2: ("Ann", "Di"), 3: ("Eve", "Gus"), 4: ("Fay", "Ivy")}


def test_the_standings_csv_of_a_cribbage_league_has_game_points_spread_and_skunks(client, club, organizer, six):
    import csv
    import io

    season, _night = play_night(club, organizer, six)
    client.force_login(organizer)
    url = reverse("league:season", args=[club.slug, season.league.slug, season.pk]) + "?_export=csv&header=codes"
    rows = list(csv.DictReader(io.StringIO(b"".join(client.get(url).streaming_content).decode("utf-8-sig"))))
    ranked = standings(season).rows
    assert [(r["name"], r["games"], r["game points"], r["spread"], r["skunks given"], r["skunks taken"])
            for r in rows] == [(x.row.name, "2", str(x.row.game_points), str(x.row.spread),
                                str(x.row.skunks_given), str(x.row.skunks_taken)) for x in ranked]
    assert [(r["name"], r["game points"], r["spread"]) for r in rows] == [
        (name, str(points), str(spread)) for name, _rank, points, _wins, spread, _split in STANDINGS]


@pytest.mark.parametrize("language, note", [
    ("zh-hans", "胜局数"), ("zh-hant", "勝局數"), ("th", "ตัดสินด้วยเกมที่ชนะ"),
])
def test_the_standings_note_names_the_splitting_metric_in_the_readers_language(client, club, organizer, six,
                                                                            language, note):
    season, _night = play_night(club, organizer, six)
    league = season.league
    html = client.get(reverse("league:season", args=[club.slug, league.slug, season.pk]),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()
    notes = re.search(r'<ul class="split-notes small muted" data-testid="split-notes">(.*?)</ul>', html, re.S).group(1)
    assert note in notes and "games won" not in notes
