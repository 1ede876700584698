"""Ranking rows by a precedence of metrics, with shared ranks for ties.

docs/rules.md §7: rows are ordered by the first metric, rows level on it by the
second, and so on. Rows level on every metric share a rank, shown "=2"
(standard competition ranking: 1, =2, =2, 4). For each row that was level on
the first metric with the row above it, the page says which metric split them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..messages import Message, gettext_noop as _
from .metrics import Criterion, parse_precedence
from .rows import StandingRow, StandingsError


@dataclass(frozen=True)
class RankedRow:
    """One row of a ranked standing.

    ``rank`` is the competition rank (rows that share it are ``tied``);
    ``split_by`` is the precedence entry that separated this row from the row
    above when both were level on the first metric, else None (also None when
    still tied); ``split_by_label`` is that metric's display name. ``values``
    holds the row's value for each precedence entry, as shown (points against
    not negated); head-to-head is the wins among the rows it was tied with
    when that metric was applied, or None if it was not tied with any by then.
    """

    row: StandingRow
    rank: int
    tied: bool
    split_by: str | None = None
    split_by_label: Message | None = None
    values: tuple = ()

    @property
    def entrant(self):
        """The ranked team or player."""
        return self.row.entrant

    @property
    def rank_label(self) -> str:
        """``"=2"`` for a shared rank, ``"3"`` otherwise."""
        return f"={self.rank}" if self.tied else str(self.rank)


def rank(rows: Iterable[StandingRow], precedence) -> tuple[RankedRow, ...]:
    """Rank ``rows`` by the metric keys in ``precedence`` (docs/rules.md §7).

    Each metric orders the rows still level after the metrics before it.
    ``head_to_head`` counts only wins in games between the rows level at that
    point; when it splits them into smaller groups that are still level, it is
    applied again among each of those, and when it does not order them (a
    three-way cycle where each beat another once) they stay level for the next
    metric. Rows level after the whole precedence share a rank and are listed by
    name, then entrant, so the result does not depend on the input order.
    Raises :class:`StandingsError`: field ``precedence`` for an unknown or
    malformed metric key, field ``rows`` for an entrant listed twice.
    """
    criteria = parse_precedence(precedence)
    rows = tuple(rows)
    seen = set()
    for row in rows:
        if row.entrant in seen:
            raise StandingsError(
                "rows",
                _("%(entrant)s appears twice; each entrant has one row"),
                entrant=row.entrant,
            )
        seen.add(row.entrant)
    values = {
        r.entrant: [None if c.metric.among_tied else c.display_value(r) for c in criteria]
        for r in rows
    }
    blocks, splits = _partition(list(rows), criteria, 0, values) if rows else ([], [])
    ranked, position = [], 1
    for k, block in enumerate(blocks):
        split = splits[k - 1] if k else None
        if split == criteria[0].key:
            split = None
        for j, row in enumerate(block):
            by = split if j == 0 else None
            ranked.append(RankedRow(
                row=row,
                rank=position,
                tied=len(block) > 1,
                split_by=by,
                split_by_label=_label(criteria, by),
                values=tuple(values[row.entrant]),
            ))
        position += len(block)
    return tuple(ranked)


def _partition(group, criteria: tuple[Criterion, ...], i: int, values: dict):
    """Blocks of fully tied rows, best first, and the key that split each adjacent pair."""
    if i == len(criteria) or len(group) == 1:
        return [sorted(group, key=lambda r: r.sort_key)], []
    crit = criteria[i]
    level = {r.entrant: crit.value(r, group) for r in group}
    if crit.metric.among_tied:
        for r in group:
            values[r.entrant][i] = crit.display_value(r, group)
    distinct = sorted(set(level.values()), reverse=True)
    if len(distinct) == 1:
        return _partition(group, criteria, i + 1, values)
    blocks, splits = [], []
    for k, v in enumerate(distinct):
        sub = [r for r in group if level[r.entrant] == v]
        again = crit.metric.among_tied and len(sub) > 1
        sub_blocks, sub_splits = _partition(sub, criteria, i if again else i + 1, values)
        if k:
            splits.append(crit.key)
        blocks.extend(sub_blocks)
        splits.extend(sub_splits)
    return blocks, splits


def _label(criteria, key):
    for c in criteria:
        if c.key == key:
            return c.label
    return None
