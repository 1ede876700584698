"""The rummy-style "Pinochle" with wild cards (docs/rules.md §3, the Thai text), as a list of rules."""
import json

import pytest

from scoring.errors import CardError, HandError, MeldError, RulesError
from scoring.messages import Message
from scoring.rummy import (
    GameEnd, Rescue, RoundEntry, RummyRules, card_value, cards_value, game_end, meld_factor, rescue_points,
    run_rounds, score_round,
)

DEFAULT = RummyRules()
E = RoundEntry


# Card values (the Thai text: wild 30, A 15, K…8 10, 7…3 5)


@pytest.mark.parametrize(
    "card, rules, value",
    [
        pytest.param("JK", DEFAULT, 30, id="joker is wild: 30"),
        pytest.param("2H", DEFAULT, 30, id="a deuce is wild: 30"),
        pytest.param("AS", DEFAULT, 15, id="ace 15"),
        pytest.param("KD", DEFAULT, 10, id="king 10"),
        pytest.param("QC", DEFAULT, 10, id="queen 10"),
        pytest.param("JH", DEFAULT, 10, id="jack 10 (default reading of the Thai text)"),
        pytest.param("JH", RummyRules(jack_value=15), 15, id="jack_value variant: 15"),
        pytest.param("10S", DEFAULT, 10, id="ten 10"),
        pytest.param("9C", DEFAULT, 10, id="nine 10"),
        pytest.param("8D", DEFAULT, 10, id="eight 10"),
        pytest.param("7H", DEFAULT, 5, id="seven 5"),
        pytest.param("3S", DEFAULT, 5, id="three 5"),
    ],
)
def test_card_value(card, rules, value):
    assert card_value(card, rules) == value


def test_cards_value_counts_a_hand():
    assert cards_value("JK 2H AS KD 7C") == 30 + 30 + 15 + 10 + 5 == 90
    assert cards_value(["joker", "5D", "5D"]) == 40


def test_cards_value_refuses_a_non_card():
    with pytest.raises(CardError) as caught:
        cards_value("AS 1S")
    assert (caught.value.field, str(caught.value)) == (
        "cards", "1S is not a card: write rank then suit (AS, 10H, 2C) or JK for a joker")


# How the team went out: ×1, ×2, ×4 on its melds (the Thai text, the three combinations)


@pytest.mark.parametrize(
    "entry, factor",
    [
        pytest.param(E(0, 100), 1, id="did not go out: x1"),
        pytest.param(E(0, 100, going_out=True), 1, id="went out with wilds: x1"),
        pytest.param(E(0, 100, going_out=True, without_wilds=True), 2, id="went out without wilds: x2"),
        pytest.param(E(0, 100, going_out=True, folded_hand=True), 2, id="folded the hand with wilds: x2"),
        pytest.param(E(0, 100, going_out=True, folded_hand=True, without_wilds=True), 4,
                     id="folded the hand without wilds: x4"),
    ],
)
def test_meld_factor(entry, factor):
    assert meld_factor(entry) == factor


@pytest.mark.parametrize(
    "rescue, rules, points",
    [
        pytest.param(Rescue("set", 1, "K"), DEFAULT, 30, id="set of K, one rescued: 30"),
        pytest.param(Rescue("set", 2, "K"), DEFAULT, 80, id="set of K, two rescued: 2x30 + 2x10 = 80"),
        pytest.param(Rescue("set", 3, "K"), DEFAULT, 110, id="set of K, three rescued: 3x30 + 2x10 = 110"),
        pytest.param(Rescue("set", 4, "K"), DEFAULT, 160, id="set of K, four rescued: 4x30 + 2x(2x10) = 160"),
        pytest.param(Rescue("set", 2, "A"), DEFAULT, 90, id="set of A, two rescued: 2x30 + 2x15 = 90"),
        pytest.param(Rescue("set", 2, "5"), DEFAULT, 70, id="set of 5, two rescued: 2x30 + 2x5 = 70"),
        pytest.param(Rescue("set", 2, "J"), RummyRules(jack_value=15), 90,
                     id="jack_value 15: set of J, two rescued: 2x30 + 2x15 = 90"),
        pytest.param(Rescue("run", 1), DEFAULT, 30, id="run, one rescued: 30"),
        pytest.param(Rescue("run", 2), DEFAULT, 75, id="run, two rescued: 2x30 + 15 = 75"),
        pytest.param(Rescue("run", 3), DEFAULT, 105, id="run, three rescued: 3x30 + 15 = 105"),
        pytest.param(Rescue("run", 4), DEFAULT, 150, id="run, four rescued: 4x30 + 2x15 = 150"),
    ],
)
def test_rescue_points(rescue, rules, points):
    assert rescue_points(rescue, rules) == points


# A round

RUNS = RummyRules(clean_run_bonus=100, semi_clean_run_bonus=50, dirty_run_bonus=25)

ROUNDS = [
    pytest.param(DEFAULT, (0, 0), [E(0, 250, cards_left=35), E(1, 120, going_out=True)], (215, 140),
                 id="melds 250 - cards left 35 = 215; going out: 120 + 20 = 140"),
    pytest.param(DEFAULT, (0, 0), [E(0, 250, cards_left=35), E(1, 120, going_out=True, without_wilds=True)],
                 (215, 260), id="going out without wilds: 120 x2 + 20 = 260"),
    pytest.param(DEFAULT, (0, 0), [E(0, 250, cards_left=35), E(1, 120, going_out=True, folded_hand=True)],
                 (215, 240), id="folded with wilds: 120 x2, no going-out bonus = 240"),
    pytest.param(DEFAULT, (0, 0), [E(0, 250, cards_left=35),
                                   E(1, 120, going_out=True, folded_hand=True, without_wilds=True)],
                 (215, 480), id="folded without wilds: 120 x4 = 480"),
    pytest.param(RummyRules(going_out_bonus=0), (0, 0), [E(0, 0), E(1, 120, going_out=True)], (0, 120),
                 id="going_out_bonus variant 0: 120"),
    pytest.param(RUNS, (0, 0), [E(0, 200, clean_runs=1, semi_clean_runs=2, dirty_runs=3), E(1, 0)], (475, 0),
                 id="run bonuses set by the club: 200 + 100 + 2x50 + 3x25 = 475"),
    pytest.param(DEFAULT, (0, 0), [E(0, 200, clean_runs=1, semi_clean_runs=2, dirty_runs=3), E(1, 0)], (200, 0),
                 id="run bonuses default 0 (the Thai text gives no value): 200"),
    pytest.param(DEFAULT, (0, 0), [E(0, 150, rescued_wilds=[("set", 2, "K"), ("run", 3)]), E(1, 0)], (335, 0),
                 id="rescued wilds: 150 + set of K 80 + run 105 = 335"),
    pytest.param(DEFAULT, (0, 0), [E(0, 100, cards_left=60, penalties=25), E(1, 0)], (15, 0),
                 id="penalties: 100 - 60 - 25 = 15"),
    pytest.param(DEFAULT, (300, 200), [E(0, 0, cards_left=85), E(1, 90, going_out=True)], (-85, 110),
                 id="a round can be negative: 0 - 85 = -85"),
    # barbele: 750 or more at the end of the last round, first meld at least 70, else -50
    pytest.param(DEFAULT, (750, 0), [E(0, 200, first_meld=65), E(1, 0)], (150, 0),
                 id="barbele at exactly 750: first meld 65 < 70 -> 200 - 50 = 150"),
    pytest.param(DEFAULT, (750, 0), [E(0, 200, first_meld=70), E(1, 0)], (200, 0),
                 id="barbele: a first meld of exactly 70 opens, no penalty"),
    pytest.param(DEFAULT, (745, 0), [E(0, 200, first_meld=20), E(1, 0)], (200, 0),
                 id="no barbele at 745: any first meld opens"),
    pytest.param(DEFAULT, (900, 0), [E(0, 0, cards_left=40), E(1, 200, going_out=True)], (-40, 220),
                 id="barbele but never melded: no penalty, just cards left"),
    pytest.param(DEFAULT, (800, 760), [E(0, 100, first_meld=30), E(1, 100, first_meld=45)], (50, 50),
                 id="both teams with barbele fail the opening: -50 each"),
    pytest.param(RummyRules(barbele_at=1000, barbele_minimum=90, barbele_penalty=100), (1000, 990),
                 [E(0, 200, first_meld=80), E(1, 200, first_meld=50)], (100, 200),
                 id="barbele variant 1000/90/100: team 1 at 1000 with 80 -> -100; team 2 at 990 free"),
]


@pytest.mark.parametrize("rules, before, entries, points", ROUNDS)
def test_score_round(rules, before, entries, points):
    score = score_round(rules, before, entries)
    assert score.points == points
    assert score.totals_after == (before[0] + points[0], before[1] + points[1])
    assert all(sum(line.points for line in lines) == p for lines, p in zip(score.breakdown, score.points))


def test_the_breakdown_shows_each_component():
    score = score_round(RUNS, (820, 0), [
        E(0, 120, going_out=True, without_wilds=True, clean_runs=1, rescued_wilds=[Rescue("run", 2)],
          first_meld=60),
        E(1, 90, cards_left=45, penalties=10, rescued_wilds=[Rescue("set", 1, "Q")]),
    ])
    view = [[(str(line.label), line.points) for line in lines] for lines in score.breakdown]
    assert view == [
        [("melds on the table 120 ×2", 240), ("going out", 20), ("clean runs: 1 × 100", 100),
         ("wilds rescued from a run: 2", 75), ("barbele: failed opening 60 < 70", -50)],
        [("melds on the table", 90), ("wilds rescued from a set of Q: 1", 30), ("cards left in hand", -45),
         ("penalties", -10)],
    ]
    assert score.points == (385, 65)
    assert score.barbele == (True, False)
    assert score.warnings == ("team 1 has barbele (820 ≥ 750): a first meld of 60 is under 70, −50",)
    assert all(isinstance(w, Message) for w in score.warnings)


def test_entries_may_come_in_any_order_and_names_are_the_callers():
    score = score_round(DEFAULT, (0, 800), [E(1, 100, first_meld=40), E(0, 50)], names=("Us", "Them"))
    assert score.points == (50, 50)
    assert score.warnings == ("Them has barbele (800 ≥ 750): a first meld of 40 is under 70, −50",)


INVALID = [
    pytest.param((0, 0), [E(0, 100)], HandError, "team",
                 "a round needs one entry for each team, 0 and 1; got teams [0]", id="one team only"),
    pytest.param((0, 0), [E(0, 100), E(0, 50)], HandError, "team",
                 "a round needs one entry for each team, 0 and 1; got teams [0, 0]", id="the same team twice"),
    pytest.param((0, 0), [E(0, 100), E(2, 50)], HandError, "team",
                 "a round needs one entry for each team, 0 and 1; got teams [0, 2]", id="team 2"),
    pytest.param((0, 0), [E(0, 100, going_out=True), E(1, 50, going_out=True)], HandError, "going_out",
                 "only one team can go out in a round", id="both teams going out"),
    pytest.param((0, 0), [E(0, 100, folded_hand=True), E(1, 50)], HandError, "folded_hand",
                 "folded_hand describes how the team went out: tick going_out too", id="folded without going out"),
    pytest.param((0, 0), [E(0, 100, without_wilds=True), E(1, 50)], HandError, "without_wilds",
                 "without_wilds describes how the team went out: tick going_out too",
                 id="without wilds without going out"),
    pytest.param((0, 0), [E(0, 100, going_out="yes"), E(1, 50)], HandError, "going_out",
                 "going_out must be true or false, not 'yes'", id="going_out not a bool"),
    pytest.param((0, 0), [E(0, 12), E(1, 50)], MeldError, "melds_on_table",
                 "melds_on_table 12 is not a multiple of 5: every card counts 5, 10, 15 or 30",
                 id="melds off the step of 5"),
    pytest.param((0, 0), [E(0, 100, cards_left=-5), E(1, 50)], MeldError, "cards_left",
                 "cards_left must be a whole number, 0 or more, not -5", id="cards left negative"),
    pytest.param((0, 0), [E(0, 100, first_meld=62), E(1, 50)], MeldError, "first_meld",
                 "first_meld 62 is not a multiple of 5: every card counts 5, 10, 15 or 30", id="first meld off 5"),
    pytest.param((0, 0), [E(0, 100, clean_runs=-1), E(1, 50)], HandError, "clean_runs",
                 "clean_runs must be a whole number, 0 or more, not -1", id="negative run count"),
    pytest.param((0, 0), [E(0, 100, penalties=2.5), E(1, 50)], HandError, "penalties",
                 "penalties must be a whole number, 0 or more, not 2.5", id="penalties not whole"),
    pytest.param((0, 0), [E(0, 100, rescued_wilds=[("pair", 1, "K")]), E(1, 50)], HandError, "rescued_wilds",
                 "a rescued wild comes from a set or a run, not 'pair'", id="rescue from neither set nor run"),
    pytest.param((0, 0), [E(0, 100, rescued_wilds=[("run", 0)]), E(1, 50)], HandError, "rescued_wilds",
                 "rescued wilds are counted 1 or more, not 0", id="rescue count 0"),
    pytest.param((0, 0), [E(0, 100, rescued_wilds=[("set", 1, "2")]), E(1, 50)], HandError, "rescued_wilds",
                 "a set's rank is one of A K Q J 10 9 8 7 6 5 4 3, not '2'", id="a set of deuces is all wild"),
    pytest.param((0,), [E(0, 100), E(1, 50)], HandError, "totals_before",
                 "totals_before needs each team's whole-number total (2), not (0,)", id="one total"),
]


@pytest.mark.parametrize("before, entries, error, field, message", INVALID)
def test_score_round_rejects(before, entries, error, field, message):
    with pytest.raises(error) as caught:
        score_round(DEFAULT, before, entries)
    assert (caught.value.field, str(caught.value)) == (field, message)


def test_rescued_wilds_must_be_a_list():
    with pytest.raises(HandError) as caught:
        E(0, 100, rescued_wilds="two")
    assert caught.value.field == "rescued_wilds"


# The end of the game

EIGHT = RummyRules(rounds_limit=8)

GAME_END = [
    pytest.param(DEFAULT, (1200, 900), 3, GameEnd(False, None, None), id="nobody at 1500: play on"),
    pytest.param(DEFAULT, (1510, 900), 4, GameEnd(True, 0, "team 1 reached 1510"), id="one team reaches 1500"),
    pytest.param(DEFAULT, (1520, 1600), 6, GameEnd(True, 1, "both teams reached 1500: team 2 wins with 1600 to 1520"),
                 id="both reach on one round: the higher total wins"),
    pytest.param(DEFAULT, (1550, 1550), 6,
                 GameEnd(False, None, "both teams reached 1500 with 1550 each: play another round"),
                 id="both reach with equal totals: play another round"),
    pytest.param(DEFAULT, (900, 700), 8, GameEnd(False, None, None), id="no round limit by default"),
    pytest.param(EIGHT, (900, 700), 7, GameEnd(False, None, None), id="8 rounds variant: after 7, play on"),
    pytest.param(EIGHT, (900, 700), 8, GameEnd(True, 0, "8 rounds played: team 1 wins 900 to 700"),
                 id="8 rounds variant: after 8 the higher total wins"),
    pytest.param(EIGHT, (800, 800), 8, GameEnd(True, None, "8 rounds played: a draw at 800"),
                 id="8 rounds variant: equal totals are a draw"),
    pytest.param(EIGHT, (-200, -100), 8, GameEnd(True, 1, "8 rounds played: team 2 wins -100 to -200"),
                 id="8 rounds variant: negative totals, the higher wins"),
    pytest.param(EIGHT, (1500, 700), 4, GameEnd(True, 0, "team 1 reached 1500"),
                 id="8 rounds variant: reaching 1500 earlier still wins"),
    pytest.param(EIGHT, (1550, 1550), 8, GameEnd(True, None, "8 rounds played: a draw at 1550"),
                 id="8 rounds variant: both at 1550 after round 8 is a draw"),
    pytest.param(RummyRules(target=2000), (1600, 1200), 5, GameEnd(False, None, None), id="target variant 2000"),
]


@pytest.mark.parametrize("rules, totals, rounds, end", GAME_END)
def test_game_end(rules, totals, rounds, end):
    assert game_end(rules, totals, rounds) == end


@pytest.mark.parametrize(
    "totals, rounds, field",
    [
        pytest.param((1500,), 1, "totals", id="one total"),
        pytest.param((1500, "9"), 1, "totals", id="total not a number"),
        pytest.param((1500, 900), -1, "rounds_played", id="negative rounds"),
    ],
)
def test_game_end_rejects(totals, rounds, field):
    with pytest.raises(HandError) as caught:
        game_end(DEFAULT, totals, rounds)
    assert caught.value.field == field


def _sheet():
    return [
        [E(0, 800, going_out=True), E(1, 100, cards_left=50)],
        [E(0, 300, first_meld=60, cards_left=10), E(1, 200, going_out=True)],
        [E(0, 450, going_out=True, first_meld=90), E(1, 50, cards_left=100)],
    ]


def test_a_sheet_of_rounds_runs_to_the_end():
    ledger = run_rounds(DEFAULT, _sheet())
    assert [r.points for r in ledger.rounds] == [(820, 50), (240, 220), (470, -50)]
    assert [r.totals_after for r in ledger.rounds] == [(820, 50), (1060, 270), (1530, 220)]
    assert [r.barbele for r in ledger.rounds] == [(False, False), (True, False), (True, False)]
    assert ledger.end == GameEnd(True, 0, "team 1 reached 1530")


def test_no_round_may_follow_the_end():
    with pytest.raises(HandError) as caught:
        run_rounds(DEFAULT, _sheet() + [[E(0, 0), E(1, 0)]])
    assert str(caught.value) == "the game ended after round 3; round 4 cannot follow it"
    assert caught.value.round_index == 3


def test_an_invalid_round_is_named():
    with pytest.raises(MeldError) as caught:
        run_rounds(DEFAULT, [[E(0, 100), E(1, 50)], [E(0, 13), E(1, 50)]])
    assert caught.value.round_index == 1


# The profile


def test_defaults_and_json_round_trip():
    assert DEFAULT.as_dict() == {
        "target": 1500, "rounds_limit": None, "barbele_at": 750, "barbele_minimum": 70, "barbele_penalty": 50,
        "going_out_bonus": 20, "clean_run_bonus": 0, "semi_clean_run_bonus": 0, "dirty_run_bonus": 0,
        "jack_value": 10, "face_up_bonus": 50, "pinochle_set_value": 1500, "full_straight_value": 100,
        "barbele_penalty_each": True,
    }
    rules = RummyRules(rounds_limit=8, clean_run_bonus=100, jack_value=15)
    assert RummyRules.from_dict(json.loads(json.dumps(rules.as_dict()))) == rules


@pytest.mark.parametrize(
    "options, field, message",
    [
        pytest.param({"target": 0}, "target", "target must be a whole number of 1 or more, not 0", id="target 0"),
        pytest.param({"barbele_penalty": -50}, "barbele_penalty",
                     "barbele_penalty must be a whole number of 0 or more, not -50", id="negative penalty"),
        pytest.param({"clean_run_bonus": "100"}, "clean_run_bonus",
                     "clean_run_bonus must be a whole number of 0 or more, not '100'", id="bonus not a number"),
        pytest.param({"rounds_limit": 0}, "rounds_limit",
                     "rounds_limit must be empty or a number of rounds, 1 or more (e.g. 8), not 0", id="0 rounds"),
        pytest.param({"jack_value": 12}, "jack_value", "jack_value must be 10 or 15, not 12", id="jack 12"),
        pytest.param({"barbel_at": 750}, "barbel_at", None, id="unknown option"),
    ],
)
def test_rummy_rules_reject(options, field, message):
    with pytest.raises(RulesError) as caught:
        RummyRules.from_dict(options)
    assert caught.value.field == field
    if message:
        assert str(caught.value) == message
    else:
        assert str(caught.value).startswith("barbel_at is not a rummy rule option (known: barbele_at, ")
