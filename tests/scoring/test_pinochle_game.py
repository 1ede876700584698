"""The rule profile, game end and the deal (docs/rules.md §5, the Chinese encyclopedia text and rules card), as a list of rules."""
import dataclasses
import json

import pytest

from scoring.errors import BidError, HandError, RulesError
from scoring.messages import Message
from scoring.pinochle import (
    SIDE_NAMES, GameResult, PinochleHand, PinochleRules, game_result, game_winner, next_dealer, score_hand,
)

R = PinochleRules
DEFAULT = R()

GAME_END = [
    pytest.param(DEFAULT, (1200, 1490), 0, True, None, None, id="nobody at the target: play on"),
    pytest.param(DEFAULT, (1520, 1300), 0, True, 0, "N–S reached 1520", id="one side over the target wins"),
    pytest.param(DEFAULT, (900, 1500), 1, True, 1, "E–W reached 1500", id="exactly the target wins"),
    pytest.param(DEFAULT, (1000, 1510), 0, False, 1, "E–W reached 1510",
                 id="defenders reach the target on a hand the bidders were set: defenders win"),
    pytest.param(DEFAULT, (1520, 1580), 0, True, 0, "N–S reached 1520 and bid: N–S win although E–W have 1580",
                 id="both reach: the bidding side wins whatever the totals (the Chinese encyclopedia text and rules card)"),
    pytest.param(DEFAULT, (1550, 1600), 1, True, 1, "both sides reached 1500: E–W win with 1600 to 1550",
                 id="both reach: bidders E-W with the higher total win"),
    pytest.param(DEFAULT, (1550, 1550), 0, True, 0, "both sides reached 1500: N–S win with 1550 to 1550",
                 id="both reach with equal totals: the bidders win"),
    pytest.param(DEFAULT, (1510, 1530), 0, False, 1, "both sides reached 1500 and the bidders N–S were set: E–W win",
                 id="both at the target but the bidders were set: defenders win"),
    pytest.param(R(tie="higher"), (1520, 1580), 0, True, 1, "both sides reached 1500: E–W win with 1580 to 1520",
                 id="tie higher: both reach, the higher total wins over the bidders"),
    pytest.param(R(tie="higher"), (1550, 1550), 0, True, None,
                 "both sides reached 1500 with 1550 each: play another hand",
                 id="tie higher: equal totals play another hand"),
    pytest.param(DEFAULT, (1010, 500), 0, True, None, None, id="1010 is short of the default 1500"),
    pytest.param(R(target=1000), (1010, 500), 0, True, 0, "N–S reached 1010", id="target variant 1000: 1010 wins"),
    pytest.param(R(must_bid_out=True), (1000, 1510), 0, False, None,
                 "E–W have 1510 but did not bid and make this hand: they must bid out, play on",
                 id="must bid out: defenders at the target play on"),
    pytest.param(R(must_bid_out=True), (1300, 1520), 0, True, None,
                 "E–W have 1520 but did not bid and make this hand: they must bid out, play on",
                 id="must bid out: defenders reach while the bidders made, play on"),
    pytest.param(R(must_bid_out=True), (1520, 1600), 0, True, 0, "N–S bid, made it and reached 1520",
                 id="must bid out: the side that bid and made wins"),
    pytest.param(R(must_bid_out=True), (1510, 1400), 0, False, None,
                 "N–S have 1510 but did not bid and make this hand: they must bid out, play on",
                 id="must bid out: a set side above the target plays on"),
    pytest.param(DEFAULT, (-1510, 800), 0, False, None, None, id="default: no negative target"),
    pytest.param(R(negative_target_loses=True), (-1510, 800), 0, False, 1,
                 "N–S fell to -1510, at or below -1500: E–W win", id="negative target: -1510 loses"),
    pytest.param(R(negative_target_loses=True), (700, -1500), 1, False, 0,
                 "E–W fell to -1500, at or below -1500: N–S win", id="negative target: exactly -1500 loses"),
    pytest.param(R(negative_target_loses=True), (-1490, 800), 0, False, None, None,
                 id="negative target: -1490 plays on"),
    pytest.param(DEFAULT, (1200, 1300), None, False, None, None, id="all passed: nobody reaches anything"),
    pytest.param(DEFAULT, (1520, 1300), None, False, 0, "N–S reached 1520",
                 id="all passed but a side is already over: it stays the winner"),
]


@pytest.mark.parametrize("rules, totals, bidder, made, winner, reason", GAME_END)
def test_game_result(rules, totals, bidder, made, winner, reason):
    result = game_result(rules, totals, bidder, made)
    assert result == GameResult(winner, reason)
    assert reason is None or isinstance(result.reason, Message)
    assert game_winner(rules, totals, bidder, made) == winner


def test_game_result_uses_the_side_names_given():
    result = game_result(DEFAULT, [1520, 1580], 0, True, names=("Smiths", "Joneses"))
    assert result == GameResult(0, "Smiths reached 1520 and bid: Smiths win although Joneses have 1580")
    assert SIDE_NAMES == ("N–S", "E–W")


@pytest.mark.parametrize(
    "totals, bidder, made, error, field, message",
    [
        pytest.param((1500,), 0, True, HandError, "totals_after",
                     "totals_after needs one total per side (2), not (1500,)", id="one total"),
        pytest.param((1500, "9"), 0, True, HandError, "totals_after", "a total must be a whole number, not '9'",
                     id="total not a number"),
        pytest.param((1500, 900), 2, True, BidError, "bidder",
                     "bidder must be a side, 0 (N–S) or 1 (E–W), or empty when all passed; not 2", id="bidder 2"),
        pytest.param((1500, 900), 0, "yes", HandError, "made", "made must be true or false, not 'yes'",
                     id="made not a bool"),
    ],
)
def test_game_result_rejects(totals, bidder, made, error, field, message):
    with pytest.raises(error) as caught:
        game_result(DEFAULT, totals, bidder, made)
    assert (caught.value.field, str(caught.value)) == (field, message)


@pytest.mark.parametrize(
    "dealer, players, following",
    [
        pytest.param(0, 4, 1, id="N deals, then E (to the left)"),
        pytest.param(1, 4, 2, id="E deals, then S"),
        pytest.param(2, 4, 3, id="S deals, then W"),
        pytest.param(3, 4, 0, id="W deals, then N again"),
        pytest.param(2, 3, 0, id="three players: the last seat passes to seat 0"),
    ],
)
def test_next_dealer(dealer, players, following):
    assert next_dealer(dealer, players) == following


@pytest.mark.parametrize(
    "dealer, players, field, message",
    [
        pytest.param(4, 4, "dealer", "dealer must be a seat from 0 to 3, not 4", id="dealer out of range"),
        pytest.param("1", 4, "dealer", "dealer must be a whole number, not '1'", id="dealer str"),
        pytest.param(0, 0, "players", "players must be 1 or more, not 0", id="no players"),
    ],
)
def test_next_dealer_rejects(dealer, players, field, message):
    with pytest.raises(HandError) as caught:
        next_dealer(dealer, players)
    assert (caught.value.field, str(caught.value)) == (field, message)


# The rule profile


def test_defaults_are_the_rules_md_defaults():
    assert DEFAULT.as_dict() == {
        "target": 1500, "min_bid": 250, "bid_increment": 10, "all_pass": "redeal", "trick_scheme": "A",
        "round_tricks": False, "meld_saved_by": "points", "bidder_needs_trick": False,
        "throw_in_defenders": "meld", "double_run": 1500, "double_arounds": "x10", "double_pinochle": 300,
        "extra_card_marries": False, "tie": "bidder", "must_bid_out": False, "negative_target_loses": False,
        "passing": 0,
    }
    assert (DEFAULT.sides, DEFAULT.max_meld, DEFAULT.max_bid) == (2, 4820, 5070)


@pytest.mark.parametrize(
    "scheme, trick_total, meld_step, max_meld",
    [("A", 250, 10, 4820), ("A10", 25, 1, 482), ("B", 250, 10, 4820), ("C", 250, 10, 4820)],
    ids=lambda value: f"scheme {value}" if isinstance(value, str) else None,
)
def test_scheme_totals_and_meld_step(scheme, trick_total, meld_step, max_meld):
    rules = R(trick_scheme=scheme)
    assert (rules.trick_total, rules.meld_step, rules.max_meld) == (trick_total, meld_step, max_meld)


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT.target = 1000


def test_rules_round_trip_through_json():
    rules = R(target=2000, trick_scheme="B", round_tricks=True, tie="higher", passing=4)
    assert R.from_dict(json.loads(json.dumps(rules.as_dict()))) == rules
    assert R.from_dict({}) == DEFAULT
    assert R.from_dict({"target": 1000}) == R(target=1000)


def test_passing_is_recorded_and_changes_no_arithmetic():
    hand = PinochleHand(0, 310, (150, 60), (170, 80))
    assert R(passing=4).as_dict()["passing"] == 4
    assert score_hand(R(passing=4), hand) == score_hand(R(passing=3), hand) == score_hand(DEFAULT, hand)


@pytest.mark.parametrize(
    "changes, field, message",
    [
        pytest.param({"target": 0}, "target", "target must be a positive whole number, not 0", id="target 0"),
        pytest.param({"target": "1500"}, "target", "target must be a whole number, not '1500'", id="target str"),
        pytest.param({"min_bid": -10}, "min_bid", "min_bid must be a positive whole number, not -10", id="min_bid"),
        pytest.param({"bid_increment": 2.5}, "bid_increment", "bid_increment must be a whole number, not 2.5",
                     id="bid_increment float"),
        pytest.param({"all_pass": "stuck"}, "all_pass", "all_pass must be one of redeal, dealer_stuck, not 'stuck'",
                     id="all_pass"),
        pytest.param({"trick_scheme": "D"}, "trick_scheme", "trick_scheme must be one of A, A10, B, C, not 'D'",
                     id="trick_scheme"),
        pytest.param({"round_tricks": "yes"}, "round_tricks", "round_tricks must be true or false, not 'yes'",
                     id="round_tricks"),
        pytest.param({"round_tricks": True, "trick_scheme": "A10"}, "round_tricks",
                     "round_tricks rounds to tens; scheme A10 counts 25 in all: choose scheme A, B or C, "
                     "or no rounding", id="round_tricks with A10"),
        pytest.param({"meld_saved_by": "counter"}, "meld_saved_by",
                     "meld_saved_by must be one of points, trick, not 'counter'", id="meld_saved_by"),
        pytest.param({"bidder_needs_trick": 1}, "bidder_needs_trick", "bidder_needs_trick must be true or false, not 1",
                     id="bidder_needs_trick"),
        pytest.param({"throw_in_defenders": "all"}, "throw_in_defenders",
                     "throw_in_defenders must be one of meld, meld_plus_tricks, nothing, not 'all'",
                     id="throw_in_defenders"),
        pytest.param({"double_run": 0}, "double_run",
                     "double_run must be a positive multiple of 10 (e.g. 1500, 300), not 0", id="double_run 0"),
        pytest.param({"double_run": 1505}, "double_run",
                     "double_run must be a positive multiple of 10 (e.g. 1500, 300), not 1505", id="double_run 1505"),
        pytest.param({"double_arounds": "x3"}, "double_arounds", "double_arounds must be one of x10, x2, not 'x3'",
                     id="double_arounds"),
        pytest.param({"double_pinochle": -300}, "double_pinochle",
                     "double_pinochle must be a positive multiple of 10 (e.g. 300, 80), not -300",
                     id="double_pinochle"),
        pytest.param({"extra_card_marries": None}, "extra_card_marries",
                     "extra_card_marries must be true or false, not None", id="extra_card_marries"),
        pytest.param({"tie": "lower"}, "tie", "tie must be one of bidder, higher, not 'lower'", id="tie"),
        pytest.param({"must_bid_out": "no"}, "must_bid_out", "must_bid_out must be true or false, not 'no'",
                     id="must_bid_out"),
        pytest.param({"negative_target_loses": 0}, "negative_target_loses",
                     "negative_target_loses must be true or false, not 0", id="negative_target_loses"),
        pytest.param({"passing": 2}, "passing", "passing must be one of 0, 3, 4, not 2", id="passing 2"),
        pytest.param({"passing": 3.0}, "passing", "passing must be one of 0, 3, 4, not 3.0", id="passing float"),
        pytest.param({"passing": False}, "passing", "passing must be one of 0, 3, 4, not False", id="passing bool"),
        pytest.param({"targte": 1500}, "targte", None, id="from_dict: unknown key"),
    ],
)
def test_rules_reject(changes, field, message):
    with pytest.raises(RulesError) as caught:
        R.from_dict(changes)
    assert caught.value.field == field
    if message is None:
        message = "targte is not a Pinochle rule option (known: " + ", ".join(sorted(DEFAULT.as_dict())) + ")"
    assert str(caught.value) == message


def test_from_dict_rejects_a_non_dict():
    with pytest.raises(RulesError) as caught:
        R.from_dict([("target", 1500)])
    assert (caught.value.field, str(caught.value)) == ("rules", "rules must be a dict of options, not [('target', 1500)]")
