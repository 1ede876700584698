"""Tables of three for cut-throat (three-handed) Pinochle leagues, one round at a time.

The promise (docs/rules.md §4, "Tables of three"): every
player for themself, three to a table (docs/rules.md §2). When the count is not a
multiple of three, one or two players sit out: those with the fewest byes so
far (season and tonight), so nobody sits out twice before everyone has once.
The others are grouped so that tonight's tables repeat as few earlier
meetings as possible: a pair's cost grows with the square of how often they
have already met (``history.opponents``), so two pairs meeting a second time
are preferred to one pair meeting a third time. The grouping is found by
local search (swap two players of different tables while that lowers the
cost) from seeded random starts; the cheapest grouping found wins, so the
same arguments always give the same round.
"""
from __future__ import annotations

import random
from itertools import combinations

from ..messages import gettext_noop as _
from .base import Round, SeatingHistory, Table, bye_order, check_people

STARTS = 24
"""Random starting groupings the local search improves (9–30 players settle in a few ms)."""


def seat_threes(players, *, history=None, seed: int = 0) -> Round:
    """One round of ``players`` at tables of three, ``len(players) % 3`` sitting out.

    ``history``: earlier :class:`Round` objects, a :class:`SeatingHistory` or a
    mapping ``{(a, b): meetings}`` (as for the other seaters); its ``byes``
    choose who sits out, its ``opponents`` who should not meet again. Tables
    are numbered in the order of their first player in ``players``; seats
    within a table follow ``players``' order too. Deterministic for a ``seed``.
    """
    players = check_people(
        players, "players", 3,
        _("tables of three need at least %(minimum)s players, not %(count)s"),
    )
    hist = SeatingHistory.coerce(history)
    rng = random.Random(seed)
    out = sorted(bye_order(players, hist.byes, rng)[: len(players) % 3])
    seated = [i for i in range(len(players)) if i not in out]
    met = {}
    for a, b in combinations(seated, 2):
        n = hist.opponents.get(frozenset((players[a], players[b])), 0)
        if n:
            met[a, b] = met[b, a] = n * n
    best, best_cost = None, None
    for _start in range(STARTS if met else 1):
        order = seated[:]
        rng.shuffle(order)
        groups = [order[k:k + 3] for k in range(0, len(order), 3)]
        cost = _improve(groups, met)
        if best_cost is None or cost < best_cost:
            best, best_cost = [sorted(g) for g in groups], cost
        if cost == 0:
            break
    tables = sorted(best, key=lambda g: g[0])
    return Round(tuple(Table(tuple(players[i] for i in g)) for g in tables),
                 tuple(players[i] for i in out))


def _table_cost(group, met) -> int:
    a, b, c = group
    return met.get((a, b), 0) + met.get((a, c), 0) + met.get((b, c), 0)


def _improve(groups: list[list[int]], met: dict) -> int:
    """Swap players between tables while a swap lowers the total cost; the final cost."""
    if not met:
        return 0
    costs = [_table_cost(g, met) for g in groups]
    improved = True
    while improved:
        improved = False
        for x, y in combinations(range(len(groups)), 2):
            for i in range(3):
                for j in range(3):
                    gx, gy = groups[x], groups[y]
                    gx[i], gy[j] = gy[j], gx[i]
                    cx, cy = _table_cost(gx, met), _table_cost(gy, met)
                    if cx + cy < costs[x] + costs[y]:
                        costs[x], costs[y] = cx, cy
                        improved = True
                    else:
                        gx[i], gy[j] = gy[j], gx[i]
    return sum(costs)
