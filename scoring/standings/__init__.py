"""League standings: per-entrant rows ranked by a precedence of metrics.

docs/rules.md §7. :func:`aggregate` turns per-game results into rows,
:data:`METRICS` holds the ranking metrics by key, and :func:`rank` orders rows
by a season's precedence (a list of keys), sharing ranks for ties and saying
which metric split rows that were level on the first one.
"""
from .metrics import METRICS, Criterion, Metric, parse_precedence, register
from .ranking import RankedRow, rank
from .rows import GameRecord, StandingRow, StandingsError, aggregate

__all__ = [
    "METRICS",
    "Criterion",
    "GameRecord",
    "Metric",
    "RankedRow",
    "StandingRow",
    "StandingsError",
    "aggregate",
    "parse_precedence",
    "rank",
    "register",
]
