"""Seeding a night's first round by rating (docs/ratings.md §Seeding).

The seating engine chooses who sits out and how many tables of which size;
seeding then fills those tables in rating order, best first: table 1 the
highest-rated entrants, table 2 the next, and so on. At a partnership table of
four the 1st and 4th seeded partner against the 2nd and 3rd (seats 0 and 2 are
partners), so the sides are as even as the ratings allow. Equal ratings keep
the order of the entrant ids.
"""
from __future__ import annotations

from typing import Hashable, Mapping

from .base import Round, Table


def rating_order(entrants, ratings: Mapping[Hashable, float]) -> list:
    """Entrants best-rated first; an unrated entrant counts 0; ties by entrant id."""
    return sorted(entrants, key=lambda e: (-float(ratings.get(e, 0.0)), e))


def seed_round(plan: Round, ratings: Mapping[Hashable, float], *, partners: bool) -> Round:
    """``plan`` with the same tables (sizes, in order) and the same entrants sitting
    out, its seats filled in rating order; ``partners``: tables of four are two sides."""
    seated = rating_order([e for t in plan.tables for e in t.seats], ratings)
    tables, at = [], 0
    for table in plan.tables:
        group = seated[at:at + len(table.seats)]
        at += len(table.seats)
        if partners and len(group) == 4:
            group = [group[0], group[1], group[3], group[2]]
        tables.append(Table(tuple(group)))
    return Round(tuple(tables), plan.sitting_out)
