"""Cards and decks.

Card codes (docs/rules.md, "Card codes"): rank then suit, ranks
``A 10 K Q J 9 8 7 6 5 4 3 2`` (``T`` also means 10), suits ``S H D C`` or
``♠ ♥ ♦ ♣``, case-insensitive, e.g. ``"AS 10H TD QS JD 9C"``.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from .errors import CardError
from .messages import gettext_noop as _

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")}
RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7", "6", "5", "4", "3", "2")
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_CODE = re.compile(r"^(10|T|[AKQJ2-9])([SHDC♠♥♦♣])$", re.IGNORECASE)


@dataclass(frozen=True, order=False)
class Card:
    """One card: ``rank`` in :data:`RANKS`, ``suit`` in :data:`SUITS`."""

    rank: str
    suit: str

    @property
    def code(self) -> str:
        """The canonical code, e.g. ``"10H"``."""
        return f"{self.rank}{self.suit}"

    @property
    def symbol(self) -> str:
        """The code with a suit symbol, e.g. ``"10♥"``."""
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class Deck:
    """A deck: which ranks it has and how many copies of each card."""

    name: str
    ranks: tuple[str, ...]
    copies: int

    @property
    def size(self) -> int:
        return len(self.ranks) * len(SUITS) * self.copies

    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck, each repeated ``copies`` times."""
        return tuple(
            Card(r, s) for s in SUITS for r in self.ranks for _ in range(self.copies)
        )


PINOCHLE = Deck("pinochle", ("A", "10", "K", "Q", "J", "9"), 2)
DOUBLE_DECK = Deck("double-deck pinochle", ("A", "10", "K", "Q", "J"), 4)
STANDARD = Deck("standard", RANKS, 1)


def parse_card(code: str | Card, *, field: str = "cards") -> Card:
    """One card from its code (``"TD"``, ``"10♦"``, ``"qs"``)."""
    if isinstance(code, Card):
        return code
    text = str(code).strip()
    m = _CODE.match(text)
    if not m:
        raise CardError(
            field,
            _("%(code)s is not a card: write rank then suit, e.g. AS, 10H, TD, Q♠"),
            code=text or "''",
        )
    rank = m.group(1).upper()
    rank = "10" if rank == "T" else rank
    suit = m.group(2).upper()
    suit = _SYMBOL_TO_SUIT.get(suit, suit)
    return Card(rank, suit)


def parse_cards(
    cards: str | Iterable[str | Card], *, deck: Deck = PINOCHLE, field: str = "cards"
) -> tuple[Card, ...]:
    """Parse a space- or comma-separated string (or a list) of card codes.

    Raises :class:`~scoring.errors.CardError` naming ``field`` for a code that
    is not a card, a card that the ``deck`` does not have (a ``8H`` in a
    pinochle deck), or more copies of a card than the deck holds (a third
    ``QS`` in a pinochle deck).
    """
    if isinstance(cards, str):
        codes = [c for c in re.split(r"[\s,;]+", cards) if c]
    else:
        codes = list(cards)
    parsed = tuple(parse_card(c, field=field) for c in codes)
    for card in parsed:
        if card.rank not in deck.ranks:
            raise CardError(
                field,
                _("%(card)s is not in a %(deck)s deck (ranks %(ranks)s)"),
                card=card.code,
                deck=deck.name,
                ranks=" ".join(deck.ranks),
            )
    for card, n in Counter(parsed).items():
        if n > deck.copies:
            raise CardError(
                field,
                _("%(card)s appears %(n)d times; a %(deck)s deck has %(copies)d"),
                card=card.code,
                n=n,
                deck=deck.name,
                copies=deck.copies,
            )
    return parsed


def parse_suit(suit: str, *, field: str = "trump") -> str:
    """A suit letter from ``"S"``, ``"s"`` or ``"♠"``."""
    from .errors import TrumpError

    text = str(suit or "").strip().upper()
    text = _SYMBOL_TO_SUIT.get(text, text)
    if text not in SUITS:
        raise TrumpError(
            field,
            _("%(suit)s is not a suit: choose one of S, H, D, C"),
            suit=str(suit) or "''",
        )
    return text
