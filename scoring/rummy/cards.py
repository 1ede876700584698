"""Card values of the rummy-style game (the Thai text, "ลำดับและมูลค่าของการ์ด").

Two 52-card decks and four jokers (two per deck). Jokers and the eight deuces
are wild and worth 30 wherever they lie; aces 15; K Q J 10 9 8 10 each (the
jack 15 under ``jack_value=15``, see :class:`~scoring.rummy.rules.RummyRules`);
7 6 5 4 3 5 each. A joker is written ``JK`` (or ``JOKER``, ``🃏``).
"""
from __future__ import annotations

import re
from typing import Iterable

from ..cards import Card, parse_card
from ..errors import CardError
from ..messages import gettext_noop as _
from .rules import RummyRules

JOKER = "JK"
WILD = 30
RANK_VALUES = {"A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
               "7": 5, "6": 5, "5": 5, "4": 5, "3": 5, "2": WILD}
NATURAL_RANKS = tuple(rank for rank in RANK_VALUES if rank != "2")
"""Ranks a wild can stand for: A K Q J 10 9 8 7 6 5 4 3 (deuces are always wild)."""


def rank_value(rank: str, rules: RummyRules = RummyRules()) -> int:
    """Points of a natural ``rank`` (or of a deuce, 30) under ``rules``."""
    if rank == "J":
        return rules.jack_value
    return RANK_VALUES[rank]


def card_value(card: str | Card, rules: RummyRules = RummyRules()) -> int:
    """Points of one card: a joker or a deuce 30, A 15, K…8 10, 7…3 5."""
    if is_joker(card):
        return WILD
    return rank_value(parse_card(card).rank, rules)


def cards_value(cards: str | Iterable[str | Card], rules: RummyRules = RummyRules()) -> int:
    """Total points of ``cards`` (a string of codes or a list), e.g. for cards left in hand.

    ``"JK 2H AS KD 7C"`` = 30 + 30 + 15 + 10 + 5 = 90. A code that is not a
    card raises ``CardError`` on field ``cards``.
    """
    codes = [c for c in re.split(r"[\s,;]+", cards) if c] if isinstance(cards, str) else list(cards)
    total = 0
    for code in codes:
        try:
            total += card_value(code, rules)
        except CardError:
            raise CardError(
                "cards", _("%(code)s is not a card: write rank then suit (AS, 10H, 2C) or JK for a joker"),
                code=str(code),
            ) from None
    return total


def is_joker(card) -> bool:
    """``card`` is a joker code: ``JK``, ``JOKER`` or ``🃏`` in any case."""
    return isinstance(card, str) and card.strip().upper() in (JOKER, "JOKER", "🃏")
