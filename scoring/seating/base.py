"""Tables, rounds, seating history and the checks shared by both seaters.

Seats of a four-handed table are N, E, S, W in that order; partners sit
opposite (seats 0 and 2 against seats 1 and 3, docs/rules.md §5). A three-seat
table is cut-throat (docs/rules.md §2): every player for themself. A team table
(fixed partnerships) has two occupants: the N–S team and the E–W team.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable, Mapping, Sequence

from ..errors import ScoringError
from ..messages import gettext_noop as _

MAX_ROUNDS = 20


class SeatingError(ScoringError):
    """Players, teams, rounds or options that cannot be seated."""


@dataclass(frozen=True)
class Table:
    """One table: ``seats`` in N, E, S, W order (two for a team table: N–S, E–W)."""

    seats: tuple

    @property
    def sides(self) -> tuple[tuple, ...]:
        """The competing sides: partners (N–S, E–W) at four seats, else each seat alone."""
        if len(self.seats) == 4:
            n, e, s, w = self.seats
            return ((n, s), (e, w))
        return tuple((seat,) for seat in self.seats)

    @property
    def three_handed(self) -> bool:
        """A table of three: cut-throat, every player for themself (docs/rules.md §2)."""
        return len(self.seats) == 3

    @property
    def partners(self) -> tuple[tuple, ...]:
        """Partner pairs (four-seat tables only)."""
        return tuple(side for side in self.sides if len(side) == 2)

    @property
    def opponents(self) -> tuple[tuple, ...]:
        """Every pair of occupants who play against each other."""
        return tuple(
            (a, b) for s1, s2 in combinations(self.sides, 2) for a in s1 for b in s2
        )


@dataclass(frozen=True)
class Round:
    """One round of a night: its tables, and who sits this round out (has a bye)."""

    tables: tuple[Table, ...]
    sitting_out: tuple = ()

    @property
    def seated(self) -> tuple:
        """Everyone at a table this round, table by table in seat order."""
        return tuple(p for t in self.tables for p in t.seats)


@dataclass(frozen=True)
class SeatingHistory:
    """Counts from earlier rounds that seating should even out.

    ``partners`` and ``opponents`` map a pair (``frozenset({a, b})``) to how
    often they partnered or met as opponents (a team table's two teams are
    opponents: a *meeting*); ``byes`` and ``three_handed`` map one player or
    team to their sit-outs and cut-throat games.
    """

    partners: Mapping = field(default_factory=dict)
    opponents: Mapping = field(default_factory=dict)
    byes: Mapping = field(default_factory=dict)
    three_handed: Mapping = field(default_factory=dict)

    @classmethod
    def from_rounds(cls, rounds: Iterable[Round]) -> "SeatingHistory":
        """Tally partners, opponents, byes and three-handed games from played rounds."""
        partners, opponents, byes, threes = Counter(), Counter(), Counter(), Counter()
        for rnd in rounds:
            for table in rnd.tables:
                partners.update(frozenset(p) for p in table.partners)
                opponents.update(frozenset(p) for p in table.opponents)
                if table.three_handed:
                    threes.update(table.seats)
            byes.update(rnd.sitting_out)
        return cls(dict(partners), dict(opponents), dict(byes), dict(threes))

    @classmethod
    def coerce(cls, history) -> "SeatingHistory":
        """Accept None, a :class:`SeatingHistory`, played :class:`Round` objects, or a
        mapping of pairs (``(a, b)`` or ``frozenset``) to previous meetings."""
        if history is None:
            return cls()
        if isinstance(history, SeatingHistory):
            return history
        if isinstance(history, Mapping):
            meetings = Counter()
            for given, count in history.items():
                pair = frozenset(given)
                if len(pair) != 2 or isinstance(count, bool) or not isinstance(count, int) \
                        or count < 0:
                    raise SeatingError(
                        "history",
                        _("history maps a pair of teams to how often they met (a whole "
                          "number, 0 or more); %(pair)s: %(count)s is not that"),
                        pair=tuple(given), count=count,
                    )
                meetings[pair] += count
            return cls(opponents=dict(meetings))
        history = list(history)
        if not all(isinstance(r, Round) for r in history):
            raise SeatingError(
                "history",
                _("history must be earlier rounds, a seating history, or a mapping of "
                  "pairs to meetings"),
            )
        return cls.from_rounds(history)


def check_rounds(rounds) -> int:
    """A number of rounds is a whole number from 1 to 20."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise SeatingError(
            "rounds",
            _("rounds must be a whole number from 1 to %(max)s, not %(rounds)s"),
            max=MAX_ROUNDS, rounds=rounds,
        )
    return rounds


def check_people(people, field_name: str, minimum: int, too_few: str) -> list:
    """Checked-in players or teams: at least ``minimum``, each listed once.

    ``too_few`` is the message template for a short list (``%(minimum)s``,
    ``%(count)s``)."""
    people = list(people)
    if len(people) < minimum:
        raise SeatingError(field_name, too_few, minimum=minimum, count=len(people))
    seen = set()
    for p in people:
        if p in seen:
            raise SeatingError(
                field_name,
                _("%(name)s is listed twice; list each of the %(kind)s once"),
                name=p, kind=field_name,
            )
        seen.add(p)
    return people


def bye_order(people: Sequence, byes: Mapping, rng: random.Random) -> list[int]:
    """Indices of ``people`` in the order they should next get a bye: fewest byes
    so far first, ties in a seeded random order."""
    shuffle = list(range(len(people)))
    rng.shuffle(shuffle)
    tiebreak = {i: k for k, i in enumerate(shuffle)}
    return sorted(range(len(people)), key=lambda i: (byes.get(people[i], 0), tiebreak[i]))


def bye_schedule(people: Sequence, per_round: int, rounds: int, byes: Mapping,
                 rng: random.Random) -> list[list[int]]:
    """Who sits out each round: ``per_round`` people with the fewest byes so far
    (history included), so nobody sits out twice before everyone has once."""
    order = bye_order(people, byes, rng)
    rank = {i: k for k, i in enumerate(order)}
    counts = {i: byes.get(people[i], 0) for i in range(len(people))}
    schedule = []
    for _round in range(rounds):
        out = sorted(range(len(people)), key=lambda i: (counts[i], rank[i]))[:per_round]
        for i in out:
            counts[i] += 1
        schedule.append(sorted(out))
    return schedule
