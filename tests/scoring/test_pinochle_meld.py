"""Meld of one player (docs/rules.md §5 "Meld", the Chinese encyclopedia text), as a list of rules."""
import pytest

from scoring.cards import Card
from scoring.errors import CardError, TrumpError
from scoring.messages import Message
from scoring.pinochle import MeldCount, MeldItem, PinochleRules, count_meld

DEFAULT = PinochleRules()
MARRIES = PinochleRules(extra_card_marries=True)
A10 = PinochleRules(trick_scheme="A10")
ROUND_TABLE = "KS QS KH QH KD QD KC QC"


@pytest.mark.parametrize(
    "cards, trump, rules, total",
    [
        # the Chinese encyclopedia text's examples
        pytest.param("AD 10D KD QD JD QS JS JH JC", "D", DEFAULT, 230,
                     id="the encyclopedia text: JD in run, jacks around and pinochle = 150+40+40 = 230"),
        pytest.param("AC 10C KC KC QC JC", "C", DEFAULT, 150,
                     id="the encyclopedia text: K inside the run cannot marry: run + extra KC = 150"),
        pytest.param("AC 10C KC KC QC QC JC", "C", DEFAULT, 190,
                     id="the encyclopedia text: run + extra KC and QC = 150+40 = 190"),
        pytest.param("AC 10C KC QC QC JC", "C", DEFAULT, 150, id="run + extra QC alone = 150"),
        # extra_card_marries variant
        pytest.param("AC 10C KC KC QC JC", "C", MARRIES, 190, id="extra card marries: run + extra K = 190"),
        pytest.param("AC 10C KC QC QC JC", "C", MARRIES, 190, id="extra card marries: run + extra Q = 190"),
        pytest.param("AC 10C KC KC QC QC JC", "C", MARRIES, 230,
                     id="extra card marries: run + extra K and Q = 150+80 = 230"),
        pytest.param("AC AC 10C 10C KC KC QC QC JC JC", "C", MARRIES, 1500,
                     id="extra card marries: a double run leaves no extra K or Q = 1500"),
        # trump class
        pytest.param("AH 10H KH QH JH", "H", DEFAULT, 150, id="run A-10-K-Q-J of trump = 150"),
        pytest.param("AH 10H KH QH JH", "S", DEFAULT, 20, id="run outside trump is just a marriage = 20"),
        pytest.param("AH AH 10H 10H KH KH QH QH JH JH", "H", DEFAULT, 1500,
                     id="double run replaces two runs = 1500"),
        pytest.param("AH AH 10H 10H KH KH QH QH JH JH", "H", PinochleRules(double_run=300), 300,
                     id="double run variant 300"),
        pytest.param("KH QH", "H", DEFAULT, 40, id="trump marriage = 40"),
        pytest.param("KH QH KH QH", "H", DEFAULT, 80, id="two trump marriages = 80"),
        pytest.param("KH KH QH", "H", DEFAULT, 40, id="three trump K/Q make one marriage = 40"),
        pytest.param("9H", "H", DEFAULT, 10, id="dix = 10"),
        pytest.param("9H 9H", "H", DEFAULT, 20, id="two dix = 20"),
        pytest.param("9S 9S", "H", DEFAULT, 0, id="a 9 outside trump is nothing"),
        pytest.param("AH 10H KH QH JH 9H", "H", DEFAULT, 160, id="dix counts beside the run = 160"),
        # arounds
        pytest.param("AS AH AD AC", "S", DEFAULT, 100, id="aces around = 100"),
        pytest.param("KS KH KD KC", "H", DEFAULT, 80, id="kings around = 80"),
        pytest.param("KS KH KD KC QS", "S", DEFAULT, 120, id="KS in kings around and a trump marriage = 80+40"),
        pytest.param("QS QH QD QC", "H", DEFAULT, 60, id="queens around = 60"),
        pytest.param("JS JH JD JC", "H", DEFAULT, 40, id="jacks around = 40"),
        pytest.param("AS AH AD AC AS AH AD", "S", DEFAULT, 100, id="seven aces are one aces around = 100"),
        pytest.param("AS AH AD AC AS AH AD AC", "S", DEFAULT, 1000, id="double aces around = 1000"),
        pytest.param("KS KH KD KC KS KH KD KC", "S", DEFAULT, 800, id="double kings around = 800"),
        pytest.param("QS QH QD QC QS QH QD QC", "H", DEFAULT, 600, id="double queens around = 600"),
        pytest.param("JS JH JD JC JS JH JD JC", "S", DEFAULT, 400, id="double jacks around = 400"),
        pytest.param("AS AH AD AC AS AH AD AC", "S", PinochleRules(double_arounds="x2"), 200,
                     id="double arounds x2: aces = 200"),
        pytest.param("JS JH JD JC JS JH JD JC", "S", PinochleRules(double_arounds="x2"), 80,
                     id="double arounds x2: jacks = 80"),
        # misc
        pytest.param("KS QS", "H", DEFAULT, 20, id="marriage in a non-trump suit = 20"),
        pytest.param("KS QS KS QS", "H", DEFAULT, 40, id="two marriages in one suit = 40"),
        pytest.param("QS JD", "H", DEFAULT, 40, id="pinochle QS+JD = 40"),
        pytest.param("QS QS JD JD", "H", DEFAULT, 300, id="double pinochle = 300"),
        pytest.param("QS QS JD JD", "H", PinochleRules(double_pinochle=80), 80, id="double pinochle variant 80"),
        pytest.param("QS QS JD", "H", DEFAULT, 40, id="two QS one JD is one pinochle = 40"),
        pytest.param("KS QS JD", "H", DEFAULT, 60, id="the rules card: QS in a marriage and a pinochle = 20+40"),
        # round table and a full hand
        pytest.param(ROUND_TABLE, "S", DEFAULT, 240, id="round table is its parts: 80+60+40+3x20 = 240"),
        pytest.param(ROUND_TABLE, "H", DEFAULT, 240, id="round table, hearts trump = 240"),
        pytest.param(ROUND_TABLE + " JD", "S", DEFAULT, 280, id="round table + JD adds a pinochle = 280"),
        pytest.param("AH 10H KH QH JH 9H AS AD AC KS QS JD", "H", DEFAULT, 320,
                     id="12 cards: run 150 + dix 10 + aces 100 + marriage 20 + pinochle 40 = 320"),
        pytest.param("9S 10H JC AD KD 9C", "C", DEFAULT, 10, id="no meld but a dix = 10"),
        pytest.param("", "C", DEFAULT, 0, id="no cards = 0"),
        # simplified scheme divides meld by 10
        pytest.param("AD 10D KD QD JD QS JS JH JC", "D", A10, 23, id="A10: encyclopedia text hand = 23"),
        pytest.param("AH AH 10H 10H KH KH QH QH JH JH", "H", A10, 150, id="A10: double run = 150"),
        pytest.param("QS QS JD JD", "H", A10, 30, id="A10: double pinochle = 30"),
        pytest.param(ROUND_TABLE, "S", A10, 24, id="A10: round table = 24"),
        pytest.param("9H", "H", A10, 1, id="A10: dix = 1"),
    ],
)
def test_count_meld_total(cards, trump, rules, total):
    assert count_meld(cards, trump, rules).total == total


def _view(count):
    return [(item.name, item.points, " ".join(card.code for card in item.cards)) for item in count.items]


def test_items_of_the_encyclopedia_example_in_class_order():
    count = count_meld("QS JS JH JC AD 10D KD QD JD", "D")
    assert _view(count) == [
        ("run in trump", 150, "AD 10D KD QD JD"),
        ("jacks around", 40, "JS JH JD JC"),
        ("pinochle", 40, "QS JD"),
    ]
    assert count.total == sum(item.points for item in count.items)


def test_items_of_round_table_trump_arounds_misc():
    assert _view(count_meld(ROUND_TABLE + " 9S", "S")) == [
        ("trump marriage", 40, "KS QS"),
        ("dix", 10, "9S"),
        ("kings around", 80, "KS KH KD KC"),
        ("queens around", 60, "QS QH QD QC"),
        ("marriage", 20, "KH QH"),
        ("marriage", 20, "KD QD"),
        ("marriage", 20, "KC QC"),
    ]


def test_items_of_doubles():
    cards = "AH AH 10H 10H KH KH QH QH JH JH AS AS AD AD AC AC QS QS JD JD"
    assert _view(count_meld(cards, "H")) == [
        ("double run", 1500, "AH AH 10H 10H KH KH QH QH JH JH"),
        ("double aces around", 1000, "AS AS AH AH AD AD AC AC"),
        ("double pinochle", 300, "QS QS JD JD"),
    ]


def test_item_names_are_translatable_messages():
    item = count_meld("KS QS", "H").items[0]
    assert isinstance(item.name, Message) and item.name.template == "marriage"
    assert item == MeldItem("marriage", 20, (Card("K", "S"), Card("Q", "S")))


@pytest.mark.parametrize(
    "cards, trump",
    [
        pytest.param("AD 10D KD QD JD QS JS JH JC", "D", id="codes string"),
        pytest.param(["JC", "JH", "JS", "QS", "JD", "QD", "KD", "TD", "AD"], "d", id="list, T, lower-case trump"),
        pytest.param("a♦ 10♦ k♦ q♦ j♦ q♠ j♠ j♥ j♣", "♦", id="symbols and lower case"),
        pytest.param([Card("A", "D"), Card("10", "D"), "KD", "QD", "JD", "QS", "JS", "JH", "JC"], "D",
                     id="Card objects mixed with codes"),
    ],
)
def test_count_meld_accepts_every_card_form(cards, trump):
    assert count_meld(cards, trump) == MeldCount(230, count_meld("AD 10D KD QD JD QS JS JH JC", "D").items)


@pytest.mark.parametrize(
    "cards, trump, error, field, message",
    [
        pytest.param("AS 8H", "S", CardError, "cards", "8H is not in a pinochle deck (ranks A 10 K Q J 9)",
                     id="8H is not a pinochle card"),
        pytest.param("AS AS AS", "S", CardError, "cards", "AS appears 3 times; a pinochle deck has 2",
                     id="third copy of a card"),
        pytest.param("AS ZZ", "S", CardError, "cards",
                     "ZZ is not a card: write rank then suit, e.g. AS, 10H, TD, Q♠", id="not a card code"),
        pytest.param("AS", "N", TrumpError, "trump", "N is not a suit: choose one of S, H, D, C",
                     id="unknown trump"),
    ],
)
def test_count_meld_errors(cards, trump, error, field, message):
    with pytest.raises(error) as caught:
        count_meld(cards, trump)
    assert caught.value.field == field
    assert str(caught.value) == message
