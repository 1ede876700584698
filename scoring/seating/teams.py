"""Fixed-partnership pairings: two teams a table, teams meet as evenly as possible.

The promise (docs/rules.md §4, "Seating a night"): no two teams meet twice in a night and,
across the season, teams meet as evenly as the numbers allow; an odd team
gets a bye, and byes are spread fairly.
"""
from __future__ import annotations

import random

from ..messages import gettext_noop as _
from .base import Round, SeatingHistory, Table, bye_order, check_people, check_rounds


def circle(slots: int, k: int) -> list[tuple[int, int]]:
    """Round ``k`` of the circle method on an even number of ``slots``: slot
    ``slots - 1`` stays put and meets slot ``k``; rounds 0 … slots−2 together
    pair every two slots exactly once (a round robin)."""
    last = slots - 1
    k %= last
    pairs = [(k, last)]
    for i in range(1, slots // 2):
        pairs.append(((k + i) % last, (k - i) % last))
    return pairs


def pair_teams(teams, rounds: int, *, history=None, seed: int = 0) -> tuple[Round, ...]:
    """Pair fixed ``teams`` two to a table for ``rounds`` rounds of a night.

    A round-robin schedule (circle method), so no two teams meet twice in a
    night while ``rounds`` is at most the number of teams − 1 (even count) or
    the number of teams (odd count: one team a round has a bye); beyond that
    the round robin repeats, so meetings stay within one of each other. With an
    odd count the byes go to the teams with the fewest byes so far (``history``
    included): nobody gets a second bye before every team has had one. Which
    team takes which place in the schedule is chosen by local search with
    restarts so that tonight's pairs are those that have met least
    (``history``): first avoid raising the most-met pairs, then the next. Each
    night is planned from the past alone, so over a season the meeting counts
    usually, not always, stay within one of each other. Each table's seats are
    (N–S team, E–W team), the team that has sat N–S less often tonight first.
    ``history``: earlier :class:`Round` objects, a :class:`SeatingHistory`, or
    a mapping ``{(team_a, team_b): meetings}``. Deterministic for a ``seed``.
    """
    teams = check_people(
        teams, "teams", 2,
        _("pairing teams needs at least %(minimum)s teams, not %(count)s"),
    )
    rounds = check_rounds(rounds)
    hist = SeatingHistory.coerce(history)
    rng = random.Random(seed)
    n = len(teams)
    slots = n + n % 2
    met = _meeting_weights(teams, slots, rounds, hist)
    byes = [hist.byes.get(t, 0) for t in teams]
    schedule, place = _plan(n, slots, rounds, met, byes, rng)
    return _rounds(teams, schedule, place)


ATTEMPTS = 12


def _meeting_weights(teams, slots, rounds, hist) -> list[list[int]]:
    """``met[a][b]``: the weight of teams ``a`` and ``b`` meeting tonight.

    A pair that already met ``c`` times weighs ``base ** c``, with ``base``
    above the number of meetings in a night: one pair meeting a third time
    outweighs every other pair meeting a second time, which keeps the season's
    meeting counts within one of each other where the schedule allows. The bye
    (index ``len(teams)``) weighs nothing.
    """
    n = len(teams)
    base = rounds * (n // 2) + 1
    index = {t: i for i, t in enumerate(teams)}
    met = [[int(a < n and b < n and a != b) for b in range(slots)] for a in range(slots)]
    for pair, count in hist.opponents.items():
        ab = [index[t] for t in pair if t in index]
        if len(ab) == 2:
            a, b = ab
            met[a][b] = met[b][a] = base ** count
    return met


def _plan(n, slots, rounds, met, byes, rng):
    """A schedule (rounds of the circle method, in a seeded random order) and
    ``place[slot]`` = team index (``n`` is the bye) of least meeting weight.

    Slot ``k`` meets the bye in circle round ``k``, so with an odd count the
    teams are placed in bye order: fewest byes so far first."""
    floor = rounds * (n // 2)
    best, best_cost = None, None
    for _attempt in range(ATTEMPTS):
        ks = list(range(slots - 1))
        rng.shuffle(ks)
        schedule = [circle(slots, ks[r % (slots - 1)]) for r in range(rounds)]
        byes_tonight = [0] * slots
        if n % 2:
            order = bye_order(range(n), dict(enumerate(byes)), rng)
            place = [0] * slots
            for k, team in zip(ks, order):
                place[k] = team
            place[slots - 1] = n
            for pairs in schedule:
                byes_tonight[pairs[0][0]] += 1
        else:
            place = list(range(n))
            rng.shuffle(place)
        cost = _improve(place, schedule, met, byes_tonight, byes)
        if best_cost is None or cost < best_cost:
            best, best_cost = (schedule, place[:]), cost
        if best_cost == floor:
            break
    return best


def _improve(place, schedule, met, byes_tonight, byes) -> int:
    """Swap teams between slots while the weight of tonight's meetings goes down.

    A swap never changes who gets a bye tonight unless both teams have had
    the same number of byes before, so bye fairness is kept."""
    slots = len(place)
    n = len(byes)
    opposite = [[0] * slots for _ in schedule]
    for k, pairs in enumerate(schedule):
        for a, b in pairs:
            opposite[k][a], opposite[k][b] = b, a
    movable = range(slots - 1) if n % 2 else range(slots)
    improved = True
    while improved:
        improved = False
        for p in movable:
            for q in movable:
                if q <= p:
                    continue
                x, y = place[p], place[q]
                if byes_tonight[p] != byes_tonight[q] and byes[x] != byes[y]:
                    continue
                d = 0
                for opp in opposite:
                    op, oq = opp[p], opp[q]
                    if op == q:
                        continue
                    ox, oy = place[op], place[oq]
                    d += met[x][oy] + met[y][ox] - met[x][ox] - met[y][oy]
                if d < 0:
                    place[p], place[q] = y, x
                    improved = True
    return sum(met[place[a]][place[b]] for pairs in schedule for a, b in pairs)


def _rounds(teams, schedule, place) -> tuple[Round, ...]:
    n = len(teams)
    north_south = [0] * n
    result = []
    for pairs in schedule:
        tables, out = [], []
        for a, b in pairs:
            x, y = place[a], place[b]
            if n in (x, y):
                out.append(teams[min(x, y)])
                continue
            if (north_south[y], y) < (north_south[x], x):
                x, y = y, x
            north_south[x] += 1
            tables.append(Table((teams[x], teams[y])))
        result.append(Round(tables=tuple(tables), sitting_out=tuple(out)))
    return tuple(result)
