"""What a meld count returns: the melds found and their total (docs/rules.md §5, §1)."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import PINOCHLE, SUITS, Card
from ..messages import Message


@dataclass(frozen=True)
class MeldItem:
    """One meld on the table: its ``name``, its ``points`` and the ``cards`` shown."""

    name: Message
    points: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class MeldCount:
    """One player's meld: the ``total`` and the ``items`` that make it.

    Items come in class order: trump (run, trump marriages, dix), arounds
    (aces, kings, queens, jacks), misc (marriages by suit, pinochle).
    """

    total: int
    items: tuple[MeldItem, ...]


def make_item(template: str, points: int, cards: tuple[Card, ...]) -> MeldItem:
    """A :class:`MeldItem` named by ``template``, its cards in suit then rank order."""
    return MeldItem(Message(template), points, tuple(sorted(cards, key=card_order)))


def card_order(card: Card) -> tuple[int, int]:
    """Sort key: suit S H D C, then rank A 10 K Q J 9."""
    return SUITS.index(card.suit), PINOCHLE.ranks.index(card.rank)
