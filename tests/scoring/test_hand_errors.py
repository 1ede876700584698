"""Every wrong input of a hand at once (scoring.pinochle.checks.hand_errors), so a
form shows them all: one error per field, the same texts check_hand raises."""
import pytest

from scoring.errors import ScoringError
from scoring.pinochle import PinochleHand, PinochleRules
from scoring.pinochle.checks import check_hand, hand_errors

RULES = PinochleRules()  # minimum bid 250 by 10, meld by 10, tricks total 250


def test_a_wrong_bid_wrong_meld_and_wrong_tricks_are_all_reported():
    hand = PinochleHand(0, 245, (105, 60), (150, 60), trump="H")
    errors = hand_errors(RULES, hand)
    assert [(e.field, str(e)) for e in errors] == [
        ("bid", "bid 245 is below the minimum 250"),
        ("meld", "meld 105 is not a multiple of 10"),
        ("tricks", "trick points 150 + 60 must total 250"),
    ]


def test_the_first_of_them_is_what_check_hand_raises():
    hand = PinochleHand(0, 245, (105, 60), (150, 60), trump="H")
    with pytest.raises(ScoringError) as raised:
        check_hand(RULES, hand)
    assert str(raised.value) == str(hand_errors(RULES, hand)[0])


def test_a_hand_that_scores_has_no_error():
    assert hand_errors(RULES, PinochleHand(0, 250, (100, 60), (170, 80), trump="H")) == []


def test_a_wrong_shape_is_reported_alone():
    # thrown in and reneged: the hand's shape is wrong, its numbers are not looked at
    hand = PinochleHand(0, 245, (105, 60), None, trump="H", thrown_in=True, renege_by=1)
    assert [(e.field, str(e)) for e in hand_errors(RULES, hand)] == [
        ("renege_by", "a hand thrown in is not played, so nobody can renege: clear renege_by or thrown_in")]
