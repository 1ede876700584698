"""League standings (docs/rules.md §7): aggregation, metrics, precedence and ties."""
import pytest

from scoring.errors import ScoringError
from scoring.messages import Message
from scoring.standings import (
    METRICS,
    GameRecord,
    Metric,
    RankedRow,
    StandingRow,
    StandingsError,
    aggregate,
    rank,
)


def row(entrant, h2h=(), nights=(), **stats):
    return StandingRow(
        entrant=entrant,
        head_to_head=tuple(h2h),
        night_points=tuple(enumerate(nights, start=1)),
        **stats,
    )


def table(ranked):
    """The standing as (label, entrant, split_by) triples."""
    return [(r.rank_label, r.entrant, r.split_by) for r in ranked]


def beat(*games):
    """Head-to-head data from (winner, loser) pairs: entrant -> ((opponent, wins), ...)."""
    data = {}
    for winner, loser in games:
        data.setdefault(winner, {}).setdefault(loser, 0)
        data[winner][loser] += 1
        data.setdefault(loser, {}).setdefault(winner, 0)
    return {e: tuple(sorted(d.items())) for e, d in data.items()}


RANK_CASES = [
    pytest.param(
        [row("A", points_for=300), row("B", points_for=500), row("C", points_for=400)],
        ["points"],
        [("1", "B", None), ("2", "C", None), ("3", "A", None)],
        id="points: most points first, no ties",
    ),
    pytest.param(
        [row("A", points_for=100), row("B", points_for=90), row("C", points_for=90),
         row("D", points_for=80)],
        ["points"],
        [("1", "A", None), ("=2", "B", None), ("=2", "C", None), ("4", "D", None)],
        id="tie after whole precedence: 1, =2, =2, 4 (competition ranking)",
    ),
    pytest.param(
        [row("A", points_for=90, wins=2), row("B", points_for=90, wins=3),
         row("C", points_for=95, wins=1)],
        ["points", "wins"],
        [("1", "C", None), ("2", "B", None), ("3", "A", "wins")],
        id="level on points (1st), split by wins (2nd)",
    ),
    pytest.param(
        [row("A", wins=3, points_for=500, points_against=300),
         row("B", wins=3, points_for=500, points_against=200),
         row("C", wins=3, points_for=510)],
        ["wins", "points", "differential"],
        [("1", "C", None), ("2", "B", "points"), ("3", "A", "differential")],
        id="level on wins and points, split by differential (3rd)",
    ),
    pytest.param(
        [row("A", wins=3, points_for=500, points_against=300),
         row("B", wins=3, points_for=500, points_against=300),
         row("C", wins=3, points_for=500, points_against=250),
         row("D", wins=4)],
        ["wins", "points", "differential"],
        [("1", "D", None), ("2", "C", None), ("=3", "A", "differential"), ("=3", "B", None)],
        id="level at every level of the precedence: share the rank",
    ),
    pytest.param(
        [row("A", points_against=400), row("B", points_against=350),
         row("C", points_against=500)],
        ["points_against"],
        [("1", "B", None), ("2", "A", None), ("3", "C", None)],
        id="points_against: lower is better",
    ),
    pytest.param(
        [row("A", wins=5, points_against=400), row("B", wins=5, points_against=350),
         row("C", wins=6, points_against=900)],
        ["wins", "points_against"],
        [("1", "C", None), ("2", "B", None), ("3", "A", "points_against")],
        id="level on wins, fewer points against splits",
    ),
    pytest.param(
        [row("A", games=4, wins=3), row("B", games=3, wins=2), row("C", games=2, wins=2)],
        ["win_pct"],
        [("1", "C", None), ("2", "A", None), ("3", "B", None)],
        id="win_pct: 2/2 > 3/4 > 2/3",
    ),
    pytest.param(
        [row("A", games=4, wins=2), row("B", games=2, wins=1, points_for=10)],
        ["win_pct", "points"],
        [("1", "B", None), ("2", "A", "points")],
        id="win_pct: 2/4 equals 1/2, points split",
    ),
    pytest.param(
        [row("A", bids_taken=4, bids_made=3), row("B", bids_taken=5, bids_made=4),
         row("C")],
        ["bids_made_pct"],
        [("1", "B", None), ("2", "A", None), ("3", "C", None)],
        id="bids_made_pct: 4/5 > 3/4 > no bids taken (0)",
    ),
    pytest.param(
        [row("A", game_points=10, wins=5, spread=40),
         row("B", game_points=10, wins=5, spread=55),
         row("C", game_points=11, wins=4, spread=-20)],
        ["game_points", "wins", "spread"],
        [("1", "C", None), ("2", "B", None), ("3", "A", "spread")],
        id="cribbage default: game points, games won, spread",
    ),
    pytest.param(
        [row("A", game_points=10, skunks_given=2, skunks_taken=1),
         row("B", game_points=10, skunks_given=2, skunks_taken=0),
         row("C", game_points=10, skunks_given=3, skunks_taken=4),
         row("D", game_points=12, skunks_given=0, skunks_taken=5)],
        ["game_points", "skunks_given", "skunks_taken"],
        [("1", "D", None), ("2", "C", None), ("3", "B", "skunks_given"), ("4", "A", "skunks_taken")],
        id="skunks given: more is better; skunks taken: fewer is better",
    ),
    pytest.param(
        [row("A", nights=[10, 10, 10]), row("B", nights=[50, 50]), row("C", nights=[1])],
        ["nights", "points"],
        [("1", "A", None), ("2", "B", None), ("3", "C", None)],
        id="nights: more nights attended first",
    ),
    pytest.param(
        [row("A", points_for=100, nights=[10, 50, 40]),
         row("B", points_for=80, nights=[60, 20]),
         row("C", points_for=135, nights=[44, 45, 46])],
        ["best_n:2"],
        [("1", "C", None), ("2", "A", None), ("3", "B", None)],
        id="best_n:2: sum of best two nights 91 > 90 > 80",
    ),
    pytest.param(
        [row("A", points_for=100, nights=[10, 50, 40]),
         row("B", points_for=110, nights=[60, 30, 20])],
        ["best_n:1", "points"],
        [("1", "B", None), ("2", "A", None)],
        id="best_n:1: best single night 60 > 50",
    ),
    pytest.param(
        [row("A", points_for=100, nights=[10, 50, 40]),
         row("B", points_for=110, nights=[60, 30, 20])],
        ["best_n:2", "points"],
        [("1", "B", None), ("2", "A", "points")],
        id="best_n:2: both 90, total points split",
    ),
    pytest.param(
        [row("A", points_for=100, nights=[100]), row("B", points_for=120, nights=[60, 60])],
        ["best_n:6"],
        [("1", "B", None), ("2", "A", None)],
        id="best_n:6 with fewer nights attended: sum of all nights",
    ),
]


@pytest.mark.parametrize("rows, precedence, expected", RANK_CASES)
def test_rank(rows, precedence, expected):
    assert table(rank(rows, precedence)) == expected


H2H_CASES = [
    pytest.param(
        ["A", "B", "C"],
        {"A": 5, "B": 5, "C": 6},
        [("A", "B"), ("A", "B"), ("B", "A"), ("C", "A")],
        [("1", "C", None), ("2", "A", None), ("3", "B", "head_to_head")],
        id="two-way tie on wins: A beat B 2-1, head-to-head splits",
    ),
    pytest.param(
        ["A", "B", "C"],
        {"A": 5, "B": 5, "C": 5},
        [("A", "B"), ("B", "C"), ("C", "A")],
        [("=1", "A", None), ("=1", "B", None), ("=1", "C", None)],
        id="three-way cycle, each beat another once: stays tied =1 =1 =1",
    ),
    pytest.param(
        ["A", "B", "C", "D"],
        {"A": 5, "B": 5, "C": 5, "D": 5},
        [("A", "B"), ("B", "C"), ("C", "A"), ("D", "A"), ("D", "B"), ("D", "C")],
        [("1", "D", None), ("=2", "A", "head_to_head"), ("=2", "B", None),
         ("=2", "C", None)],
        id="four tied: D beat all three, the other three cycle and stay tied",
    ),
    pytest.param(
        ["A", "B", "C"],
        {"A": 5, "B": 5, "C": 5},
        [("A", "B"), ("A", "C")],
        [("1", "A", None), ("=2", "B", "head_to_head"), ("=2", "C", None)],
        id="A beat both, B and C never met: A first, B and C stay tied",
    ),
    pytest.param(
        ["A", "B", "C", "D"],
        {"A": 5, "B": 5, "C": 5, "D": 5},
        [("A", "D"), ("A", "B"), ("B", "C"), ("C", "D")],
        [("1", "A", None), ("2", "B", "head_to_head"), ("3", "C", "head_to_head"),
         ("4", "D", "head_to_head")],
        id="head-to-head re-applied: B and C level at 1 win, B beat C",
    ),
    pytest.param(
        ["A", "B"],
        {"A": 5, "B": 5},
        [("A", "C"), ("A", "D"), ("B", "A")],
        [("1", "B", None), ("2", "A", "head_to_head")],
        id="head-to-head counts only games between the tied rows",
    ),
    pytest.param(
        ["A", "B", "C"],
        {"A": 5, "B": 5, "C": 4},
        [("C", "A"), ("C", "B"), ("A", "B")],
        [("1", "A", None), ("2", "B", "head_to_head"), ("3", "C", None)],
        id="head-to-head ignores wins over a row not tied (C beat both)",
    ),
]


@pytest.mark.parametrize("entrants, wins, games, expected", H2H_CASES)
def test_head_to_head(entrants, wins, games, expected):
    h2h = beat(*games)
    rows = [row(e, wins=wins[e], h2h=h2h.get(e, ())) for e in entrants]
    assert table(rank(rows, ["wins", "head_to_head"])) == expected


def test_head_to_head_split_by_names_the_metric():
    h2h = beat(("A", "B"), ("A", "B"), ("B", "A"))
    rows = [row("A", wins=5, h2h=h2h["A"]), row("B", wins=5, h2h=h2h["B"])]
    ranked = rank(rows, ["wins", "head_to_head", "points"])
    assert table(ranked) == [("1", "A", None), ("2", "B", "head_to_head")]
    assert ranked[1].split_by_label == "head-to-head"
    assert ranked[0].values == (5, 2, 0) and ranked[1].values == (5, 1, 0)


def test_three_way_cycle_then_points_split():
    h2h = beat(("A", "B"), ("B", "C"), ("C", "A"))
    rows = [row(e, wins=5, points_for=p, h2h=h2h[e]) for e, p in zip("ABC", (10, 30, 20))]
    assert table(rank(rows, ["wins", "head_to_head", "points"])) == [
        ("1", "B", None), ("2", "C", "points"), ("3", "A", "points")]


def test_split_by_is_none_when_not_level_on_first_metric():
    rows = [row("A", points_for=90, wins=9), row("B", points_for=80, wins=9),
            row("C", points_for=80, wins=8)]
    ranked = rank(rows, ["points", "wins"])
    assert table(ranked) == [("1", "A", None), ("2", "B", None), ("3", "C", "wins")]
    assert ranked[2].split_by_label == "games won"
    assert ranked[0].split_by_label is None


def test_split_by_label_names_best_n_with_its_n():
    rows = [row("A", points_for=5, nights=[1, 4]), row("B", points_for=5, nights=[5])]
    ranked = rank(rows, ["points", "best_n:1"])
    assert ranked[1].split_by == "best_n:1"
    assert ranked[1].split_by_label == "best 1 nights"
    assert ranked[1].split_by_label.template == "best %(n)s nights"


def test_tied_rows_listed_by_name_then_entrant():
    rows = [StandingRow(3, name="zed"), StandingRow(1, name="Amy"), StandingRow(2, name="bob"),
            StandingRow(10), StandingRow(9)]
    ranked = rank(rows, ["points"])
    assert [r.entrant for r in ranked] == [9, 10, 1, 2, 3]
    assert {r.rank_label for r in ranked} == {"=1"}
    assert all(r.tied for r in ranked)


def test_rank_of_no_rows_is_empty():
    assert rank([], ["points"]) == ()


def test_single_row_is_rank_1_not_tied():
    (only,) = rank([row("A")], ["points"])
    assert (only.rank, only.tied, only.rank_label, only.split_by) == (1, False, "1", None)


def test_values_show_points_against_as_entered():
    ranked = rank([row("A", points_against=300)], ["points_against", "win_pct"])
    assert ranked[0].values == (300, 0.0)


@pytest.mark.parametrize("precedence, message", [
    pytest.param(["points", "goals"],
                 "unknown metric 'goals'; valid metrics are points, wins, win_pct, "
                 "points_against, differential, game_points, spread, skunks_given, "
                 "skunks_taken, bids_made_pct, nights, best_n:N, head_to_head, rating, handicapped",
                 id="unknown metric: error lists valid keys"),
    pytest.param(["best_n"], "best_n needs a whole number of at least 1 after a colon, "
                 "e.g. best_n:6", id="best_n without N"),
    pytest.param(["best_n:0"], "best_n needs a whole number of at least 1 after a colon, "
                 "e.g. best_n:6", id="best_n:0"),
    pytest.param(["best_n:x"], "best_n needs a whole number of at least 1 after a colon, "
                 "e.g. best_n:6", id="best_n:x"),
    pytest.param(["wins:3"], "wins takes no parameter; write wins", id="parameter on wins"),
    pytest.param(["wins", "points", "wins"],
                 "wins appears twice in the precedence; list each metric once",
                 id="metric listed twice"),
    pytest.param([], "precedence must list at least one metric; valid metrics are points, "
                 "wins, win_pct, points_against, differential, game_points, spread, "
                 "skunks_given, skunks_taken, bids_made_pct, nights, best_n:N, head_to_head, rating, handicapped",
                 id="empty precedence"),
    pytest.param("points", "precedence must be a list of metric keys, e.g. ['points', "
                 "'wins']; valid metrics are points, wins, win_pct, points_against, "
                 "differential, game_points, spread, skunks_given, skunks_taken, "
                 "bids_made_pct, nights, best_n:N, head_to_head, rating, handicapped", id="a string, not a list"),
])
def test_invalid_precedence(precedence, message):
    with pytest.raises(StandingsError) as err:
        rank([row("A")], precedence)
    assert isinstance(err.value, ScoringError)
    assert err.value.field == "precedence"
    assert str(err.value.message) == message
    assert isinstance(err.value.message, Message)


def test_unknown_metric_message_is_translatable():
    with pytest.raises(StandingsError) as err:
        rank([], ["goals"])
    assert err.value.message.template == "unknown metric %(key)s; valid metrics are %(valid)s"
    assert err.value.message.params["key"] == "'goals'"


def test_entrant_listed_twice():
    with pytest.raises(StandingsError) as err:
        rank([row("A"), row("A")], ["points"])
    assert err.value.field == "rows"
    assert str(err.value) == "A appears twice; each entrant has one row"


def test_metrics_registered_by_key():
    assert list(METRICS) == ["points", "wins", "win_pct", "points_against", "differential",
                             "game_points", "spread", "skunks_given", "skunks_taken",
                             "bids_made_pct", "nights", "best_n", "head_to_head", "rating",
                             "handicapped"]
    assert all(isinstance(m, Metric) and m.key == k for k, m in METRICS.items())
    assert METRICS["points_against"].higher_is_better is False
    assert METRICS["skunks_given"].higher_is_better is True
    assert METRICS["skunks_taken"].higher_is_better is False
    assert str(METRICS["skunks_given"].label) == "skunks given"
    assert str(METRICS["skunks_taken"].label) == "skunks taken"
    assert METRICS["skunks_given"].value(row("A", skunks_given=3, skunks_taken=1)) == 3
    assert METRICS["skunks_taken"].value(row("A", skunks_given=3, skunks_taken=1)) == 1
    assert METRICS["points"].value(row("A", points_for=7)) == 7
    assert METRICS["best_n"].value(row("A", nights=[3, 9, 5]), 2) == 14
    assert isinstance(METRICS["wins"].label, Message)


# --- aggregate -----------------------------------------------------------------------

def rec(entrant, game, night, pf, pa, won, taken=0, made=0, gp=0, margin=0, opp=()):
    return GameRecord(entrant, game, night, pf, pa, won, taken, made, gp, margin, tuple(opp))


RECORDS = [
    rec("A", 1, "n1", 520, 310, True, 3, 2, 2, 210, ["B"]),
    rec("B", 1, "n1", 310, 520, False, 2, 1, 0, -210, ["A"]),
    rec("A", 2, "n1", 400, 500, False, 1, 0, 0, -100, ["C"]),
    rec("C", 2, "n1", 500, 400, True, 2, 2, 3, 100, ["A"]),
    rec("A", 3, "n2", 500, 480, True, 2, 2, 2, 20, ["B"]),
    rec("B", 3, "n2", 480, 500, False, 1, 1, 0, -20, ["A"]),
]


def test_aggregate_totals_for_one_entrant():
    rows = {r.entrant: r for r in aggregate(RECORDS)}
    a = rows["A"]
    assert (a.games, a.wins, a.losses) == (3, 2, 1)
    assert (a.points_for, a.points_against, a.differential) == (1420, 1290, 130)
    assert a.win_pct == 2 / 3
    assert (a.bids_taken, a.bids_made, a.bids_made_pct) == (6, 4, 4 / 6)
    assert (a.game_points, a.spread) == (4, 130)
    assert a.nights == 2
    assert a.night_points == (("n1", 920), ("n2", 500))
    assert a.best_nights(1) == 920
    assert a.head_to_head == (("B", 2), ("C", 0))
    assert (a.wins_against("B"), a.wins_against("C"), a.wins_against("Z")) == (2, 0, 0)


def test_aggregate_sums_skunks_given_and_taken():
    records = [
        GameRecord("A", 1, "n1", 121, 88, True, game_points=3, margin=33, skunks_given=1),
        GameRecord("B", 1, "n1", 88, 121, False, margin=-33, skunks_taken=1),
        GameRecord("A", 2, "n1", 121, 50, True, game_points=4, margin=71, skunks_given=1),
        GameRecord("C", 2, "n1", 50, 121, False, margin=-71, skunks_taken=1),
        GameRecord("A", 3, "n2", 95, 121, False, margin=-26),
        GameRecord("B", 3, "n2", 121, 95, True, game_points=2, margin=26),
        GameRecord("B", 4, "n2", 80, 121, False, margin=-41, skunks_taken=1),
        GameRecord("C", 4, "n2", 121, 80, True, game_points=3, margin=41, skunks_given=1),
    ]
    rows = {r.entrant: r for r in aggregate(records)}
    assert {e: (r.games, r.game_points, r.spread, r.skunks_given, r.skunks_taken) for e, r in rows.items()} == {
        "A": (3, 7, 78, 2, 0), "B": (3, 2, -48, 0, 2), "C": (2, 3, -30, 1, 1)}
    assert StandingRow("Z").skunks_given == StandingRow("Z").skunks_taken == 0
    assert rec("A", 1, "n1", 1, 0, True).skunks_given == 0
    ranked = rank(rows.values(), ["skunks_taken", "skunks_given"])
    assert [(r.rank_label, r.entrant, r.values) for r in ranked] == [
        ("1", "A", (0, 2)), ("2", "C", (1, 1)), ("3", "B", (2, 0))]


def test_aggregate_one_row_per_entrant_in_entrant_order():
    rows = aggregate(reversed(RECORDS), names={"A": "Ann"})
    assert [r.entrant for r in rows] == ["A", "B", "C"]
    assert rows[0].name == "Ann" and rows[1].name == ""
    assert rows == aggregate(RECORDS, names={"A": "Ann"})


def test_aggregate_then_rank():
    ranked = rank(aggregate(RECORDS), ["wins", "head_to_head", "points"])
    assert table(ranked) == [("1", "A", None), ("2", "C", None), ("3", "B", None)]


def test_aggregate_rejects_second_result_for_same_game():
    with pytest.raises(StandingsError) as err:
        aggregate([RECORDS[0], RECORDS[0]])
    assert err.value.field == "records"
    assert str(err.value) == "A has two results for game 1; each entrant has one result per game"


def test_aggregate_rejects_more_bids_made_than_taken():
    with pytest.raises(StandingsError) as err:
        aggregate([rec("A", 1, 1, 0, 0, True, taken=1, made=2)])
    assert err.value.field == "records"
    assert str(err.value) == (
        "A made 2 bids of 1 taken in game 1; bids made must be between 0 and bids taken")


def test_ranked_row_exposes_its_row():
    r = StandingRow("A", wins=1)
    (ranked,) = rank([r], ["wins"])
    assert isinstance(ranked, RankedRow)
    assert ranked.row is r and ranked.entrant == "A"
