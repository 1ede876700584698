"""Properties that hold for every valid hand and every profile (docs/rules.md §5)."""
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import PINOCHLE, SUITS
from scoring.pinochle import PinochleHand, PinochleRules, count_meld, score_hand

DECK = PINOCHLE.cards()


@st.composite
def profiles(draw, **fixed):
    """Any valid rule profile; A10 gets a bid range in its own units."""
    options = dict(
        trick_scheme=draw(st.sampled_from(["A", "A10", "B", "C"])),
        meld_saved_by=draw(st.sampled_from(["points", "trick"])),
        bidder_needs_trick=draw(st.booleans()),
        throw_in_defenders=draw(st.sampled_from(["meld", "meld_plus_tricks", "nothing"])),
        double_run=draw(st.sampled_from([1500, 300])),
        double_arounds=draw(st.sampled_from(["x10", "x2"])),
        double_pinochle=draw(st.sampled_from([300, 80])),
        extra_card_marries=draw(st.booleans()),
    )
    options.update(fixed)
    if options["trick_scheme"] == "A10":
        options.update(min_bid=25, bid_increment=1)
    else:
        options["round_tricks"] = options.get("round_tricks", draw(st.booleans()))
    return PinochleRules(**options)


@st.composite
def hands(draw, rules, kind=None):
    """A valid hand under ``rules``: played (default), thrown in or reneged."""
    kind = kind or draw(st.sampled_from(["played", "played", "played", "thrown_in", "renege"]))
    step, total = rules.trick_step, rules.trick_total
    bidder = draw(st.sampled_from([0, 1]))
    bid = rules.min_bid + rules.bid_increment * draw(st.integers(0, 40))
    most = min(150, rules.max_meld // rules.meld_step)
    meld = tuple(rules.meld_step * draw(st.integers(0, most)) for _side in range(2))
    mine = step * draw(st.integers(0, total // step))
    tricks = (mine, total - mine)
    took = tuple(points > 0 or draw(st.booleans()) for points in tricks)
    took_trick = draw(st.sampled_from([None, took]))
    if kind == "thrown_in":
        return PinochleHand(bidder, bid, meld, None, thrown_in=True)
    if kind == "renege":
        return PinochleHand(bidder, bid, meld, None, renege_by=draw(st.sampled_from([0, 1])))
    return PinochleHand(bidder, bid, meld, tricks, took_trick=took_trick)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_bidders_score_minus_bid_or_meld_plus_tricks(data):
    rules = data.draw(profiles())
    hand = data.draw(hands(rules))
    score = score_hand(rules, hand)
    bidder, defenders = hand.bidder, 1 - hand.bidder
    earned = score.counted_meld[bidder] + score.tricks[bidder]
    assert score.deltas[bidder] == (earned if score.made else -hand.bid)
    assert score.deltas[defenders] == score.counted_meld[defenders] + score.tricks[defenders]


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_counted_trick_points_total_the_scheme(data):
    rules = data.draw(profiles(round_tricks=False))
    hand = data.draw(hands(rules, kind=data.draw(st.sampled_from(["played", "renege"]))))
    assert sum(score_hand(rules, hand).tricks) == rules.trick_total


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_rounded_trick_points_are_tens_and_lose_at_most_ten(data):
    rules = data.draw(profiles(trick_scheme=data.draw(st.sampled_from(["B", "C"])), round_tricks=True))
    tricks = score_hand(rules, data.draw(hands(rules, kind="played"))).tricks
    assert all(points % 10 == 0 for points in tricks)
    assert sum(tricks) in (240, 250)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_defender_without_trick_points_scores_zero(data):
    rules = data.draw(profiles(meld_saved_by="points"))
    hand = data.draw(hands(rules, kind="played"))
    score = score_hand(rules, hand)
    for side in (0, 1):
        if side != hand.bidder and hand.tricks[side] == 0:
            assert score.deltas[side] == 0


def _subset(data, size=st.integers(0, 24)):
    indexes = data.draw(st.lists(st.integers(0, len(DECK) - 1), unique=True, max_size=data.draw(size)))
    return [DECK[i] for i in indexes], indexes


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_count_meld_ignores_card_order(data):
    rules = data.draw(profiles())
    trump = data.draw(st.sampled_from(SUITS))
    cards, _indexes = _subset(data)
    shuffled = data.draw(st.permutations(cards))
    assert count_meld(shuffled, trump, rules) == count_meld(cards, trump, rules)
    assert count_meld(cards, trump, rules).total == sum(item.points for item in count_meld(cards, trump, rules).items)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_adding_a_card_never_reduces_meld(data):
    rules = data.draw(profiles())
    trump = data.draw(st.sampled_from(SUITS))
    cards, indexes = _subset(data, st.integers(0, 47))
    extra = data.draw(st.sampled_from([i for i in range(len(DECK)) if i not in indexes]))
    assert count_meld(cards + [DECK[extra]], trump, rules).total >= count_meld(cards, trump, rules).total
