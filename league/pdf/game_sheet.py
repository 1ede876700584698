"""The printed score sheet of a game of any kind, completed or in progress.

One document class, :class:`GameSheet`, draws every kind's sheet: the head
(heading, lines under it, when it started and how many entries, the players,
the rules, the result) beside a QR code of the game's page with its address
under it, the ruled grid of the entries, the notes and, where the kind has
one, the running-totals chart. What differs between the kinds is data, a
:class:`SheetLayout` the game's kind builds from the board its page reads
(``board.game.kind.game_sheet_layout(board)``, league/games/<kind>/sheets.py),
as the web pages use one shell with per-kind partials. Every number on the
sheet is one the services stored; nothing is rescored.
"""
from dataclasses import dataclass, field

from django.utils import formats, timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from league.i18n import render as render_message

from .charts import chart_flowables
from .flowables import qr_code
from .grid import Column, Group, cells, grid_table, scaled
from .grid import cell_intervals as grid_cell_intervals
from .league_base import LeagueDocument, cell_recorded_table


@dataclass(frozen=True)
class SheetRow:
    """One entry of the grid: its cell texts by column key, the columns printed
    in a colour, and the row's tint (None: none)."""

    values: dict
    colors: dict = field(default_factory=dict)
    tint: object = None


@dataclass(frozen=True)
class SheetLayout:
    """What one game's sheet prints, as its kind says it.

    ``lines``: under the heading (club and game, league night); ``count``: how
    many entries, with their noun ("5 deals"); ``player_rows``: ``(label, seat,
    seat)`` rows set as a table, ``players``: lines after them (the first
    dealer); ``result``: ``(text, bold)`` lines; ``notes``: lines under the
    grid; ``chart``: the board whose running totals are charted (None: no chart)."""

    title: str | Promise
    columns: tuple[Column, ...]
    groups: tuple[Group, ...]
    heading: str
    count: str
    rules: str
    result: tuple
    rows: tuple[SheetRow, ...]
    empty_label: str
    lines: tuple[str, ...] = ()
    player_rows: tuple = ()
    players: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    bold_keys: tuple[str, ...] = ()
    min_sizes: dict = field(default_factory=dict)
    chart: object = None


def league_line(board) -> str:
    """``Thursday League · Autumn 2026 · Oct. 1, 2026 · Round 1 · Table 2`` for a league table's game."""
    table = board.table
    if table is None:
        return ""
    night = table.round.night
    return " · ".join([
        night.season.league.name, night.season.name, formats.date_format(night.date, "DATE_FORMAT"),
        _("Round %(number)d") % {"number": table.round.number},
        _("Table %(number)d") % {"number": table.number},
    ])


def rules_line(summary: str, profile) -> str:
    """The rules summary, after the rule profile's name when the game has one."""
    return f"{profile.name}: {summary}" if profile is not None else summary


def outcome_lines(game, head: str, totals: str) -> tuple:
    """A finished game's result: ``head`` in bold, the final totals, the stored reason."""
    out = [(head, True), (_("Final totals: %(totals)s") % {"totals": totals}, False)]
    if game.end_message:
        out.append((render_message(game.end_message), False))
    return tuple(out)


def entry_notes(rows, noun: str, extra=lambda row: ()) -> list[str]:
    """``Deal 5: <stored notes>; <extra(row)>`` for every row with something to say.
    ``noun`` holds ``%(n)d`` and ``%(notes)s``."""
    out = []
    for row in rows:
        texts = [render_message(n) for n in row.hand.notes] + list(extra(row))
        if texts:
            out.append(noun % {"n": row.hand.number, "notes": "; ".join(texts)})
    return out


class GameSheet(LeagueDocument):
    """``GameSheet(load_board(public_id), url=...).render()`` -> PDF bytes, for a game of any kind."""

    row_height = 5.4 * mm
    cell_size = 8.0
    qr_size = 27 * mm
    player_label_width = 14 * mm

    def __init__(self, board, *, url: str = "", qr_label=None, **kwargs):
        kwargs.setdefault("club_name", board.game.club.name)
        super().__init__(**kwargs)
        self.board = board
        self.url = url
        self.qr_label = qr_label
        self.layout: SheetLayout = board.game.kind.game_sheet_layout(board)
        self.columns = scaled(self.layout.columns, self.content_width)  # the grid ends at the right margin

    def table_class(self) -> type:
        """Every table notes its cells; only the grid's parts are noted in ``grid_boxes`` (see :meth:`grid`)."""
        return cell_recorded_table(None, self.drawn_parts)

    def document_title(self) -> str:
        return str(self.layout.title)

    def cell_intervals(self, x0: float = 0.0):
        """Horizontal extents of the grid's cells (columns and group headers)."""
        return grid_cell_intervals(self.columns, self.layout.groups, x0)

    # -- the head ---------------------------------------------------------------
    def _players(self, width: float) -> list:
        if not self.layout.player_rows:
            return []
        label = self.player_label_width
        rows = [[self.p(label_text, "label"), *(self.p(seat) if seat else "" for seat in seats)]
                for label_text, *seats in self.layout.player_rows]
        return [self.table(rows, tag="players", col_widths=[label, (width - label) / 2, (width - label) / 2],
                           style=[("RIGHTPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)])]

    def intro(self, width: float) -> list:
        layout = self.layout
        started = formats.date_format(timezone.localtime(self.board.game.created_at), "DATE_FORMAT")
        return [
            self.p(layout.heading, "heading"),
            *(self.p(line) for line in layout.lines if line),
            self.p(_("Started %(date)s · %(count)s") % {"date": started, "count": layout.count}, "small"),
            Spacer(1, 2 * mm),
            *self._players(width),
            *(self.p(line) for line in layout.players),
            self.p(_("Rules: %(rules)s") % {"rules": layout.rules}),
            Spacer(1, 1.5 * mm),
            *(self.p(text, bold=bold) for text, bold in layout.result),
        ]

    def head(self) -> list:
        """The intro beside the QR code of the game's page, its address under them."""
        if not self.url:
            return [self.table([[self.intro(self.content_width)]], tag="head", col_widths=[self.content_width])]
        intro_width = self.content_width - self.qr_size - 4 * mm
        qr = [qr_code(self.url, self.qr_size), self.p(self.qr_label or _("Scan for the game page"), "small")]
        return [
            self.table([[self.intro(intro_width), qr]], tag="head", col_widths=[intro_width, self.qr_size + 4 * mm],
                       style=[("LEFTPADDING", (1, 0), (1, 0), 4 * mm)]),
            self.table([[self.p(self.url, "small")]], tag="url", col_widths=[self.content_width]),
        ]

    # -- the grid and under it ------------------------------------------------------
    def grid(self):
        layout, columns = self.layout, self.columns
        rows = [cells(columns, row.values, size=self.cell_size, bold_keys=layout.bold_keys, colors=row.colors,
                      min_sizes=layout.min_sizes) for row in layout.rows]
        tints = [(i, row.tint) for i, row in enumerate(layout.rows) if row.tint is not None]
        if not rows:
            rows = [cells(columns, {columns[1].key: layout.empty_label}, size=self.cell_size)]
        # tagged on the class: the parts of a table split over pages are built from it
        table_cls = type("GridTable", (cell_recorded_table(self.grid_boxes, self.drawn_parts),), {"tag": "grid"})
        return grid_table(table_cls, columns, layout.groups, rows, row_height=self.row_height, tints=tints)

    def notes(self) -> list:
        if not self.layout.notes:
            return []
        out = [self.p(_("Notes"), "subheading"), *(self.p(line, "small") for line in self.layout.notes)]
        return [Spacer(1, 2 * mm), self.table([[out]], tag="notes", col_widths=[self.content_width])]

    def chart(self) -> list:
        if self.layout.chart is None:
            return []
        return chart_flowables(self.layout.chart, lambda text: self.p(text, "subheading"))

    def story(self) -> list:
        return [*self.head(), Spacer(1, 4 * mm), self.grid(), *self.notes(), *self.chart()]
