"""The score sheets laid on every table before a club night: one page a
table, for one round or the whole night. Each page names the club, league,
night, round and table, the players by seat and side, the first dealer and
the dealing order, the rules that matter at the table, a QR code of the
table's link (its secret token: organizers only), and a ruled grid of hand
rows in the order the hand entry form asks, the dealer of every row filled
in where the grid has a dealer column.

What differs between the league's games (seats, grid, rows, rule lines, the
note under the grid) is one :class:`SheetLayout` per game type, in the game's
folder (``league/games/<kind>/sheets.py``), which its kind names
(``GameKind.sheet_layout``). The grids are the blank sheets' (``league.pdf.grid``);
the partnership and double-deck ones trade their "Marks" column for "Checked"
(:func:`checked`), where the other side initials a row once both running totals agree.
"""
from dataclasses import dataclass
from typing import Callable

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Spacer

from league.models.game import SIDE_LABELS

from .flowables import MUTED, qr_code
from .grid import Column, Group, cells, scaled
from .league_base import LeagueDocument
from .measured import KeptFitText, ParagraphCache, kept_table_class
from .ruled_grid import ruled_grid

CHECK = Column("check", gettext_lazy("Checked"), 15 * mm, "center")


def checked(columns) -> tuple:
    """A blank sheet's Pinochle grid for a league table: its "Marks" column
    (written by hand) gives way to "Checked", where another player initials
    the row once the running totals agree."""
    return (*(c for c in columns if c.key != "marks"), CHECK)


# -- one layout per game type ------------------------------------------------------
@dataclass(frozen=True)
class SheetLayout:
    """What one game type's table sheet prints.

    ``letters``: each seat's letter, one per seat (the deal passes to the
    left round them); ``partners``: N–S against E–W, a side being ``seat % 2``
    (else each player is a side); ``columns``: the grid; ``groups``: the
    columns each side's header spans, side 0 first (the sheet writes the
    players' names in the label); ``rows``/``rules``: the rows a whole game
    needs and the ``[(label, text)]`` rule lines, from the game;
    ``footnote``: the line under the grid; ``players_label``: printed before
    the players when they are not in sides; ``dealer_names``: the grid's
    dealer cells name the dealer (``N Ann``), else give the seat's letter
    alone (a narrow column under headers that name each seat's player)."""

    letters: tuple[str, ...]
    partners: bool
    columns: tuple[Column, ...]
    groups: tuple[Group, ...]
    rows: Callable
    rules: Callable
    footnote: str | Promise
    players_label: str | Promise = ""
    dealer_names: bool = True

    @property
    def seats(self) -> int:
        return len(self.letters)


class TableSheets(LeagueDocument):
    """``TableSheets(night, tables, link=lambda game: url).render()`` -> PDF bytes,
    one page for each table in ``tables`` (from ``night_tables_for_print``)."""

    title = gettext_lazy("Table score sheets")
    qr_size = 30 * mm
    max_row_height = 7.5 * mm
    min_row_height = 5.0 * mm
    cell_size = 8.0
    header_size = 7.0
    rule_label_width = 24 * mm
    side_label_width = 14 * mm

    def __init__(self, night, tables, *, link, round_number: int | None = None, **kwargs):
        kwargs.setdefault("club_name", night.season.league.club.name)
        super().__init__(**kwargs)
        self.night, self.tables, self.link = night, list(tables), link
        self.round_number = round_number
        self.league = night.season.league
        self.paragraphs = ParagraphCache()

    # -- the head's flowables remember their wrap (league.pdf.measured) --------
    def p(self, text, style="body", bold=None):
        return self.paragraphs.get((str(text), style, bold), lambda: super(TableSheets, self).p(text, style, bold))

    @staticmethod
    def line(text, size=9.0, *, bold=False, align="left", min_size=5.5, color=None):
        return KeptFitText(str(text), size, bold=bold, align=align, min_size=min_size, color=color)

    def table(self, rows, *, tag, col_widths, style=(), row_heights=None, **kwargs):
        table = super().table(rows, tag=tag, col_widths=col_widths, style=style, row_heights=row_heights, **kwargs)
        table.__class__ = kept_table_class(type(table))
        return table

    def styles(self) -> dict:
        styles = super().styles()
        body = styles["body"]
        styles["seat"] = ParagraphStyle("seat", parent=body, fontSize=10, leading=12, spaceShrinkage=0)
        styles["order"] = ParagraphStyle("order", parent=body, fontSize=8, leading=10, spaceShrinkage=0)
        return styles

    def document_title(self) -> str:
        when = self.date(self.night.date)
        if self.round_number is not None:
            return _("%(title)s · %(date)s · round %(round)d") % {
                "title": self.title, "date": when, "round": self.round_number}
        return f"{self.title} · {when}"

    # -- what a game asks of its sheet ------------------------------------
    @staticmethod
    def sheet_layout(game) -> SheetLayout:
        """The game type's :class:`SheetLayout`."""
        return game.kind.sheet_layout()

    def rows_needed(self, game) -> int:
        return self.sheet_layout(game).rows(game)

    def columns(self, game) -> tuple:
        return scaled(self.sheet_layout(game).columns, self.content_width)

    def seat_label(self, game, seat) -> str:
        """``N · Ann`` at a table of partners, ``1 · Ann`` at a table of three, ``A · Ann`` at cribbage."""
        return f"{self.sheet_layout(game).letters[seat.seat]} · {seat.player.name}"

    def groups(self, game) -> tuple:
        """Each side's header: ``N–S · Ann & Cy``, or one player's ``1 · Ann``."""
        layout, seats = self.sheet_layout(game), list(game.seats.all())
        if layout.partners:
            names = [" & ".join(s.player.name for s in seats if s.seat % 2 == side) for side in (0, 1)]
            return tuple(Group(f"{SIDE_LABELS[side]} · {names[side]}", g.first, g.last)
                         for side, g in enumerate(layout.groups))
        return tuple(Group(self.seat_label(game, s), g.first, g.last) for s, g in zip(seats, layout.groups))

    def dealer(self, game, number: int, sep: str = " ", name: bool = True) -> str:
        """Who deals hand ``number`` (``N Ann``; ``N`` without ``name``): the
        deal passes to the left every hand."""
        layout = self.sheet_layout(game)
        seats = {s.seat: s for s in game.seats.all()}
        seat = seats.get((game.first_dealer + number - 1) % layout.seats)
        if seat is None:
            return ""
        letter = layout.letters[seat.seat]
        return f"{letter}{sep}{seat.player.name}" if name else letter

    # -- the block above the grid -----------------------------------------
    def players(self, game, width: float):
        layout = self.sheet_layout(game)
        seats = {s.seat: s for s in game.seats.all()}
        if not layout.partners:
            row = [self.p(self.seat_label(game, s), "seat") for s in seats.values()]
            widths = [width / max(len(row), 1)] * max(len(row), 1)
            if layout.players_label:
                label = self.side_label_width
                row.insert(0, self.line(layout.players_label, 10, bold=True))
                widths = [label] + [(width - label) / max(len(seats), 1)] * len(seats)
            return self.table([row], tag="players", col_widths=widths,
                              style=[("RIGHTPADDING", (0, 0), (-1, -1), 2 * mm)])
        sides = {s.side: s for s in game.sides.all()}
        teams = any(s.team_id for s in sides.values())
        rows = []
        for side in (0, 1):
            row = [self.line(SIDE_LABELS[side], 10, bold=True)]
            if teams:
                team = sides.get(side)
                row.append(self.p(team.team.name if team and team.team_id else "", "seat", bold=True))
            row += [self.p(self.seat_label(game, seats[seat]) if seat in seats else "", "seat")
                    for seat in (side, side + 2)]
            rows.append(row)
        label = self.side_label_width
        rest = width - label
        widths = [label] + ([rest * 0.32] + [rest * 0.34] * 2 if teams else [rest / 2] * 2)
        return self.table(rows, tag="players", col_widths=widths,
                          style=[("RIGHTPADDING", (0, 0), (-1, -1), 2 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])

    def dealing(self, game) -> list:
        order = " → ".join(self.dealer(game, n) for n in range(1, self.sheet_layout(game).seats + 1))
        return [
            self.line(_("First dealer: %(seat)s") % {"seat": self.dealer(game, 1, " · ")}, 9, bold=True),
            self.p(_("Dealing order (the deal passes to the left): %(order)s") % {"order": order}, "order"),
        ]

    def rule_lines(self, game) -> list[tuple[str, str]]:
        """``[(label, text), ...]``: the game's target, bidding, ties... (its layout's ``rules``)."""
        return self.sheet_layout(game).rules(game)

    def rules_table(self, game, width: float):
        rows = [[self.line(label, 8, bold=True), self.p(text, "order")] for label, text in self.rule_lines(game)]
        return self.table(rows, tag="rules", col_widths=[self.rule_label_width, width - self.rule_label_width],
                          style=[("RIGHTPADDING", (0, 0), (0, -1), 2 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])

    def head(self, table):
        game, league = table.game, self.league
        qr_column = self.qr_size + 4 * mm
        width = self.content_width - qr_column
        place = " · ".join(x for x in (self.club_name, league.name, self.night.season.name) if x)
        intro = [
            self.line(_("Round %(round)d · Table %(table)d") % {"round": table.round.number, "table": table.number},
                      16, bold=True),
            self.line(place, 9),
            self.line(_("Club night %(date)s") % {"date": self.date(self.night.date)}, 9),
            Spacer(1, 2 * mm),
            self.players(game, width),
            Spacer(1, 1.5 * mm),
            *self.dealing(game),
            Spacer(1, 1.5 * mm),
            self.rules_table(game, width),
        ]
        qr = [qr_code(self.link(game), self.qr_size),
              self.line(self.scan_caption(game), 6.5, align="center", min_size=4.5)]
        return self.table([[intro, qr]], tag="head", col_widths=[width, qr_column],
                          style=[("LEFTPADDING", (1, 0), (1, 0), 4 * mm)])

    @staticmethod
    def scan_caption(game) -> str:
        """What the phone enters at this table: hands, deals or rounds."""
        return str(game.kind.scan_caption)

    def footnote(self, game):
        return self.p(str(self.sheet_layout(game).footnote), "small")

    # -- the page of one table ------------------------------------------------
    def layout(self, head, url_line, footnote, needed: int) -> tuple[int, float]:
        """``(rows, row height)`` so the page holds the head, the grid and the
        note: the rows needed at up to ``max_row_height``, fewer rows if even
        ``min_row_height`` would not fit them."""
        used = sum(f.wrap(self.content_width, self.content_height)[1] for f in (head, url_line, footnote))
        header = 2 * self.header_size * 1.9
        room = self.content_height - used - header - 3 * mm - 2 * mm - 2  # the spacers, and a margin
        rows = max(1, min(needed, int(room // self.min_row_height)))
        return rows, min(self.max_row_height, room / rows)

    def page(self, table) -> list:
        game = table.game
        layout = self.sheet_layout(game)
        head = self.head(table)
        url_line = self.line(self.link(game), 7, min_size=4.0, color=MUTED)
        footnote = self.footnote(game)
        rows, height = self.layout(head, url_line, footnote, self.rows_needed(game))
        columns = self.columns(game)
        body = [
            cells(columns, {"number": str(n), "dealer": self.dealer(game, n, name=layout.dealer_names)},
                  size=self.cell_size, colors={"dealer": MUTED}, min_sizes={"dealer": 6.0})
            for n in range(1, rows + 1)
        ]
        grid = ruled_grid(self.table_class(), columns, self.groups(game), body, row_height=height,
                          header_size=self.header_size)
        return [head, url_line, Spacer(1, 3 * mm), grid, Spacer(1, 2 * mm), footnote]

    def story(self) -> list:
        out = []
        for i, table in enumerate(self.tables):
            if i:
                out.append(PageBreak())
            out += self.page(table)
        if not out:
            out.append(self.p(_("No table is seated yet.")))
        return out
