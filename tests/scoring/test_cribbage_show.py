"""The show (docs/rules.md §6): each case states the rule in its id and the exact points."""
from itertools import combinations

import pytest

from scoring.cards import STANDARD, parse_card
from scoring.cribbage import CribbageError, discard_options, score_show
from scoring.errors import CardError, ScoringError

P = pytest.param

# hand, starter, crib, (fifteens, pairs, runs, flush, nobs), total
SHOWS = [
    P("5H 5C 5S JD", "5D", False, (16, 12, 0, 0, 1), 29, id="29 hand: 5H 5C 5S JD + 5D -> 29"),
    P("5H 5C 5S 5D", "KS", False, (16, 12, 0, 0, 0), 28, id="four fives + a ten-card: 5H 5C 5S 5D + KS -> 28"),
    P("JH 3S 4C JS", "2D", False, (4, 2, 3, 0, 0), 9, id="fifteen 4, a pair 2, a run 3: JH 3S 4C JS + 2D -> 9"),
    P("4S 5H 6H 6C", "KD", False, (6, 2, 6, 0, 0), 14,
      id="double run of three: 4S 5H 6H 6C + KD -> runs 6 + pair 2 = 8, total 14"),
    P("3H 3C 3S 4D", "5C", False, (6, 6, 9, 0, 0), 21,
      id="triple run: 3H 3C 3S 4D + 5C -> runs 9 + three of a kind 6, total 21"),
    P("3H 3C 4S 4D", "5C", False, (4, 4, 12, 0, 0), 20,
      id="double-double run: 3H 3C 4S 4D + 5C -> runs 12 + pairs 4 = 16, total 20"),
    P("3H 4C 5S 6D", "6C", False, (6, 2, 8, 0, 0), 16, id="double run of four: 3H 4C 5S 6D + 6C -> runs 8, total 16"),
    P("AH 2C 3D 4S", "5H", False, (2, 0, 5, 0, 0), 7, id="run of five A-5: AH 2C 3D 4S + 5H -> 7"),
    P("QH KC AD 2S", "7C", False, (0, 0, 0, 0, 0), 0, id="Q-K-A is no run (ace low only): QH KC AD 2S + 7C -> 0"),
    P("2H 4H 6H 8H", "QS", False, (0, 0, 0, 4, 0), 4, id="four-card flush in hand: 2H 4H 6H 8H + QS -> 4"),
    P("2H 4H 6H 8H", "QH", False, (0, 0, 0, 5, 0), 5, id="five-card flush in hand: 2H 4H 6H 8H + QH -> 5"),
    P("2H 4H 6H 8H", "QS", True, (0, 0, 0, 0, 0), 0, id="four-card flush in the crib counts nothing: crib 2H 4H 6H 8H + QS -> 0"),
    P("2H 4H 6H 8H", "QH", True, (0, 0, 0, 5, 0), 5, id="five-card flush in the crib: crib 2H 4H 6H 8H + QH -> 5"),
    P("2H 4H 6H JH", "QH", False, (0, 0, 0, 5, 1), 6, id="flush and nobs both count: 2H 4H 6H JH + QH -> 6"),
    P("JH 2C 4D 6S", "9H", False, (4, 0, 0, 0, 1), 5, id="nobs, jack of the starter's suit: JH 2C 4D 6S + 9H -> 5"),
    P("JH 2C 4D 6S", "9H", True, (4, 0, 0, 0, 1), 5, id="nobs in the crib: crib JH 2C 4D 6S + 9H -> 5"),
    P("JS 2C 4D 6S", "9H", False, (4, 0, 0, 0, 0), 4, id="a jack of another suit is no nobs: JS 2C 4D 6S + 9H -> 4"),
    P("5H 2C 4D 8S", "JH", False, (4, 0, 0, 0, 0), 4,
      id="starter jack is his heels, not nobs: 5H 2C 4D 8S + JH -> 4"),
    P("2C 4D 6H 8S", "KC", False, (0, 0, 0, 0, 0), 0, id="a 'nineteen' hand scores nothing: 2C 4D 6H 8S + KC -> 0"),
    P("AH 3C 7D 9S", "KH", False, (0, 0, 0, 0, 0), 0, id="no fifteen, pair or run: AH 3C 7D 9S + KH -> 0"),
    P("7H 8C 7D 8S", "9H", False, (8, 4, 12, 0, 0), 24, id="7 7 8 8 + 9 -> 24"),
]


@pytest.mark.parametrize("hand, starter, crib, parts, total", SHOWS)
def test_score_show(hand, starter, crib, parts, total):
    score = score_show(hand, starter, crib=crib)
    assert (score.fifteens, score.pairs, score.runs, score.flush, score.nobs) == parts
    assert score.total == total
    assert sum(item.points for item in score.items) == total


def test_items_name_the_cards_of_the_29_hand():
    score = score_show("5H 5C 5S JD", "5D")
    names = [str(item.name) for item in score.items]
    assert names == ["fifteen"] * 8 + ["four of a kind", "his nobs"]
    assert score.items[-1].cards == (parse_card("JD"),)
    assert {c.code for c in score.items[-2].cards} == {"5H", "5C", "5S", "5D"}


@pytest.mark.parametrize("hand, starter, spoken", [
    P("JH 3S 4C JS", "2D", "fifteen two, fifteen four, a pair is six, a run of three is nine",
      id="spoken running count: JH 3S 4C JS + 2D"),
    P("2H 4H 6H JH", "QH", "a flush of five is five, one for his nobs is six", id="spoken flush and nobs"),
    P("2C 4D 6H 8S", "KC", "no points", id="spoken zero hand"),
])
def test_spoken(hand, starter, spoken):
    score = score_show(hand, starter)
    assert score.spoken() == spoken
    assert score.spoken_steps()[0].template


def test_spoken_steps_keep_numbers_for_translation():
    step = score_show("JH 3S 4C JS", "2D").spoken_steps()[3]
    assert step.template == "a run of %(length_words)s is %(total_words)s"
    assert (step.params["total"], step.params["length"]) == (9, 3)


def test_cards_as_objects_and_symbols():
    cards = [parse_card(c) for c in ("5♥", "5♣", "5♠", "J♦")]
    assert score_show(cards, parse_card("5♦")).total == 29


@pytest.mark.parametrize("hand, starter, field, text", [
    P("5H 5C 5S", "5D", "hand", "4 cards are needed here; 3 were given", id="three cards are not a hand"),
    P("5H 5C 5S 5D JD", "KD", "hand", "4 cards are needed here; 5 were given", id="five cards are not a hand"),
    P("5H 5H 5S JD", "5D", "hand", "5H is entered twice", id="a card twice in the hand"),
    P("5H 5C 5S JD", "5H", "starter", "the starter 5H is also in the hand", id="starter also in the hand"),
    P("5H 5C 5S JD", "5D 6D", "starter", "the starter is one card; 2 were given", id="two starters"),
])
def test_impossible_shows_are_refused(hand, starter, field, text):
    with pytest.raises(CribbageError) as info:
        score_show(hand, starter)
    assert (info.value.field, str(info.value)) == (field, text)


def test_unknown_card_code_names_the_field():
    with pytest.raises(CardError) as info:
        score_show("5H 5C 5S 1D", "5D")
    assert info.value.field == "hand"
    assert isinstance(info.value, ScoringError)


# -- the discard helper ------------------------------------------------------

def _crib_reference(discard, starter):
    """Brute force: what two discards and the starter score together."""
    cards = list(discard) + [starter]
    value = {"A": 1, "J": 10, "Q": 10, "K": 10}
    order = {"A": 1, "J": 11, "Q": 12, "K": 13}
    points = 0
    for size in (2, 3):
        for combo in combinations(cards, size):
            if sum(value.get(c.rank) or int(c.rank) for c in combo) == 15:
                points += 2
    points += 2 * sum(a.rank == b.rank for a, b in combinations(cards, 2))
    ranks = sorted(order.get(c.rank) or int(c.rank) for c in cards)
    if ranks == list(range(ranks[0], ranks[0] + 3)):
        points += 3
    points += sum(c.rank == "J" and c.suit == starter.suit for c in discard)
    return points


@pytest.mark.parametrize("six, dealer", [
    P("5H 5C 5S JD 4C 6S", True, id="dealer: averages equal a brute force over 46 starters"),
    P("AH 2H 3H 9H JC KD", False, id="pone with a flush draw: averages equal a brute force"),
])
def test_discard_averages_match_brute_force(six, dealer):
    options = discard_options(six, dealer)
    assert len(options) == 15
    assert [o.expected for o in options] == sorted((o.expected for o in options), reverse=True)
    seen = set(six.split())
    starters = [c for c in STANDARD.cards() if c.code not in seen]
    for option in options:
        hand = sum(score_show(option.keep, s).total for s in starters) / 46
        crib = sum(_crib_reference(option.discard, s) for s in starters) / 46
        assert option.average_hand == pytest.approx(hand)
        assert option.average_crib == pytest.approx(crib)
        assert option.expected == pytest.approx(hand + crib if dealer else hand - crib)


def test_discard_best_for_dealer_keeps_the_double_run():
    best = discard_options("5H 5C 5S JD 4C 6S", dealer=True)[0]
    assert {c.code for c in best.discard} == {"5H", "JD"}
    assert best.average_hand * 46 == pytest.approx(727)
    assert best.average_crib * 46 == pytest.approx(144)


def test_discard_options_need_six_distinct_cards():
    with pytest.raises(CribbageError) as info:
        discard_options("5H 5C 5S JD 4C", dealer=True)
    assert info.value.field == "cards"
