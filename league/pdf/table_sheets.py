"""The score sheets laid on every table before a club night: one page a
table, for one round or the whole night. Each page names the club, league,
night, round and table, the players by seat and side, the first dealer and
the dealing order, the rules that matter at the table, a QR code of the
table's link (its secret token: organizers only), and a ruled grid of hand
rows in the order the hand entry form asks, with the dealer of every row
filled in and a column for the other side to check the running totals.
"""
import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Spacer

from league.models.game import SEAT_LETTERS, SIDE_LABELS
from league.rules_text import rules_summary

from .flowables import MUTED, qr_code
from .grid import CRIBBAGE_COLUMNS, Column, Group, cells, grid_table, side_columns
from .league_base import LeagueDocument, scaled, seat_label

PARTNERSHIP_SHEET_COLUMNS = (
    Column("number", "#", 7 * mm, "center"),
    Column("dealer", gettext_lazy("Dealer"), 22 * mm, "left"),
    Column("bidder", gettext_lazy("Bidder"), 22 * mm, "left"),
    Column("bid", gettext_lazy("Bid"), 11 * mm),
    Column("trump", gettext_lazy("Trump"), 9 * mm, "center"),
    *side_columns("0"),
    *side_columns("1"),
    Column("check", gettext_lazy("Checked"), 15 * mm, "center"),
)
CRIBBAGE_SHEET_COLUMNS = CRIBBAGE_COLUMNS


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
    def is_partnership(game) -> bool:
        return game.game_type == "partnership"

    def rows_needed(self, game) -> int:
        """Hand rows for a whole game: the round's hand limit when there is one;
        else enough for a side to reach the target taking half the trick points
        and no meld every hand, and four more (sets, throw-ins). Cribbage: a
        deal rarely scores under 8 for a player, so target ÷ 8 and two more."""
        if not self.is_partnership(game):
            from scoring.cribbage import CribbageRules

            return math.ceil(CribbageRules.from_dict(game.rules).target / 8) + 2
        if game.hand_limit:
            return game.hand_limit
        rules = game.pinochle_rules()
        return math.ceil(rules.target / (rules.trick_total / 2)) + 4

    def columns(self, game) -> tuple:
        base = PARTNERSHIP_SHEET_COLUMNS if self.is_partnership(game) else CRIBBAGE_SHEET_COLUMNS
        return scaled(base, self.content_width)

    def groups(self, game) -> tuple:
        seats = list(game.seats.all())
        if self.is_partnership(game):
            names = [" & ".join(s.player.name for s in seats if s.seat % 2 == side) for side in (0, 1)]
            return tuple(
                Group(f"{SIDE_LABELS[side]} · {names[side]}", f"meld_{side}", f"total_{side}") for side in (0, 1)
            )
        return tuple(Group(seat_label(game, s), f"pegging_{'ab'[s.seat]}", f"total_{'ab'[s.seat]}") for s in seats)

    def dealer(self, game, number: int, sep: str = " ") -> str:
        """Who deals hand ``number`` (``N Ann``): the deal passes to the left every hand."""
        seats = {s.seat: s for s in game.seats.all()}
        count = 4 if self.is_partnership(game) else 2
        seat = seats.get((game.first_dealer + number - 1) % count)
        if seat is None:
            return ""
        letter = SEAT_LETTERS[seat.seat] if count == 4 else "AB"[seat.seat]
        return f"{letter}{sep}{seat.player.name}"

    # -- the block above the grid -----------------------------------------
    def players(self, game, width: float):
        seats = {s.seat: s for s in game.seats.all()}
        if not self.is_partnership(game):
            row = [self.p(seat_label(game, s), "seat") for s in seats.values()]
            return self.table([row], tag="players", col_widths=[width / max(len(row), 1)] * max(len(row), 1),
                              style=[("RIGHTPADDING", (0, 0), (-1, -1), 2 * mm)])
        sides = {s.side: s for s in game.sides.all()}
        teams = any(s.team_id for s in sides.values())
        rows = []
        for side in (0, 1):
            row = [self.line(SIDE_LABELS[side], 10, bold=True)]
            if teams:
                team = sides.get(side)
                row.append(self.p(team.team.name if team and team.team_id else "", "seat", bold=True))
            row += [self.p(seat_label(game, seats[seat]) if seat in seats else "", "seat") for seat in (side, side + 2)]
            rows.append(row)
        label = self.side_label_width
        rest = width - label
        widths = [label] + ([rest * 0.32] + [rest * 0.34] * 2 if teams else [rest / 2] * 2)
        return self.table(rows, tag="players", col_widths=widths,
                          style=[("RIGHTPADDING", (0, 0), (-1, -1), 2 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)])

    def dealing(self, game) -> list:
        count = 4 if self.is_partnership(game) else 2
        order = " → ".join(self.dealer(game, n) for n in range(1, count + 1))
        return [
            self.line(_("First dealer: %(seat)s") % {"seat": self.dealer(game, 1, " · ")}, 9, bold=True),
            self.p(_("Dealing order (the deal passes to the left): %(order)s") % {"order": order}, "order"),
        ]

    def rule_lines(self, game) -> list[tuple[str, str]]:
        """``[(label, text), ...]``: target, bidding, defenders with no counter, ties."""
        if not self.is_partnership(game):
            from scoring.cribbage import CribbageRules

            rules = CribbageRules.from_dict(game.rules)
            return [(_("Target"), _("%(target)d; skunk under %(skunk)d, double skunk under %(double)d") % {
                "target": rules.target, "skunk": rules.skunk_line, "double": rules.double_skunk_line})]
        rules = game.pinochle_rules()
        if game.hand_limit:
            target = _("%(target)d, or after %(hands)d hands the higher total wins (equal totals draw)") % {
                "target": rules.target, "hands": game.hand_limit}
        else:
            target = _("first side to %(target)d") % {"target": rules.target}
        if rules.meld_saved_by == "trick":
            defenders = _("keep their meld only by taking a trick; with no trick it is lost")
        else:
            defenders = _("keep their meld only by taking a counter; with no counter it is lost")
        if rules.bidder_needs_trick:
            defenders += " " + _("(the bidders need a trick too)")
        if rules.tie == "bidder":
            tie = _("both sides reach the target on one hand: the bidders win")
        else:
            tie = _("both sides reach the target on one hand: the higher total wins")
        return [
            (_("Target"), target),
            (_("Bidding"), _("minimum %(min)d, raise by %(step)d") % {"min": rules.min_bid,
                                                                       "step": rules.bid_increment}),
            (_("Defenders"), defenders),
            (_("Ties"), tie),
            (_("All rules"), rules_summary(rules)),
        ]

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
              self.line(_("Scan to enter this table's hands"), 6.5, align="center", min_size=4.5)]
        return self.table([[intro, qr]], tag="head", col_widths=[width, qr_column],
                          style=[("LEFTPADDING", (1, 0), (1, 0), 4 * mm)])

    def footnote(self, game):
        if self.is_partnership(game):
            text = _("Enter each hand in this order on the table's page. Checked: once both running totals "
                     "agree, a player of the other side initials the row.")
        else:
            text = _("Enter each deal on the table's page: pegging, hand and crib for each player.")
        return self.p(text, "small")

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
        head = self.head(table)
        url_line = self.line(self.link(game), 7, min_size=4.0, color=MUTED)
        footnote = self.footnote(game)
        rows, height = self.layout(head, url_line, footnote, self.rows_needed(game))
        columns = self.columns(game)
        body = [
            cells(columns, {"number": str(n), "dealer": self.dealer(game, n)}, size=self.cell_size,
                  colors={"dealer": MUTED}, min_sizes={"dealer": 6.0})
            for n in range(1, rows + 1)
        ]
        grid = grid_table(self.table_class(), columns, self.groups(game), body, row_height=height,
                          header_size=self.header_size)
        grid.tag = "grid"
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
