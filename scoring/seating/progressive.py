"""Progressive pinochle seating: partners change every round.

The promise (docs/rules.md §4, "Seating a night"): no one partners the same player twice in a night
while avoidable, opponents spread as evenly as possible, and when the count is
not a multiple of four the league chooses three-handed tables or sit-outs.
"""
from __future__ import annotations

import random

from ..messages import gettext_noop as _
from .base import (
    Round, SeatingError, SeatingHistory, Table, bye_schedule, check_people, check_rounds,
)

ODD_CHOICES = ("sit_out", "three_handed")

# Cost weights, strictly ranked: one repeated partner outweighs any spread of
# three-handed games, which outweighs any spread of opponents.
PARTNER = 10**12
THREE = 10**6
OPPONENT = 1


def table_sizes(n: int, odd: str) -> tuple[int, int]:
    """Tables of four and of three for ``n`` players.

    ``sit_out``: ``n // 4`` tables of four; the other ``n % 4`` sit out.
    ``three_handed``: as many tables of four as leave a multiple of three
    (13 = 4 + 3×3, 14 = 2×4 + 2×3, 15 = 3×4 + 3); every player is seated,
    except with 5 players, who get one table of four and one sit-out (seating
    three would leave two out).
    """
    if odd == "sit_out" or n == 5:
        return n // 4, 0
    threes = {0: 0, 1: 3, 2: 2, 3: 1}[n % 4]
    return (n - 3 * threes) // 4, threes


def seat_progressive(players, rounds: int, *, odd: str = "sit_out", history=None,
                     seed: int = 0) -> tuple[Round, ...]:
    """Seat ``players`` for ``rounds`` rounds of progressive partnership pinochle.

    Each round seats every checked-in player exactly once, at tables of four
    (partners in seats N–S and E–W) and, with ``odd="three_handed"``, tables
    of three (cut-throat, see :func:`table_sizes`); the others sit out. Sit-outs
    go to whoever has sat out least (``history`` included), so nobody sits out
    twice before everyone has once. Within those rules the seating minimises,
    in this order: repeated partners, uneven three-handed games, uneven
    opponents (a sum of squares of meeting counts), by local search with
    restarts. With ``r`` rounds, no history, and ``m`` players at tables of
    four per round, no partner repeats whenever ``r <= m / 2`` (every player
    then has at least ``m / 2`` fresh partners left, so an improving swap
    always exists); in practice a partner repeats only when counting forces it.
    ``history`` (earlier :class:`Round` objects, usually this night's rounds
    before a walk-in arrived, or a :class:`SeatingHistory`) counts as if played
    in this call. The same arguments and ``seed`` always
    give the same seating.
    """
    players = check_people(
        players, "players", 4,
        _("progressive seating needs at least %(minimum)s players, not %(count)s"),
    )
    rounds = check_rounds(rounds)
    if odd not in ODD_CHOICES:
        raise SeatingError(
            "odd",
            _("odd must be 'sit_out' or 'three_handed', not %(odd)s"),
            odd=repr(odd),
        )
    hist = SeatingHistory.coerce(history)
    n = len(players)
    fours, threes = table_sizes(n, odd)
    rng = random.Random(seed)
    out = bye_schedule(players, n - 4 * fours - 3 * threes, rounds, hist.byes, rng)
    layout = _Search(players, fours, threes, out, hist, rng).run()
    return tuple(
        Round(
            tables=tuple(Table(tuple(players[i] for i in t)) for t in tables),
            sitting_out=tuple(players[i] for i in sorted(out[r])),
        )
        for r, tables in enumerate(layout)
    )


def _even_squares(total: int, bins: int) -> int:
    """The least sum of squares of ``bins`` whole numbers adding up to ``total``."""
    q, extra = divmod(total, bins)
    return extra * (q + 1) ** 2 + (bins - extra) * q * q


class _Search:
    """Local search over all rounds at once: swap two players of a round, or
    re-pair a table of four, while the weighted cost goes down."""

    MAX_SWEEPS = 200

    def __init__(self, players, fours, threes, out, hist: SeatingHistory, rng):
        self.n = n = len(players)
        self.fours, self.threes = fours, threes
        self.out = [set(o) for o in out]
        self.rng = rng
        index = {p: i for i, p in enumerate(players)}
        self.h_part = [[0] * n for _ in range(n)]
        self.h_opp = [[0] * n for _ in range(n)]
        for counts, matrix in ((hist.partners, self.h_part), (hist.opponents, self.h_opp)):
            for pair, c in counts.items():
                ij = [index[p] for p in pair if p in index]
                if len(ij) == 2:
                    i, j = ij
                    matrix[i][j] = matrix[j][i] = c
        self.h_three = [hist.three_handed.get(p, 0) for p in players]
        empty = not (hist.partners or hist.opponents or hist.three_handed)
        self.lower_bound = self._lower_bound() if empty else -1
        seats = len(out) * (4 * fours + 3 * threes)
        self.attempts = max(2, min(8, 2400 // max(seats, 1)))

    def _lower_bound(self) -> int:
        opp = sum(
            _even_squares(2 * sum(i not in o for o in self.out), self.n - 1)
            for i in range(self.n)
        ) // 2
        three = _even_squares(3 * self.threes * len(self.out), self.n)
        return OPPONENT * opp + THREE * three

    def run(self) -> list:
        best, best_cost = None, None
        for _attempt in range(self.attempts):
            layout = self._attempt()
            cost = self._cost()
            if best_cost is None or cost < best_cost:
                best, best_cost = [[t[:] for t in r] for r in layout], cost
            if best_cost <= self.lower_bound:
                break
        return best

    def _cost(self) -> int:
        part, opp = self.part, self.opp
        total = 0
        for i in range(self.n):
            for j in range(i + 1, self.n):
                c = part[i][j]
                total += PARTNER * c * (c - 1) // 2 + OPPONENT * opp[i][j] ** 2
        return total + THREE * sum(c * c for c in self.three)

    def _attempt(self) -> list:
        self.part = [r[:] for r in self.h_part]
        self.opp = [r[:] for r in self.h_opp]
        self.three = self.h_three[:]
        self.layout = []
        for out in self.out:
            active = [i for i in range(self.n) if i not in out]
            self.rng.shuffle(active)
            k = 4 * self.fours
            tables = [active[i:i + 4] for i in range(0, k, 4)]
            tables += [active[i:i + 3] for i in range(k, len(active), 3)]
            for t in tables:
                self._tally(t, 1)
            self.layout.append(tables)
            self._settle([len(self.layout) - 1])
        self._settle(range(len(self.layout)))
        return self.layout

    def _settle(self, rounds) -> None:
        for _sweep in range(self.MAX_SWEEPS):
            improved = False
            for r in rounds:
                improved |= self._sweep(self.layout[r])
            if not improved or self._cost() <= self.lower_bound:
                return

    def _tally(self, t, sign: int) -> None:
        part, opp = self.part, self.opp
        four = len(t) == 4
        for s, a in enumerate(t):
            if not four:
                self.three[a] += sign
            for s2 in range(s + 1, len(t)):
                b = t[s2]
                m = part if four and s2 == s + 2 else opp
                m[a][b] += sign
                m[b][a] += sign

    def _sweep(self, tables) -> bool:
        improved = False
        pos = [(t, s) for t, tab in enumerate(tables) for s in range(len(tab))]
        for a, (t1, s1) in enumerate(pos):
            for t2, s2 in pos[a + 1:]:
                if t1 != t2 and self._swap_delta(tables[t1], s1, tables[t2], s2) < 0:
                    self._tally(tables[t1], -1)
                    self._tally(tables[t2], -1)
                    tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
                    self._tally(tables[t1], 1)
                    self._tally(tables[t2], 1)
                    improved = True
        for t in tables[: self.fours]:
            for order in ((0, 2, 1, 3), (0, 1, 3, 2)):
                new = [t[i] for i in order]
                if self._repair_delta(t, new) < 0:
                    self._tally(t, -1)
                    t[:] = new
                    self._tally(t, 1)
                    improved = True
        return improved

    def _swap_delta(self, t1, s1, t2, s2) -> int:
        """Cost change of swapping ``t1[s1]`` and ``t2[s2]`` (different tables)."""
        part, opp = self.part, self.opp
        x, y = t1[s1], t2[s2]
        d = 0
        for t, s0, leave, come in ((t1, s1, x, y), (t2, s2, y, x)):
            mate = s0 ^ 2 if len(t) == 4 else -1
            pl, pc, ol, oc = part[leave], part[come], opp[leave], opp[come]
            for s, z in enumerate(t):
                if s == mate:
                    d += PARTNER * (pc[z] - pl[z] + 1)
                elif s != s0:
                    d += OPPONENT * 2 * (oc[z] - ol[z] + 1)
        if len(t1) != len(t2):
            leave, come = (x, y) if len(t1) == 3 else (y, x)
            d += THREE * 2 * (self.three[come] - self.three[leave] + 1)
        return d

    def _repair_delta(self, old, new) -> int:
        """Cost change of re-pairing a table of four from ``old`` to ``new`` seats."""
        part, opp = self.part, self.opp
        d = 0
        for (a, b), sign in (((old[0], old[2]), -1), ((old[1], old[3]), -1),
                             ((new[0], new[2]), 1), ((new[1], new[3]), 1)):
            if sign < 0:
                d += -PARTNER * (part[a][b] - 1) + OPPONENT * (2 * opp[a][b] + 1)
            else:
                d += PARTNER * part[a][b] - OPPONENT * (2 * opp[a][b] - 1)
        return d
