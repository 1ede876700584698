"""Double-deck Pinochle (docs/rules.md §1, with its meld table), as a list of rules."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import DOUBLE_DECK, SUITS
from scoring.errors import BidError, CardError, HandError, MeldError, RulesError, TrickError
from scoring.pinochle import (
    DOUBLE_DECK_MELD, DoubleDeckRules, GameResult, PinochleHand, count_meld, game_result, score_hand,
)

DD = DoubleDeckRules()
H = PinochleHand


def _times(cards: str, n: int) -> str:
    return " ".join([cards] * n)


RUN = "AH 10H KH QH JH"
ACES, KINGS, QUEENS, JACKS = ("AS AH AD AC", "KS KH KD KC", "QS QH QD QC", "JS JH JD JC")

MELD = [
    # trump class: runs, trump (royal) marriages
    pytest.param(RUN, "H", 15, id="run in trump = 15"),
    pytest.param(_times(RUN, 2), "H", 150, id="double run = 150"),
    pytest.param(_times(RUN, 3), "H", 225, id="triple run = 225"),
    pytest.param(_times(RUN, 4), "H", 300, id="quadruple run = 300"),
    pytest.param(RUN, "S", 2, id="a run outside trump is just a marriage = 2"),
    pytest.param("KH QH", "H", 4, id="trump marriage = 4"),
    pytest.param(_times("KH QH", 2), "H", 8, id="two trump marriages = 8"),
    pytest.param(_times("KH QH", 4), "H", 16, id="four trump marriages = 16"),
    pytest.param(RUN + " KH QH", "H", 19, id="run + an extra K and Q = 15 + 4 = 19"),
    pytest.param(RUN + " KH", "H", 15, id="a K inside the run cannot marry: run + extra K = 15"),
    pytest.param(_times(RUN, 2) + " KH KH QH", "H", 154, id="double run + extra KKQ = 150 + 4 = 154"),
    pytest.param("9H", "H", None, id="no dix: a 9 is not in the deck"),
    # arounds: one to four of each suit
    pytest.param(ACES, "S", 10, id="aces around = 10"),
    pytest.param(_times(ACES, 2), "S", 100, id="double aces around = 100"),
    pytest.param(_times(ACES, 3), "S", 150, id="triple aces around = 150"),
    pytest.param(_times(ACES, 4), "S", 200, id="quadruple aces around = 200"),
    pytest.param(KINGS, "H", 8, id="kings around = 8 (KH alone is no trump marriage)"),
    pytest.param(_times(KINGS, 2), "S", 80, id="double kings around = 80"),
    pytest.param(_times(KINGS, 3), "S", 120, id="triple kings around = 120"),
    pytest.param(_times(KINGS, 4), "S", 160, id="quadruple kings around = 160"),
    pytest.param(QUEENS, "H", 6, id="queens around = 6"),
    pytest.param(_times(QUEENS, 2), "H", 60, id="double queens around = 60"),
    pytest.param(_times(QUEENS, 3), "H", 90, id="triple queens around = 90"),
    pytest.param(_times(QUEENS, 4), "H", 120, id="quadruple queens around = 120"),
    pytest.param(JACKS, "S", 4, id="jacks around = 4"),
    pytest.param(_times(JACKS, 2), "S", 40, id="double jacks around = 40"),
    pytest.param(_times(JACKS, 3), "S", 60, id="triple jacks around = 60"),
    pytest.param(_times(JACKS, 4), "S", 80, id="quadruple jacks around = 80"),
    pytest.param(_times(ACES, 3) + " AS AH AD", "S", 150, id="fifteen aces short of a quadruple = triple 150"),
    # misc: marriages, pinochles
    pytest.param("KS QS", "H", 2, id="marriage in another suit = 2"),
    pytest.param(_times("KS QS", 4), "H", 8, id="four marriages in one suit = 8"),
    pytest.param("QS JD", "H", 4, id="pinochle = 4"),
    pytest.param(_times("QS JD", 2), "H", 30, id="double pinochle = 30"),
    pytest.param(_times("QS JD", 3), "H", 60, id="triple pinochle = 60"),
    pytest.param(_times("QS JD", 4), "H", 90, id="quadruple pinochle = 90"),
    pytest.param("QS QS QS JD", "H", 4, id="three QS one JD is one pinochle = 4"),
    # composition
    pytest.param("KS QS KH QH KD QD KC QC", "S", 24,
                 id="round house is its parts: 4 + 3x2 + kings 8 + queens 6 = 24"),
    pytest.param("AD AD 10D 10D KD KD QD QD JD JD AS AH AC KS QS JS JH JC QH KH", "D", 172,
                 id="20 cards: double run 150 + aces 10 + jacks 4 + marriages 2+2 + pinochle 4 = 172"),
    pytest.param("", "C", 0, id="no cards = 0"),
]


@pytest.mark.parametrize("cards, trump, total", MELD)
def test_count_meld_double_deck(cards, trump, total):
    if total is None:
        with pytest.raises(CardError) as caught:
            count_meld(cards, trump, DD)
        assert str(caught.value) == "9H is not in a double-deck pinochle deck (ranks A 10 K Q J)"
        return
    assert count_meld(cards, trump, DD).total == total


def _view(count):
    return [(item.name, item.points, " ".join(card.code for card in item.cards)) for item in count.items]


def test_items_name_the_multiple():
    cards = _times(RUN, 3) + " AS AS AD AD AC AC " + _times("QS JD", 3)
    assert _view(count_meld(cards, "H", DD)) == [
        ("triple run", 225, "AH AH AH 10H 10H 10H KH KH KH QH QH QH JH JH JH"),
        ("double aces around", 100, "AS AS AH AH AD AD AC AC"),
        ("triple pinochle", 60, "QS QS QS JD JD JD"),
    ]


def test_the_table_matches_the_documented_values():
    assert DOUBLE_DECK_MELD == {
        "run": (15, 150, 225, 300), "trump marriage": 4, "marriage": 2,
        "aces around": (10, 100, 150, 200), "kings around": (8, 80, 120, 160),
        "queens around": (6, 60, 90, 120), "jacks around": (4, 40, 60, 80), "pinochle": (4, 30, 60, 90),
    }


def test_a_fifth_copy_is_refused():
    with pytest.raises(CardError) as caught:
        count_meld("AS AS AS AS AS", "S", DD)
    assert str(caught.value) == "AS appears 5 times; a double-deck pinochle deck has 4"


# Scoring a hand: §1's rules with 50 trick points

SCORED = [
    pytest.param(DD, H(0, 60, (30, 12), (35, 15)), (65, 27), True, ("made: 65 ≥ 60",),
                 id="made: meld 30 + tricks 35 = 65 >= 60, defenders 12 + 15"),
    pytest.param(DD, H(1, 65, (10, 40), (30, 20)), (40, -65), False, ("set: 60 < 65",),
                 id="set: 40 + 20 = 60 < 65 -> -65"),
    pytest.param(DD, H(0, 55, (30, 12), (50, 0)), (80, 0), True,
                 ("made: 80 ≥ 55", "E–W took no counter: meld 12 lost"),
                 id="defender-zero: defenders with 0 of the 50 lose meld 12"),
    pytest.param(DoubleDeckRules(meld_saved_by="trick"), H(0, 55, (30, 12), (50, 0), took_trick=(True, True)),
                 (80, 12), True, ("made: 80 ≥ 55",), id="meld_saved_by trick: a counterless trick saves 12"),
    pytest.param(DD, H(0, 70, (15, 20), None, thrown_in=True), (-70, 20), False,
                 ("thrown in: bidders −70", "throw-in was required: meld 15 + 50 < 70"),
                 id="throw-in required: 15 + 50 < 70"),
    pytest.param(DoubleDeckRules(throw_in_defenders="meld_plus_tricks"), H(0, 70, (15, 20), None, thrown_in=True),
                 (-70, 70), False, ("thrown in: bidders −70", "throw-in was required: meld 15 + 50 < 70"),
                 id="throw_in_defenders meld_plus_tricks: 20 + 50"),
    pytest.param(DD, H(0, 60, (30, 12), None, renege_by=1), (80, 0), True,
                 ("renege by E–W", "N–S score meld 30 + all 50 trick points"),
                 id="renege by defenders: bidders meld + all 50"),
    pytest.param(DD, H(None, 0, (0, 0), None), (0, 0), False, ("all passed: redeal, no score",), id="all passed"),
]


@pytest.mark.parametrize("rules, hand, deltas, made, notes", SCORED)
def test_score_hand_double_deck(rules, hand, deltas, made, notes):
    score = score_hand(rules, hand)
    assert (score.deltas, score.made, score.notes) == (deltas, made, notes)


@pytest.mark.parametrize(
    "rules, bid",
    [pytest.param(DD, bid, id=f"bid {bid} is valid") for bid in (50, 51, 57, 59, 60, 65, 100, 1020)]
    + [pytest.param(DoubleDeckRules(high_bid_increment=1), 63, id="variant by 1 throughout: 63 is valid")],
)
def test_bids_go_by_one_then_by_five(rules, bid):
    assert score_hand(rules, H(0, bid, (min(bid, rules.max_meld), 0), (50, 0))).made


@pytest.mark.parametrize(
    "hand, error, field, message",
    [
        pytest.param(H(0, 49, (30, 0), (50, 0)), BidError, "bid", "bid 49 is below the minimum 50", id="bid 49"),
        pytest.param(H(0, 63, (30, 0), (50, 0)), BidError, "bid", "bid 63 is not a step of 5 from 60",
                     id="bid 63: from 60 bids go by 5"),
        pytest.param(H(0, 1025, (30, 0), (50, 0)), BidError, "bid",
                     "bid 1025 is above 1024, more than any side can score", id="bid above 974 meld + 50"),
        pytest.param(H(0, 60, (30, 0), (30, 30)), TrickError, "tricks", "trick points 30 + 30 must total 50",
                     id="trick points total 50"),
        pytest.param(H(0, 60, (975, 0), (50, 0)), MeldError, "meld",
                     "meld 975 is above 974, more than one side can meld", id="meld above the bound"),
    ],
)
def test_score_hand_double_deck_rejects(hand, error, field, message):
    with pytest.raises(error) as caught:
        score_hand(DD, hand)
    assert (caught.value.field, str(caught.value)) == (field, message)


def test_dealer_stuck_at_50():
    with pytest.raises(HandError) as caught:
        score_hand(DoubleDeckRules(all_pass="dealer_stuck"), H(None, 0, (0, 0), None))
    assert str(caught.value).endswith("at the minimum bid 50")


@pytest.mark.parametrize(
    "rules, totals, bidder, made, winner, reason",
    [
        pytest.param(DD, (480, 300), 0, True, None, None, id="480 is short of 500"),
        pytest.param(DD, (520, 300), 0, True, 0, "N–S reached 520", id="500 wins"),
        pytest.param(DD, (510, 530), 0, True, 0, "N–S reached 510 and bid: N–S win although E–W have 530",
                     id="both reach 500: the bidders win"),
        pytest.param(DoubleDeckRules(target=1000), (520, 300), 0, True, None, None, id="target variant 1000"),
    ],
)
def test_game_result_double_deck(rules, totals, bidder, made, winner, reason):
    assert game_result(rules, totals, bidder, made) == GameResult(winner, reason)


# The profile


def test_defaults_and_json_round_trip():
    assert DD.as_dict() == {
        "target": 500, "min_bid": 50, "bid_increment": 1, "high_bids_from": 60, "high_bid_increment": 5,
        "all_pass": "redeal", "meld_saved_by": "points", "bidder_needs_trick": False, "throw_in_defenders": "meld",
        "tie": "bidder", "must_bid_out": False, "negative_target_loses": False, "passing": 0, "display_x10": False,
    }
    rules = DoubleDeckRules(target=1000, display_x10=True, tie="higher")
    assert DoubleDeckRules.from_dict(json.loads(json.dumps(rules.as_dict()))) == rules
    assert (DD.trick_total, DD.max_meld, DD.max_bid, DD.deck) == (50, 974, 1024, DOUBLE_DECK)


@pytest.mark.parametrize("display_x10, shown", [(False, 65), (True, 650)], ids=["as counted", "display x10"])
def test_display(display_x10, shown):
    assert DoubleDeckRules(display_x10=display_x10).display(65) == shown


@pytest.mark.parametrize(
    "options, field, message",
    [
        pytest.param({"high_bids_from": 50}, "high_bids_from", "high_bids_from 50 must be above the minimum bid 50",
                     id="high bids must start above the minimum"),
        pytest.param({"target": 0}, "target", "target must be a positive whole number, not 0", id="target 0"),
        pytest.param({"tie": "lower"}, "tie", "tie must be one of bidder, higher, not 'lower'", id="tie"),
        pytest.param({"display_x10": "yes"}, "display_x10", "display_x10 must be true or false, not 'yes'",
                     id="display_x10 not a bool"),
        pytest.param({"trick_scheme": "A"}, "trick_scheme", None, id="no trick scheme option"),
    ],
)
def test_double_deck_rules_reject(options, field, message):
    with pytest.raises(RulesError) as caught:
        DoubleDeckRules.from_dict(options)
    assert caught.value.field == field
    if message:
        assert str(caught.value) == message
    else:
        assert str(caught.value).startswith("trick_scheme is not a double-deck Pinochle rule option (known: ")


# Properties

DECK = DOUBLE_DECK.cards()


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_trick_points_total_50(data):
    bidder = data.draw(st.sampled_from([0, 1]))
    bid = data.draw(st.sampled_from([50 + n for n in range(10)] + [60 + 5 * n for n in range(20)]))
    meld = (data.draw(st.integers(0, 200)), data.draw(st.integers(0, 200)))
    mine = data.draw(st.integers(0, 50))
    kind = data.draw(st.sampled_from(["played", "renege"]))
    if kind == "renege":
        hand = H(bidder, bid, meld, None, renege_by=data.draw(st.sampled_from([0, 1])))
    else:
        hand = H(bidder, bid, meld, (mine, 50 - mine))
    assert sum(score_hand(DD, hand).tricks) == 50


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_count_meld_ignores_card_order_with_four_copies(data):
    trump = data.draw(st.sampled_from(SUITS))
    indexes = data.draw(st.lists(st.integers(0, len(DECK) - 1), unique=True, max_size=40))
    cards = [DECK[i] for i in indexes]
    shuffled = data.draw(st.permutations(cards))
    count = count_meld(cards, trump, DD)
    assert count_meld(shuffled, trump, DD) == count
    assert count.total == sum(item.points for item in count.items)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_adding_a_card_never_reduces_double_deck_meld(data):
    trump = data.draw(st.sampled_from(SUITS))
    indexes = data.draw(st.lists(st.integers(0, len(DECK) - 1), unique=True, max_size=40))
    extra = data.draw(st.sampled_from([i for i in range(len(DECK)) if i not in indexes]))
    cards = [DECK[i] for i in indexes]
    assert count_meld(cards + [DECK[extra]], trump, DD).total >= count_meld(cards, trump, DD).total
