"""The play (pegging): points for each card laid in one count (docs/rules.md §6, the Chinese cribbage text).

A count runs from 0 and never passes 31. The card that makes the count 15
or 31 scores 2; a card that pairs the previous one 2, three of a kind 6,
four 12 (the most recent cards of the same rank); a card that completes a
run of 3–7 among the most recent cards, in any order, scores the run's
length (the longest such tail). The go, or last card, is 1 when the count
ends under 31 and is entered separately (:func:`go_point`).

Pegging depends only on ranks, so a play may be a card (``"5H"``) or a bare
rank (``"5"``, ``"T"``, ``"K"``).
"""
from __future__ import annotations

import re
from collections import Counter

from ..cards import Card, parse_card
from ..messages import gettext_noop as _
from .show import RANK_NUMBERS, CribbageError, pip_value, rank_number

MAX_COUNT = 31
_RANK_ONLY = re.compile(r"^(10|T|[AKQJ2-9])$", re.IGNORECASE)
_SAME_RANK_POINTS = {1: 0, 2: 2, 3: 6, 4: 12}
_RANK_LABELS = {number: label for label, number in RANK_NUMBERS.items()}


def _parse_play(play, field: str) -> tuple[int, Card | None]:
    if isinstance(play, str) and _RANK_ONLY.match(play.strip()):
        rank = play.strip().upper()
        return RANK_NUMBERS["10" if rank == "T" else rank], None
    card = parse_card(play, field=field)
    return rank_number(card), card


def parse_plays(cards, *, field: str = "pegging") -> tuple[tuple[int, Card | None], ...]:
    """The plays of one count as ``(rank number, card or None)``, checked.

    Refuses a card entered twice, more than 4 of a rank, and a count over 31
    (:class:`CribbageError` naming ``field`` and the count reached).
    """
    if isinstance(cards, str):
        cards = [c for c in re.split(r"[\s,;]+", cards) if c]
    plays = tuple(_parse_play(c, field) for c in cards)
    seen: set[Card] = set()
    for _rank, card in plays:
        if card is not None:
            if card in seen:
                raise CribbageError(field, _("%(card)s is played twice in one count"), card=card.code)
            seen.add(card)
    for rank, n in Counter(rank for rank, _card in plays).items():
        if n > 4:
            raise CribbageError(
                field, _("%(n)d cards of rank %(rank)s; a deck has 4"), n=n, rank=_RANK_LABELS[rank]
            )
    count = 0
    for rank, card in plays:
        count += pip_value(rank)
        if count > MAX_COUNT:
            raise CribbageError(
                field,
                _("the count reaches %(count)d with %(card)s; it may not pass 31"),
                count=count,
                card=card.code if card else _RANK_LABELS[rank],
            )
    return plays


def last_play_points(ranks: list[int], count: int) -> int:
    """Points for the last of ``ranks`` (rank numbers of the count so far), making ``count``."""
    points = 2 if count in (15, MAX_COUNT) else 0
    same = 1
    while same < len(ranks) and ranks[-1 - same] == ranks[-1]:
        same += 1
    points += _SAME_RANK_POINTS[same]
    if same == 1:
        for length in range(min(7, len(ranks)), 2, -1):
            tail = ranks[-length:]
            if len(set(tail)) == length and max(tail) - min(tail) == length - 1:
                points += length
                break
    return points


def peg_points(cards) -> tuple[int, ...]:
    """Points earned by each play of one count, in order, without the go point.

    Fifteen 2, thirty-one 2, pair 2 / three of a kind 6 / four 12 (the most
    recent cards of one rank), a run of 3–7 among the most recent cards in any
    order = its length (the longest qualifying tail). ``peg_points("5H 5D KS")``
    is ``(0, 2, 0)`` and ``"7 8"`` is ``(0, 2)``.
    """
    plays = parse_plays(cards)
    ranks: list[int] = []
    count = 0
    points = []
    for rank, _card in plays:
        ranks.append(rank)
        count += pip_value(rank)
        points.append(last_play_points(ranks, count))
    return tuple(points)


def count_of(cards) -> int:
    """The running count after these plays (checked like :func:`peg_points`)."""
    return sum(pip_value(rank) for rank, _card in parse_plays(cards))


def go_point(count: int) -> int:
    """The go (last card) point for the player who laid the last card of a count.

    1 when the count ends under 31, 0 at 31 (the 31 already scored 2).
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise CribbageError(
            "pegging", _("a count that ends is 1 to 31; %(count)s given"), count=count
        )
    return 0 if count == MAX_COUNT else 1
