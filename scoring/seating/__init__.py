"""Seating for club nights: progressive partners and fixed-partnership pairings.

:func:`seat_progressive` seats players at tables of four (and three)
with partners changing every round; :func:`pair_teams` pairs fixed teams;
:func:`pair_swiss` pairs one round of a one-against-one field by score
(docs/rules.md §4); :func:`seat_threes` seats a cut-throat field three to a
table. All return :class:`Round` objects whose :class:`Table` seats run
N, E, S, W. :func:`seed_round` fills a planned round in rating order.
"""
from .base import Round, SeatingError, SeatingHistory, Table
from .seeded import rating_order, seed_round
from .progressive import seat_progressive, table_sizes
from .swiss import pair_swiss
from .teams import pair_teams
from .threes import seat_threes

__all__ = [
    "Round",
    "SeatingError",
    "SeatingHistory",
    "Table",
    "pair_swiss",
    "pair_teams",
    "seat_progressive",
    "seat_threes",
    "table_sizes",
    "rating_order",
    "seed_round",
]
