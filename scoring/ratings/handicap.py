"""The season handicap: points a game added from last season's rating (docs/ratings.md §Handicap).

Pure arithmetic. For each entrant, ``R`` is its rating (ordinal, mu − 3·sigma)
as it stood when the season started (an entrant never rated counts the start
rating, 0; a team counts the mean of its two players). ``top`` is the highest
``R`` among the season's entrants. With the season's ``per_point`` (points per
rating point) and ``cap``::

    handicap = min(cap, round_half_up(per_point × (top − R)))

so the best-rated entrant gets 0 and nobody more than ``cap`` a game. The
handicap is its own column: the handicapped total is ``points + handicap ×
games``, a separate number; raw points are never changed.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Hashable, Mapping

START_ORDINAL = 0.0


def round_half_up(value: float) -> int:
    """``2.5 -> 3``, ``-2.5 -> -3`` (Python's ``round`` would give 2)."""
    return int(Decimal(repr(value)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def handicaps(ratings: Mapping[Hashable, float | None], per_point: int, cap: int) -> dict[Hashable, int]:
    """Each entrant's handicap a game; ``None`` in ``ratings`` is an entrant never rated.

    ``per_point`` 0 means no handicap (every entrant 0)."""
    if per_point < 0 or cap < 0:
        raise ValueError("per_point and cap are whole numbers of at least 0")
    values = {e: START_ORDINAL if r is None else float(r) for e, r in ratings.items()}
    if not values or per_point == 0:
        return {e: 0 for e in values}
    top = max(values.values())
    return {e: min(cap, round_half_up(per_point * (top - r))) for e, r in values.items()}


def handicapped_points(points: int, games: int, handicap: int) -> int:
    """The handicapped total: raw points plus the handicap once per game played."""
    return points + handicap * games
