"""Swiss pairing for one-against-one leagues (cribbage): one round at a time.

The promise (docs/rules.md §4, "Seating a night": Swiss-style pairing by game
points, no repeat opponent in a night while avoidable): players are ranked by their score so
far (the season's game points), neighbours in that ranking play each other,
and a pair that has already met tonight is avoided by swapping down to the
next player, backtracking when the bottom of the field is stuck.

Why no repeat is avoidable within a bound: after ``r`` rounds each of the
``m`` players paired this round (everyone but the bye) has met at most ``r``
of the other ``m - 1``, so each still has at least ``m - 1 - r`` fresh
opponents. When ``r <= m / 2 - 1`` that is at least ``m / 2``, and a graph on
``m`` vertices (``m`` even) of minimum degree ``m / 2`` has a Hamiltonian
cycle (Dirac), hence a perfect matching: a round without a repeat exists, and
the search below, which is exhaustive, finds one. Beyond that bound it finds
one whenever one exists, and otherwise the pairing with the fewest repeats.
"""
from __future__ import annotations

import math
from numbers import Real
from typing import Mapping

from ..messages import gettext_noop as _
from .base import Round, SeatingError, SeatingHistory, Table, check_people

# States of the exhaustive search (sets of players still to pair) before it
# settles for a greedy pairing improved by swaps (about 0.3 s of search).
# Within the bound above, simulated nights of 9–40 players never needed even
# 2,000; only large fields far beyond it (everyone has met nearly everyone)
# reach it.
SEARCH_BUDGET = 50_000


def pair_swiss(players, scores, *, history=None, seed: int = 0) -> Round:
    """One round of Swiss pairing of ``players``, two to a table.

    Players are ranked by ``scores`` (player → score so far, e.g. the season's
    game points; a player not in it has 0), highest first, ties in the order
    given. With an odd count the bye goes to the lowest-ranked player among
    those with the fewest byes so far (``history.byes``). The others are paired
    top-down, each with the nearest player below who is not yet paired and
    whom they have not met (``history.opponents``), swapping down and
    backtracking as needed: the result is the pairing with the fewest repeated
    meetings (a pair meeting a third time weighs more than every pair of the
    round meeting a second time), and among those the first in top-down
    neighbour order, so with no history it is 1–2, 3–4, 5–6, ... Each table is
    ``Table((higher ranked, lower ranked))``, tables in ranking order.

    ``history``: earlier :class:`Round` objects, a :class:`SeatingHistory` or
    a mapping ``{(a, b): meetings}``, as for :func:`pair_teams`. The pairing is
    fully determined by the players' order, the scores and the history;
    ``seed`` is accepted like the other seaters' and does not change it, so
    the same arguments always give the same round.
    """
    players = check_people(
        players, "players", 2,
        _("Swiss pairing needs at least %(minimum)s players, not %(count)s"),
    )
    scores = _check_scores(scores)
    hist = SeatingHistory.coerce(history)
    ranked = sorted(players, key=lambda p: -scores.get(p, 0))  # stable: ties keep the given order
    out = ()
    if len(ranked) % 2:
        fewest = min(hist.byes.get(p, 0) for p in ranked)
        bye = next(p for p in reversed(ranked) if hist.byes.get(p, 0) == fewest)
        ranked.remove(bye)
        out = (bye,)
    met = [[hist.opponents.get(frozenset((a, b)), 0) for b in ranked] for a in ranked]
    pairs = _pairing(met)
    return Round(tables=tuple(Table((ranked[i], ranked[j])) for i, j in pairs), sitting_out=out)


def _check_scores(scores) -> Mapping:
    if not isinstance(scores, Mapping):
        raise SeatingError(
            "scores",
            _("scores must map each player to their score so far (e.g. game points)"),
        )
    for player, value in scores.items():
        if isinstance(value, bool) or not isinstance(value, Real) or not math.isfinite(value):
            raise SeatingError(
                "scores",
                _("the score of %(player)s must be a number, not %(value)s"),
                player=player, value=repr(value),
            )
    return scores


def _weights(met) -> list[list[int]]:
    """Cost of pairing ``i`` and ``j``: 0 for a first meeting, ``base ** (c - 1)``
    after ``c`` meetings, ``base`` above the number of tables, so one pair
    meeting a third time outweighs every pair of the round meeting a second time."""
    base = len(met) // 2 + 1
    return [[0 if c <= 0 else base ** (c - 1) for c in row] for row in met]


class _OverBudget(Exception):
    pass


def _pairing(met) -> list[tuple[int, int]]:
    """Pairs of ranking indices: least total weight, then first in top-down order."""
    m = len(met)
    if not m:
        return []
    weight = _weights(met)
    try:
        return _search(weight)
    except _OverBudget:
        return _greedy(weight)


def _search(weight) -> list[tuple[int, int]]:
    """Exhaustive search over who the top unpaired player meets, best first.

    ``best[mask]`` is the least weight of pairing the players in ``mask`` and
    the partner of its top player in the first such pairing; a zero-weight
    pairing (no repeat) ends the search at once."""
    m = len(weight)
    best: dict[int, tuple[int, int]] = {}
    budget = [SEARCH_BUDGET]

    def solve(mask: int) -> int:
        if not mask:
            return 0
        hit = best.get(mask)
        if hit is not None:
            return hit[0]
        budget[0] -= 1
        if budget[0] < 0:
            raise _OverBudget
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        cost, partner = None, None
        row = weight[i]
        for j in range(i + 1, m):
            if not rest >> j & 1 or (cost is not None and row[j] >= cost):
                continue
            total = row[j] + solve(rest & ~(1 << j))
            if cost is None or total < cost:
                cost, partner = total, j
                if not cost:
                    break
        best[mask] = (cost, partner)
        return cost

    mask = (1 << m) - 1
    solve(mask)
    pairs = []
    while mask:
        i = (mask & -mask).bit_length() - 1
        j = best[mask][1]
        pairs.append((i, j))
        mask &= ~(1 << i) & ~(1 << j)
    return pairs


def _greedy(weight) -> list[tuple[int, int]]:
    """Top-down, each with the lightest nearest partner, then swaps between two
    tables while the total weight goes down (for searches over budget)."""
    free = list(range(len(weight)))
    pairs = []
    while free:
        i = free.pop(0)
        j = min(free, key=lambda k: (weight[i][k], k))
        free.remove(j)
        pairs.append([i, j])
    improved = True
    while improved:
        improved = False
        for x in range(len(pairs)):
            for y in range(x + 1, len(pairs)):
                (a, b), (c, d) = pairs[x], pairs[y]
                now = weight[a][b] + weight[c][d]
                for p, q in (((a, c), (b, d)), ((a, d), (b, c))):
                    if weight[p[0]][p[1]] + weight[q[0]][q[1]] < now:
                        pairs[x], pairs[y] = sorted(p), sorted(q)
                        (a, b), (c, d) = pairs[x], pairs[y]
                        now = weight[a][b] + weight[c][d]
                        improved = True
    pairs.sort()
    return [tuple(p) for p in pairs]
