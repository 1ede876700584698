"""The ruled score grids: columns as data (key, label, width, alignment),
grouped under a spanning header per side or player, built into a table of
:class:`~league.pdf.flowables.FitText` cells so no text leaves its cell.

The partnership grid follows the hand entry form (``HandForm``): dealer,
bidder, bid, trump, then meld and tricks for each side, with the hand's
score and the running total after them.
"""
from dataclasses import dataclass, replace

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from reportlab.lib.units import mm
from reportlab.platypus import TableStyle

from .flowables import HEADER_TINT, RULE, FitText


@dataclass(frozen=True)
class Column:
    key: str
    label: str | Promise
    width: float  # points
    align: str = "right"


@dataclass(frozen=True)
class Group:
    """A header spanning the columns ``first`` .. ``last`` (a side or a player)."""

    label: str | Promise
    first: str
    last: str


def side_columns(suffix: str, widths=(11, 11, 12, 13)) -> tuple[Column, ...]:
    meld, tricks, score, total = widths
    return (
        Column(f"meld_{suffix}", _("Meld"), meld * mm),
        Column(f"tricks_{suffix}", _("Tricks"), tricks * mm),
        Column(f"score_{suffix}", _("Score"), score * mm),
        Column(f"total_{suffix}", _("Total"), total * mm),
    )


PARTNERSHIP_COLUMNS = (
    Column("number", "#", 7 * mm, "center"),
    Column("dealer", _("Dealer"), 22 * mm, "left"),
    Column("bidder", _("Bidder"), 22 * mm, "left"),
    Column("bid", _("Bid"), 11 * mm),
    Column("trump", _("Trump"), 9 * mm, "center"),
    *side_columns("0"),
    *side_columns("1"),
    Column("marks", _("Marks"), 15 * mm, "left"),
)
PARTNERSHIP_GROUPS = (
    Group(_("N–S"), "meld_0", "total_0"),
    Group(_("E–W"), "meld_1", "total_1"),
)

THREE_HANDED_COLUMNS = (
    Column("number", "#", 7 * mm, "center"),
    Column("dealer", _("Dealer"), 12 * mm, "center"),
    Column("bidder", _("Bidder"), 12 * mm, "center"),
    Column("bid", _("Bid"), 11 * mm),
    Column("trump", _("Trump"), 9 * mm, "center"),
    *(c for p in "abc" for c in side_columns(p, widths=(10, 10, 11, 12))),
)

CRIBBAGE_COLUMNS = (
    Column("number", _("Deal"), 9 * mm, "center"),
    Column("dealer", _("Dealer"), 16 * mm, "center"),
    *(
        c
        for p in "ab"
        for c in (
            Column(f"pegging_{p}", _("Pegging"), 20 * mm),
            Column(f"hand_{p}", _("Hand"), 18 * mm),
            Column(f"crib_{p}", _("Crib"), 18 * mm),
            Column(f"total_{p}", _("Total"), 21.5 * mm),
        )
    ),
)


# Double-deck Pinochle is scored on the partnership grid (docs/rules.md, "Double-deck Pinochle").
DOUBLE_DECK_COLUMNS = PARTNERSHIP_COLUMNS
DOUBLE_DECK_GROUPS = PARTNERSHIP_GROUPS


def rummy_team_columns(suffix: str, *, compact: bool = False) -> tuple[Column, ...]:
    """A team's round in the rummy-style game (docs/rules.md, "Rummy-style Pinochle"): melds on the
    table, bonuses, cards left in hand, penalties, round and running total.
    ``compact``: narrower, with short headers ("Round", "Total"), for a sheet
    that also has a dealer column."""
    if compact:
        widths, round_label, running_label = (14, 13, 15, 14, 11, 12), _("Round"), _("Total")
    else:
        widths, round_label, running_label = (11, 13, 14, 13, 16, 19), _("Round total"), _("Running total")
    keys = ("melds", "bonuses", "cards_left", "penalties", "round", "running")
    labels = (_("Melds"), _("Bonuses"), _("Cards left"), _("Penalties"), round_label, running_label)
    return tuple(Column(f"{key}_{suffix}", label, width * mm) for key, label, width in zip(keys, labels, widths))


RUMMY_COLUMNS = (
    Column("number", "#", 8 * mm, "center"),
    *rummy_team_columns("0"),
    *rummy_team_columns("1"),
)
RUMMY_GROUPS = (
    Group(_("N–S"), "melds_0", "running_0"),
    Group(_("E–W"), "melds_1", "running_1"),
)


def column_edges(columns, x0: float = 0.0) -> dict[str, tuple[float, float]]:
    """``{key: (left, right)}`` of each column when the grid's left edge is ``x0``."""
    out, x = {}, x0
    for column in columns:
        out[column.key] = (x, x + column.width)
        x += column.width
    return out


def cell_intervals(columns, groups, x0: float = 0.0) -> list[tuple[float, float]]:
    """Every horizontal extent a cell can have: one per column, one per group."""
    edges = column_edges(columns, x0)
    return list(edges.values()) + [(edges[g.first][0], edges[g.last][1]) for g in groups]


def _header(columns, groups, size):
    index = {c.key: i for i, c in enumerate(columns)}
    grouped = {}
    for g in groups:
        for i in range(index[g.first], index[g.last] + 1):
            grouped[i] = g
    if not groups:
        return [[FitText(str(c.label), size, bold=True, align="center") for c in columns]], []
    top, bottom, spans = [], [], []
    for i, column in enumerate(columns):
        group = grouped.get(i)
        label = FitText(str(column.label), size, bold=True, align="center")
        if group is None:
            top.append(label)
            bottom.append("")
            spans.append(("SPAN", (i, 0), (i, 1)))
        else:
            first = index[group.first]
            top.append(FitText(str(group.label), size, bold=True, align="center") if i == first else "")
            bottom.append(label)
            if i == first:
                spans.append(("SPAN", (i, 0), (index[group.last], 0)))
    return [top, bottom], spans


def scaled(columns, width: float) -> tuple:
    """``columns`` with their widths scaled so that together they are ``width``."""
    factor = width / sum(c.width for c in columns)
    return tuple(replace(c, width=c.width * factor) for c in columns)


def grid_table(table_cls, columns, groups, rows, *, row_height, header_size=7.0, header_height=None,
               tints=()):
    """A ruled table of ``rows`` (lists of cells, one per column) under a
    header repeated on every page. ``tints`` is ``[(body row index, colour)]``."""
    header, spans = _header(columns, groups, header_size)
    header_height = header_height or header_size * 1.9
    index = {c.key: i for i, c in enumerate(columns)}
    style = [
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("BOX", (0, 0), (-1, -1), 0.9, RULE),
        ("LINEBELOW", (0, len(header) - 1), (-1, len(header) - 1), 0.9, RULE),
        ("BACKGROUND", (0, 0), (-1, len(header) - 1), HEADER_TINT),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        *spans,
    ]
    for g in groups:
        style.append(("LINEBEFORE", (index[g.first], 0), (index[g.first], -1), 0.9, RULE))
    for i, color in tints:
        style.append(("BACKGROUND", (0, len(header) + i), (-1, len(header) + i), color))
    heights = [header_height] * len(header) + [row_height] * len(rows)
    table = table_cls(
        header + rows, colWidths=[c.width for c in columns], rowHeights=heights,
        repeatRows=len(header), hAlign="LEFT",
    )
    table.setStyle(TableStyle(style))
    return table


def cells(columns, values: dict, *, size=8.0, bold_keys=(), colors=None, min_sizes=None) -> list:
    """One body row: a :class:`FitText` per column from ``values``; a missing
    or empty value is an empty cell (``()``: reportlab draws nothing there, where
    a flowable per blank cell cost most of a score sheet's time,
    docs/performance.md). ``min_sizes`` sets how far a column's text shrinks
    before it is cut."""
    colors, min_sizes = colors or {}, min_sizes or {}
    return [
        FitText(value, size, bold=c.key in bold_keys, align=c.align,
                color=colors.get(c.key), min_size=min_sizes.get(c.key, 5.5))
        if (value := values.get(c.key)) not in (None, "") else ()
        for c in columns
    ]
