"""Card codes (docs/rules.md, "Card codes"): rank then suit, T = 10, symbols, any case."""
import pytest

from scoring.cards import PINOCHLE, STANDARD, Card, parse_cards, parse_suit
from scoring.errors import CardError, TrumpError


@pytest.mark.parametrize(
    "text, codes",
    [
        pytest.param("AS 10H TD QS JD 9C", ["AS", "10H", "10D", "QS", "JD", "9C"], id="codes, T means 10"),
        pytest.param("A♠ 10♥ K♦ Q♣", ["AS", "10H", "KD", "QC"], id="suit symbols"),
        pytest.param("as th kd qc", ["AS", "10H", "KD", "QC"], id="lower case"),
        pytest.param("AS,10H; KD\tQC", ["AS", "10H", "KD", "QC"], id="commas, semicolons and tabs separate"),
        pytest.param("", [], id="empty string is no cards"),
        pytest.param("QS QS", ["QS", "QS"], id="two copies in a pinochle deck"),
    ],
)
def test_parse_cards(text, codes):
    assert [card.code for card in parse_cards(text)] == codes


def test_parse_cards_accepts_a_list_of_codes_and_cards():
    assert parse_cards(["AS", Card("10", "H"), "t♦"]) == (Card("A", "S"), Card("10", "H"), Card("10", "D"))


def test_card_code_and_symbol():
    card = parse_cards("th")[0]
    assert (card.code, card.symbol, str(card)) == ("10H", "10♥", "10H")


@pytest.mark.parametrize(
    "text, deck, message",
    [
        pytest.param(
            "AS XX", PINOCHLE, "XX is not a card: write rank then suit, e.g. AS, 10H, TD, Q♠",
            id="bad code",
        ),
        pytest.param(
            "1S", PINOCHLE, "1S is not a card: write rank then suit, e.g. AS, 10H, TD, Q♠", id="rank 1 is no rank"
        ),
        pytest.param(
            "QS qs Q♠", PINOCHLE, "QS appears 3 times; a pinochle deck has 2", id="third copy in pinochle"
        ),
        pytest.param(
            "8H", PINOCHLE, "8H is not in a pinochle deck (ranks A 10 K Q J 9)", id="8H is not in a pinochle deck"
        ),
        pytest.param("2C 2C", STANDARD, "2C appears 2 times; a standard deck has 1", id="second copy in standard"),
    ],
)
def test_parse_cards_errors(text, deck, message):
    with pytest.raises(CardError) as caught:
        parse_cards(text, deck=deck, field="hand")
    assert caught.value.field == "hand"
    assert str(caught.value) == message


def test_standard_deck_has_every_rank():
    cards = parse_cards("2C 3D 4H 5S 6C 7D 8H 9S 10C JD QH KS AC", deck=STANDARD)
    assert len(cards) == 13
    assert STANDARD.size == 52 and len(STANDARD.cards()) == 52


def test_pinochle_deck_is_48_cards_two_of_each():
    assert PINOCHLE.size == 48
    assert len(PINOCHLE.cards()) == 48 and PINOCHLE.cards().count(Card("9", "S")) == 2


@pytest.mark.parametrize(
    "text, suit",
    [
        pytest.param("S", "S", id="letter"),
        pytest.param("h", "H", id="lower-case letter"),
        pytest.param("♦", "D", id="symbol"),
        pytest.param(" C ", "C", id="spaces around"),
    ],
)
def test_parse_suit(text, suit):
    assert parse_suit(text) == suit


@pytest.mark.parametrize(
    "text, message",
    [
        pytest.param("X", "X is not a suit: choose one of S, H, D, C", id="unknown letter"),
        pytest.param("", "'' is not a suit: choose one of S, H, D, C", id="empty"),
    ],
)
def test_parse_suit_error(text, message):
    with pytest.raises(TrumpError) as caught:
        parse_suit(text)
    assert caught.value.field == "trump"
    assert str(caught.value) == message
