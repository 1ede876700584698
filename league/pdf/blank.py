"""Blank score sheets for casual games and clubs without phones: one per game
family, ruled for a whole game, to fill in by hand."""
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from .base import PdfDocument
from .flowables import MUTED, RED, RULE, FitText
from .fonts import SANS, draw_string, fit, string_width
from .grid import (CRIBBAGE_COLUMNS, DOUBLE_DECK_COLUMNS, DOUBLE_DECK_GROUPS, PARTNERSHIP_COLUMNS,
                   PARTNERSHIP_GROUPS, RUMMY_COLUMNS, RUMMY_GROUPS, THREE_HANDED_COLUMNS, Group, cells,
                   grid_table, scaled)
from .grid import cell_intervals as grid_cell_intervals


@dataclass(frozen=True)
class Family:
    title: object
    columns: tuple
    groups: tuple
    rows: int
    row_height: float
    players: tuple = ()
    rules: tuple = ()  # reminder lines printed above the grid
    partners: bool = False  # N–S against E–W: the partners' names at the top
    game_to: object = ""  # "Game to" printed instead of target / minimum bid / increment
    target: str = ""
    minimum: str = ""
    track: bool = False  # the cribbage track and skunk lines at the foot


PLAYER = gettext_lazy("Player %(letter)s")


class _LazyPlayer:
    """``Player A`` translated when printed, not at import."""

    def __init__(self, letter):
        self.letter = letter

    def __str__(self):
        return str(PLAYER) % {"letter": self.letter}


# One blank sheet per game kind; ``GameKind.blank_family()`` names which.
PARTNERSHIP_FAMILY = Family(
    gettext_lazy("Partnership Pinochle"), PARTNERSHIP_COLUMNS, PARTNERSHIP_GROUPS, rows=24,
    row_height=7 * mm, partners=True,
)
THREE_HANDED_FAMILY = Family(
    gettext_lazy("Three-handed Pinochle"), THREE_HANDED_COLUMNS,
    tuple(Group(_LazyPlayer(p.upper()), f"meld_{p}", f"total_{p}") for p in "abc"),
    rows=24, row_height=7 * mm, players=("A", "B", "C"),
)
CRIBBAGE_FAMILY = Family(
    gettext_lazy("Cribbage"), CRIBBAGE_COLUMNS,
    tuple(Group(_LazyPlayer(p.upper()), f"pegging_{p}", f"total_{p}") for p in "ab"),
    rows=18, row_height=7 * mm, players=("A", "B"), game_to="121 / 61", track=True,
)
# docs/rules.md, double-deck: 50 trick points a hand, bids from 50; 24 hands carry a game to 500.
DOUBLE_DECK_FAMILY = Family(
    gettext_lazy("Double-deck Pinochle"), DOUBLE_DECK_COLUMNS, DOUBLE_DECK_GROUPS, rows=24,
    row_height=7 * mm, rules=(gettext_lazy("50 trick points · bids from 50"),), partners=True,
    target="500", minimum="50",
)
# docs/rules.md, rummy-style: per team each round; game to 1500 (or 8 rounds), 12 rows to spare.
RUMMY_FAMILY = Family(
    gettext_lazy("Rummy-style Pinochle"), RUMMY_COLUMNS, RUMMY_GROUPS, rows=12,
    row_height=11 * mm,
    rules=(
        gettext_lazy("Bonuses: going out, folded, clean / semi-clean / dirty runs, rescued wilds"),
        gettext_lazy("barbele (750+): first meld ≥ 70, else −50"),
    ),
    partners=True, game_to=gettext_lazy("1500 or 8 rounds"),
)


def families() -> dict:
    """``{url segment: Family}`` for every game kind."""
    from league.games import kinds

    return {k.blank_slug: k.blank_family() for k in kinds()}


class CribbageTrack(Flowable):
    """Two 121-point tracks, ticks every point, with the double-skunk line at
    61, the skunk line at 91 and game at 121 (docs/rules.md, cribbage)."""

    strip = 5 * mm
    label_width = 8 * mm
    LINES = ((61, gettext_lazy("double skunk")), (91, gettext_lazy("skunk")), (121, gettext_lazy("game")))

    def __init__(self, players=("A", "B")):
        super().__init__()
        self.players = players

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.height = 9 * mm + len(self.players) * (self.strip + 2 * mm)
        return self.width, self.height

    def x(self, point: int) -> float:
        return self.label_width + point * (self.width - self.label_width - 3 * mm) / 121

    def draw(self):
        c = self.canv
        c.setStrokeColor(RULE)
        top = self.height - 9 * mm
        for i, player in enumerate(self.players):
            y = top - (i + 1) * (self.strip + 2 * mm) + 2 * mm
            c.setFillColor(MUTED)
            draw_string(c, 0, y + 1.2 * mm, player, 9, bold=True)
            c.setLineWidth(0.5)
            c.rect(self.x(0), y, self.x(121) - self.x(0), self.strip)
            for point in range(1, 121):
                tick = self.strip if point % 10 == 0 else (self.strip * 0.55 if point % 5 == 0 else self.strip * 0.3)
                c.setLineWidth(0.35 if point % 5 else 0.6)
                c.line(self.x(point), y, self.x(point), y + tick)
        bottom = top - len(self.players) * (self.strip + 2 * mm) + 2 * mm
        c.setFillColor(MUTED)
        for point in range(0, 121, 10):
            if point not in (60, 90, 120):
                draw_string(c, self.x(point), top + 1 * mm, str(point), 6, align="center")
        c.setStrokeColor(RED)
        c.setFillColor(RED)
        c.setLineWidth(1.4)
        for point, label in self.LINES:
            c.line(self.x(point), bottom - 1 * mm, self.x(point), top + 4.5 * mm)
            text, size = fit(f"{point} {label}", 30 * mm, 7)
            draw_string(c, self.x(point) - 1 * mm, top + 5.5 * mm, text, size, align="right", bold=True)


class BlankSheet(PdfDocument):
    """``BlankSheet("cribbage", paper="letter", club_name="...").render()`` -> PDF bytes."""

    title = gettext_lazy("Blank score sheet")
    cell_size = 8.0

    def __init__(self, family: str, **kwargs):
        known = families()
        if family not in known:
            raise ValueError(f"unknown family {family!r}; one of {sorted(known)}")
        super().__init__(**kwargs)
        self.family = family
        self.spec = known[family]

    @property
    def COLUMNS(self):
        """The family's columns, scaled to end exactly at the right margin."""
        return scaled(self.spec.columns, self.content_width)

    def cell_intervals(self, x0: float = 0.0):
        return grid_cell_intervals(self.COLUMNS, self.spec.groups, x0)

    def document_title(self) -> str:
        return f"{self.title} · {self.spec.title}"

    def _fields(self, pairs) -> Table:
        """One line of labelled blanks: ``[(label, prefilled value), ...]``."""
        share = self.content_width / len(pairs)
        widths, row = [], []
        for label, value in pairs:
            label_width = min(string_width(str(label), 9, bold=True) + 3 * mm, share * 0.6)
            widths += [label_width, share - label_width]
            row += [FitText(str(label), 9, bold=True), FitText(value, 9)]
        table = Table([row], colWidths=widths, rowHeights=[8 * mm], hAlign="LEFT")
        style = [("FONTNAME", (0, 0), (-1, -1), SANS), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("LEFTPADDING", (0, 0), (-1, -1), 1),
                 ("RIGHTPADDING", (0, 0), (-1, -1), 4)]
        style += [("LINEBELOW", (i, 0), (i, 0), 0.5, RULE) for i in range(1, len(row), 2)]
        table.setStyle(TableStyle(style))
        return table

    def intro(self) -> list:
        out = [
            FitText(str(self.spec.title), 14, bold=True),
            self._fields([(_("Club"), self.club_name), (_("Date"), ""), (_("Table"), "")]),
        ]
        spec = self.spec
        if spec.partners:
            out += [
                self._fields([(_("N–S"), ""), ("N", ""), ("S", "")]),
                self._fields([(_("E–W"), ""), ("E", ""), ("W", "")]),
            ]
        else:
            out.append(self._fields([(str(_LazyPlayer(p)), "") for p in spec.players]))
        if spec.game_to:
            out.append(self._fields([(_("First dealer"), ""), (_("Game to"), str(spec.game_to))]))
        elif spec.partners:
            out.append(self._fields([(_("First dealer"), ""), (_("Target"), spec.target),
                                     (_("Minimum bid"), spec.minimum), (_("Increment"), "")]))
        else:
            out.append(self._fields([(_("First dealer"), ""), (_("Target"), ""), (_("Minimum bid"), "")]))
        if self.spec.rules:
            out += [Spacer(1, 2 * mm), *(FitText(str(line), 9, bold=True, color=RED) for line in self.spec.rules)]
        return out

    def grid(self):
        columns = self.COLUMNS
        rows = [
            cells(columns, {"number": str(n)}, size=self.cell_size)
            for n in range(1, self.spec.rows + 1)
        ]
        return grid_table(self.table_class(), columns, self.spec.groups, rows,
                          row_height=self.spec.row_height)

    def outro(self) -> list:
        if self.spec.track:
            return [
                self._fields([(_("Winner"), ""), (_("Final score"), ""), (_("Spread"), "")]),
                self._fields([(_("Skunk (loser under 91)"), ""), (_("Double skunk (under 61)"), "")]),
                Spacer(1, 3 * mm),
                CribbageTrack(self.spec.players),
            ]
        return [self._fields([(_("Winner"), ""), (_("Final score"), ""), (_("Signed"), "")])]

    def story(self) -> list:
        return [*self.intro(), Spacer(1, 4 * mm), self.grid(), Spacer(1, 2 * mm), *self.outro()]
