"""scoring.ledger.run_game: hands in order, running totals, the end of the game."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.errors import BidError, HandError
from scoring.ledger import run_game
from scoring.pinochle import PinochleHand, PinochleRules

RULES = PinochleRules()


def hand(bidder, bid, meld, tricks):
    return PinochleHand(bidder, bid, meld, tricks)


def test_totals_accumulate_hand_by_hand():
    ledger = run_game(RULES, [hand(0, 300, (150, 60), (170, 80)), hand(1, 350, (60, 220), (90, 160))])
    assert [r.totals for r in ledger.rows] == [(320, 140), (470, 520)]
    assert ledger.totals == (470, 520) and ledger.winner is None and ledger.ended_at is None


def test_the_game_ends_on_the_hand_that_reaches_the_target():
    ledger = run_game(RULES, [hand(0, 1300, (1300, 0), (250, 0))])
    assert (ledger.winner, ledger.ended_at, str(ledger.reason)) == (0, 0, "N–S reached 1550")


def test_no_hand_may_follow_the_end():
    with pytest.raises(HandError) as e:
        run_game(RULES, [hand(0, 1300, (1300, 0), (250, 0)), hand(0, 250, (0, 0), (250, 0))])
    assert (e.value.field, e.value.hand_index, str(e.value)) == (
        "number", 1, "the game ended at hand 1; hand 2 cannot follow it")


def test_an_invalid_hand_is_reported_with_its_index():
    with pytest.raises(BidError) as e:
        run_game(RULES, [hand(0, 300, (150, 60), (170, 80)), hand(0, 245, (0, 0), (250, 0))])
    assert (e.value.field, e.value.hand_index) == ("bid", 1)


@pytest.mark.parametrize("hands, winner, reason", [
    pytest.param([hand(0, 300, (150, 60), (170, 80)), hand(1, 250, (100, 100), (100, 150))], 0,
                 "2 hands played: N–S win 520 to 390", id="hand limit: higher total wins"),
    pytest.param([hand(1, 250, (100, 100), (100, 150)), hand(0, 250, (100, 100), (150, 100))], None,
                 "2 hands played: a draw at 450", id="hand limit: equal totals are a draw"),
])
def test_hand_limit_ends_the_game_after_n_hands(hands, winner, reason):
    ledger = run_game(RULES, hands, hand_limit=2)
    assert (ledger.winner, ledger.ended_at, str(ledger.reason)) == (winner, 1, reason)


def test_hand_limit_does_not_count_an_all_passed_redeal():
    passed = PinochleHand(None, 0, (0, 0), None)
    ledger = run_game(RULES, [hand(0, 300, (150, 60), (170, 80)), passed], hand_limit=2)
    assert ledger.ended_at is None


def test_hand_limit_counts_hands_scored_before():
    ledger = run_game(RULES, [hand(1, 250, (100, 100), (100, 150))], start=(320, 140), hand_limit=2,
                      played_before=1)
    assert (ledger.winner, str(ledger.reason)) == (0, "2 hands played: N–S win 520 to 390")


HANDS = st.builds(
    hand, st.integers(0, 1), st.integers(0, 10).map(lambda n: 250 + 10 * n),
    st.tuples(st.integers(0, 20).map(lambda n: 10 * n), st.integers(0, 20).map(lambda n: 10 * n)),
    st.integers(0, 25).map(lambda n: (10 * n, 250 - 10 * n)),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(HANDS, min_size=1, max_size=12))
def test_scoring_in_two_parts_gives_the_same_totals(hands):
    """Recording hand by hand (start totals) agrees with re-deriving the whole game."""
    try:
        whole = run_game(RULES, hands)
    except HandError:
        return
    split = len(hands) // 2
    first = run_game(RULES, hands[:split])
    second = run_game(RULES, hands[split:], start=first.totals, first_number=split + 1)
    assert second.totals == whole.totals and second.winner == whole.winner


def test_hand_limit_names_the_player_in_a_three_handed_game():
    rules = PinochleRules(players=3)
    hands = [PinochleHand(0, 300, (150, 60, 40), (170, 50, 30)), PinochleHand(1, 250, (0, 100, 0), (0, 250, 0))]
    ledger = run_game(rules, hands, hand_limit=2)
    assert ledger.totals == (320, 460, 70)
    assert (ledger.winner, str(ledger.reason)) == (1, "2 hands played: %s win 460 to 320" % rules.side_names[1])


def test_auction_sitting_balances_sum_to_zero_and_nobody_wins():
    from scoring.ledger import run_auction

    rules = PinochleRules(players=3, settlement="auction")
    hands = [PinochleHand(0, 350, (150, 60, 40), (210, 30, 10)),   # made at 350: 2 units from each opponent
             PinochleHand(2, 300, (0, 0, 100), (200, 50, 0))]       # played and lost: pays each twice 1
    ledger = run_auction(rules, hands)
    assert [row.score.deltas for row in ledger.rows] == [(4, -2, -2), (2, 2, -4)]
    assert ledger.totals == (6, 0, -6) and sum(ledger.totals) == 0
    assert ledger.winner is None and ledger.ended_at is None
