"""The completed (or in-progress) partnership game, printed from its stored
rows: every number on the sheet is the one the services stored (counted meld,
trick points, the hand's score, the running total); nothing is recomputed."""
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from league.i18n import render as render_message
from league.models import HandKind
from league.models.game import SEAT_LETTERS

from .base import PdfDocument
from .flowables import RED, SET_TINT, qr_code
from .charts import chart_flowables
from .fonts import markup
from .grid import PARTNERSHIP_COLUMNS, PARTNERSHIP_GROUPS, Column, Group, cells, grid_table, scaled, side_columns
from .grid import cell_intervals as grid_cell_intervals


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


THREE_PLAYER_COLUMNS = (
    Column("number", "#", 7 * mm, "center"),
    Column("dealer", gettext_lazy("Dealer"), 14 * mm, "left"),
    Column("bidder", gettext_lazy("Bidder"), 14 * mm, "left"),
    Column("bid", gettext_lazy("Bid"), 10 * mm),
    Column("trump", gettext_lazy("Trump"), 9 * mm, "center"),
    *(c for side in "012" for c in side_columns(side, widths=(10, 10, 11, 11))),
)
"""A three-handed game's grid: one meld/tricks/score/total group per player."""


class CompletedGameSheet(PdfDocument):
    """``CompletedGameSheet(game_sheet(public_id), url=...).render()`` -> PDF bytes."""

    title = gettext_lazy("Game score sheet")
    COLUMNS = PARTNERSHIP_COLUMNS
    GROUPS = PARTNERSHIP_GROUPS
    row_height = 5.4 * mm
    cell_size = 8.0
    qr_size = 27 * mm

    def __init__(self, sheet, *, url: str = "", **kwargs):
        kwargs.setdefault("club_name", sheet.game.club.name)
        super().__init__(**kwargs)
        self.sheet = sheet
        self.url = url
        self.three = getattr(sheet, "three_handed", False)
        if self.three:
            self.COLUMNS = THREE_PLAYER_COLUMNS
            self.GROUPS = tuple(Group(label, f"meld_{s}", f"total_{s}")
                                for s, (label, _who) in enumerate(sheet.side_names))
        self.COLUMNS = scaled(self.COLUMNS, self.content_width)  # the grid ends at the right margin

    def cell_intervals(self, x0: float = 0.0):
        """Horizontal extents of the grid's cells (columns and side headers)."""
        return grid_cell_intervals(self.COLUMNS, self.GROUPS, x0)

    # -- the block above the grid --------------------------------------
    def _p(self, text: str, style="body", bold=False) -> Paragraph:
        return Paragraph(markup(text, bold), self.stylesheet[style])

    def _seat(self, seat_number: int) -> str:
        seats = self.sheet.seats
        name = seats[seat_number].player.name if seat_number < len(seats) else ""
        letters = getattr(self.sheet, "seat_letters", SEAT_LETTERS)
        return f"{letters[seat_number]} · {name}"

    def _players(self, width: float) -> Table:
        side_names = self.sheet.side_names
        if self.three:
            rows = [[self._p(_("Player"), "label"), self._p(self._seat(seat)), ""] for seat in range(3)]
        else:
            rows = [
                [self._p(side_names[side][0], "label"), self._p(self._seat(side)), self._p(self._seat(side + 2))]
                for side in (0, 1)
            ]
        label = 14 * mm
        table = Table(rows, colWidths=[label, (width - label) / 2, (width - label) / 2], hAlign="LEFT")
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
        ]))
        return table

    def _totals(self) -> str:
        if self.three:
            return " · ".join(f"{who} {side.total}" for side, _label, who in self.sheet.columns)
        return " · ".join(f"{side.label} {side.total}" for side in self.sheet.sides)

    def _result(self) -> list:
        game = self.sheet.game
        if game.is_finished:
            if self.sheet.winner_label:
                side, names = self.sheet.winner_label
                out = [self._p(_("Winner: %(side)s (%(names)s)") % {"side": side, "names": names}, bold=True)]
            else:
                out = [self._p(_("Drawn"), bold=True)]
            out.append(self._p(_("Final totals: %(totals)s") % {"totals": self._totals()}))
            if game.end_message:
                out.append(self._p(render_message(game.end_message)))
            return out
        n = len(self.sheet.rows)
        return [self._p(ngettext("In progress after %(n)d hand. Totals so far: %(totals)s",
                                 "In progress after %(n)d hands. Totals so far: %(totals)s", n)
                        % {"n": n, "totals": self._totals()})]

    def _intro(self) -> list:
        sheet, game = self.sheet, self.sheet.game
        started = formats.date_format(timezone.localtime(game.created_at), "DATE_FORMAT")
        rules = sheet.summary
        if game.rule_profile is not None:
            rules = f"{game.rule_profile.name}: {rules}"
        return [
            self._p(str(game.kind.label), "heading"),
            self._p(ngettext("Started %(date)s · %(hands)d hand", "Started %(date)s · %(hands)d hands", len(sheet.rows))
                    % {"date": started, "hands": len(sheet.rows)}, "small"),
            Spacer(1, 2 * mm),
            self._players(self._intro_width()),
            self._p(_("First dealer: %(seat)s") % {"seat": self._seat(game.first_dealer)}),
            self._p(_("Rules: %(rules)s") % {"rules": rules}),
            Spacer(1, 1.5 * mm),
            *self._result(),
        ]

    def _intro_width(self) -> float:
        return self.content_width - (self.qr_size + 4 * mm if self.url else 0)

    def _head(self) -> list:
        if not self.url:
            return self._intro()
        qr = [qr_code(self.url, self.qr_size), self._p(_("Scan for the game page"), "small")]
        table = Table([[self._intro(), qr]], colWidths=[self._intro_width(), self.qr_size + 4 * mm],
                      hAlign="LEFT")
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("LEFTPADDING", (1, 0), (1, 0), 4 * mm),
        ]))
        return [table, self._p(self.url, "small")]

    # -- the grid ----------------------------------------------------------
    def _marks(self, row) -> str:
        hand = row.hand
        if row.passed:
            return _("all passed")
        if hand.kind == HandKind.THROWN_IN:
            return _("thrown in")
        if hand.kind == HandKind.RENEGE:
            side = self.sheet.side_names[hand.renege_side][0] if hand.renege_side is not None else ""
            return _("renege %(side)s") % {"side": side}
        return _("set") if row.is_set else ""

    def _values(self, row) -> dict:
        hand = row.hand
        values = {
            "number": str(hand.number),
            "dealer": f"{getattr(self.sheet, 'seat_letters', SEAT_LETTERS)[hand.dealer]} {row.dealer}",
            "bidder": f"{row.bidder_letter} {row.bidder}" if row.bidder_letter else "",
            "bid": "" if hand.bid is None else str(hand.bid),
            "trump": row.trump,
            "marks": self._marks(row),
        }
        for s in row.sides:
            values[f"meld_{s.side}"] = "–" if row.passed else str(s.counted_meld)
            values[f"tricks_{s.side}"] = "–" if s.tricks is None else str(s.counted_tricks)
            values[f"score_{s.side}"] = _signed(s.delta)
            values[f"total_{s.side}"] = str(s.total)
        return values

    def grid_groups(self) -> tuple[Group, ...]:
        names = self.sheet.side_names
        return tuple(
            Group(f"{group.label} · {names[i][1]}", group.first, group.last)
            for i, group in enumerate(self.GROUPS)
        )

    def grid(self):
        rows, tints = [], []
        for i, row in enumerate(self.sheet.rows):
            colors = {"trump": RED} if row.hand.trump in ("H", "D") else {}
            rows.append(cells(self.COLUMNS, self._values(row), size=self.cell_size,
                              bold_keys=tuple(f"total_{s.side}" for s in row.sides), colors=colors,
                              min_sizes={"dealer": 6.5, "bidder": 6.5}))
            if row.is_set:
                tints.append((i, SET_TINT))
        if not rows:
            rows.append(cells(self.COLUMNS, {"dealer": _("No hands yet.")}, size=self.cell_size))
        return grid_table(self.table_class(), self.COLUMNS, self.grid_groups(), rows,
                          row_height=self.row_height, tints=tints)

    def notes(self) -> list:
        out = []
        for row in self.sheet.rows:
            if row.hand.notes:
                text = "; ".join(render_message(n) for n in row.hand.notes)
                out.append(self._p(_("Hand %(n)d: %(notes)s") % {"n": row.hand.number, "notes": text}, "small"))
        if out:
            out.insert(0, self._p(_("Notes"), "subheading"))
        return out

    def story(self) -> list:
        return [*self._head(), Spacer(1, 4 * mm), self.grid(), *self.notes(), *chart_flowables(self.sheet, lambda t: self._p(t, "subheading"))]
