"""Counting one player's meld (docs/rules.md §5, "Meld"; the Chinese encyclopedia text).

Three classes of meld: trump (run, double run, trump marriages, dix), arounds
(aces, kings, queens, jacks: one of each suit, or all eight) and misc
(marriages in the other suits, pinochle, double pinochle). A card may serve in
melds of different classes, never twice in one class; the only rule between
two kinds of the same class is that a king or queen inside the run cannot also
form a trump marriage (the Chinese encyclopedia text). A non-trump Q♠ may be in a marriage and a
pinochle at once (the rules card: "Q♠ in a marriage and a pinochle").
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from ..cards import PINOCHLE, SUITS, Card, parse_cards, parse_suit
from ..messages import gettext_noop as _
from .double_deck import count_double_deck_meld
from .items import MeldCount, MeldItem, make_item
from .rules import PinochleRules

RUN_RANKS = ("A", "10", "K", "Q", "J")
RUN = 150
TRUMP_MARRIAGE = 40
DIX = 10
MARRIAGE = 20
PINOCHLE_MELD = 40
AROUNDS = (
    # rank, one of each suit, its name, the name of all eight
    ("A", 100, _("aces around"), _("double aces around")),
    ("K", 80, _("kings around"), _("double kings around")),
    ("Q", 60, _("queens around"), _("double queens around")),
    ("J", 40, _("jacks around"), _("double jacks around")),
)
DOUBLE_AROUND_FACTOR = {"x10": 10, "x2": 2}


def count_meld(
    cards: str | Iterable[str | Card], trump: str, rules: PinochleRules = PinochleRules()
) -> MeldCount:
    """Count the meld in ONE player's ``cards`` with ``trump`` named (docs/rules.md §5).

    Trump class: a run A-10-K-Q-J of trump 150, two runs make a double run
    worth ``rules.double_run`` instead; trump marriages 40 each from the kings
    and queens the runs leave over (``min(extra K, extra Q)``), or with
    ``rules.extra_card_marries`` an extra K or Q also marries the run's
    partner (``min(K, Q, extra K + extra Q)``); dix (9 of trump) 10 each.
    Arounds: one of each suit 100/80/60/40 for A/K/Q/J, all eight ×10 (or ×2
    under ``double_arounds="x2"``). Misc: marriage K-Q in another suit 20
    each, pinochle Q♠+J♦ 40, both pairs ``rules.double_pinochle``. A "round
    table" is the sum of its parts. Under trick scheme A10 every value is ÷10.

    The Chinese encyclopedia text: with ♦ trump ``AD 10D KD QD JD QS JS JH JC`` = 230; with ♣ trump
    ``AC 10C KC KC QC JC`` = 150 and with a second ``QC`` 190.

    ``cards`` is a string or list of codes (or :class:`Card`); a bad code or a
    third copy raises ``CardError`` on field ``cards``, a bad suit
    ``TrumpError`` on field ``trump``. Any number of cards counts the same
    way: a three-handed player's 15, or the bidder's 18 with the widow.

    With :class:`~scoring.pinochle.double_deck.DoubleDeckRules` the 80-card
    deck's table applies (:func:`~scoring.pinochle.double_deck.count_double_deck_meld`).
    """
    if rules.deck is not PINOCHLE:
        return count_double_deck_meld(cards, trump, rules)
    hand = Counter(parse_cards(cards, deck=PINOCHLE, field="cards"))
    trump = parse_suit(trump, field="trump")
    items = [*_trump_class(hand, trump, rules), *_arounds(hand, rules), *_misc(hand, trump, rules)]
    items = [
        MeldItem(item.name, item.points // rules.meld_scale, item.cards) for item in items
    ]
    return MeldCount(sum(item.points for item in items), tuple(items))


def _trump_class(hand: Counter, trump: str, rules: PinochleRules) -> list[MeldItem]:
    items = []
    runs = min(hand[Card(rank, trump)] for rank in RUN_RANKS)
    run_cards = tuple(Card(rank, trump) for rank in RUN_RANKS)
    if runs == 2:
        items.append(make_item(_("double run"), rules.double_run, run_cards * 2))
    elif runs == 1:
        items.append(make_item(_("run in trump"), RUN, run_cards))
    kings, queens = hand[Card("K", trump)], hand[Card("Q", trump)]
    extra = (kings - runs) + (queens - runs)
    if rules.extra_card_marries:
        marriages = min(kings, queens, extra)
    else:
        marriages = min(kings - runs, queens - runs)
    for _n in range(marriages):
        items.append(make_item(_("trump marriage"), TRUMP_MARRIAGE, (Card("K", trump), Card("Q", trump))))
    for _n in range(hand[Card("9", trump)]):
        items.append(make_item(_("dix"), DIX, (Card("9", trump),)))
    return items


def _arounds(hand: Counter, rules: PinochleRules) -> list[MeldItem]:
    items = []
    factor = DOUBLE_AROUND_FACTOR[rules.double_arounds]
    for rank, points, name, double_name in AROUNDS:
        sets = min(hand[Card(rank, suit)] for suit in SUITS)
        around = tuple(Card(rank, suit) for suit in SUITS)
        if sets == 2:
            items.append(make_item(double_name, points * factor, around * 2))
        elif sets == 1:
            items.append(make_item(name, points, around))
    return items


def _misc(hand: Counter, trump: str, rules: PinochleRules) -> list[MeldItem]:
    items = []
    for suit in SUITS:
        if suit == trump:
            continue
        for _n in range(min(hand[Card("K", suit)], hand[Card("Q", suit)])):
            items.append(make_item(_("marriage"), MARRIAGE, (Card("K", suit), Card("Q", suit))))
    pinochle = (Card("Q", "S"), Card("J", "D"))
    pinochles = min(hand[card] for card in pinochle)
    if pinochles == 2:
        items.append(make_item(_("double pinochle"), rules.double_pinochle, pinochle * 2))
    elif pinochles == 1:
        items.append(make_item(_("pinochle"), PINOCHLE_MELD, pinochle))
    return items
