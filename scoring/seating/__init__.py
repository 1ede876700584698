"""Seating for club nights: progressive partners and fixed-partnership pairings.

Issue #3: :func:`seat_progressive` seats players at tables of four (and three)
with partners changing every round; :func:`pair_teams` pairs fixed teams.
Both return :class:`Round` objects whose :class:`Table` seats run N, E, S, W.
"""
from .base import Round, SeatingError, SeatingHistory, Table
from .progressive import seat_progressive, table_sizes
from .teams import pair_teams

__all__ = [
    "Round",
    "SeatingError",
    "SeatingHistory",
    "Table",
    "pair_teams",
    "seat_progressive",
    "table_sizes",
]
