"""The completed (or in-progress) cribbage and rummy games, printed from the
boards their pages read (``league.selectors.cribbage.cribbage_board``,
``league.selectors.rummy.rummy_board``): every number on the sheet is one
the services stored (pegging, hands, crib, melds, round and running totals);
nothing is rescored.

Both sheets share the block above the grid (title, club, league night,
players, rules, the result) with a QR code of the game's public page; each
has its own grid and notes under it.
"""
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from league.i18n import render as render_message
from league.models.game import SEAT_LETTERS, SIDE_LABELS
from scoring.messages import Message

from .flowables import RED, SET_TINT, qr_code
from .grid import Column, Group, cells, grid_table, rummy_team_columns, scaled
from .grid import cell_intervals as grid_cell_intervals
from .league_base import LeagueDocument


def _minus(n: int) -> str:
    """A deduction as printed: ``−35``; nothing for 0."""
    return f"−{n}" if n else ""


class _BoardSheet(LeagueDocument):
    """The head shared by the cribbage and rummy sheets; subclasses set
    ``COLUMNS``/``title`` and implement the grid and its notes."""

    COLUMNS: tuple = ()
    row_height = 5.4 * mm
    cell_size = 8.0
    qr_size = 27 * mm
    game_label = ""

    def __init__(self, board, *, url: str = "", table=None, **kwargs):
        kwargs.setdefault("club_name", board.game.club.name)
        super().__init__(**kwargs)
        self.board = board
        self.game = board.game
        self.url = url
        self.league_table = table if table is not None else (board.game.table if board.game.table_id else None)

    # -- geometry -------------------------------------------------------------
    def columns(self) -> tuple:
        """The grid's columns, their widths scaled to the frame."""
        return scaled(self.COLUMNS, self.content_width)

    def groups(self) -> tuple:
        raise NotImplementedError

    def cell_intervals(self, x0: float = 0.0):
        """Horizontal extents of the grid's cells (columns and group headers)."""
        return grid_cell_intervals(self.columns(), self.groups(), x0)

    # -- the head ---------------------------------------------------------------
    def heading(self) -> str:
        raise NotImplementedError

    def players(self) -> list:
        raise NotImplementedError

    def rules_text(self) -> str:
        raise NotImplementedError

    def result(self) -> list:
        raise NotImplementedError

    def unit_count(self) -> str:
        raise NotImplementedError

    def league_line(self) -> str:
        """``Thursday League · Autumn 2026 · Oct. 1, 2026 · Round 1 · Table 2`` for a league table's game."""
        table = self.league_table
        if table is None:
            return ""
        night = table.round.night
        return " · ".join([
            night.season.league.name, night.season.name, self.date(night.date),
            _("Round %(number)d") % {"number": table.round.number},
            _("Table %(number)d") % {"number": table.number},
        ])

    def intro(self) -> list:
        started = formats.date_format(timezone.localtime(self.game.created_at), "DATE_FORMAT")
        out = [
            self.p(self.heading(), "heading"),
            self.p(f"{self.game.club.name} · {self.game_label}"),
        ]
        league = self.league_line()
        if league:
            out.append(self.p(league))
        out += [
            self.p(_("Started %(date)s · %(count)s") % {"date": started, "count": self.unit_count()}, "small"),
            Spacer(1, 2 * mm),
            *self.players(),
            self.p(_("Rules: %(rules)s") % {"rules": self.rules_text()}),
            Spacer(1, 1.5 * mm),
            *self.result(),
        ]
        return out

    def head(self) -> list:
        if not self.url:
            return [self.table([[self.intro()]], tag="head", col_widths=[self.content_width])]
        intro_width = self.content_width - self.qr_size - 4 * mm
        qr = [qr_code(self.url, self.qr_size), self.p(_("Scan for the game page"), "small")]
        return [
            self.table([[self.intro(), qr]], tag="head", col_widths=[intro_width, self.qr_size + 4 * mm],
                       style=[("LEFTPADDING", (1, 0), (1, 0), 4 * mm)]),
            self.table([[self.p(self.url, "small")]], tag="url", col_widths=[self.content_width]),
        ]

    # -- the grid -----------------------------------------------------------------
    def grid_rows(self) -> tuple[list, list]:
        """``(rows of cells, [(row index, tint)])``."""
        raise NotImplementedError

    def empty_label(self) -> str:
        raise NotImplementedError

    def grid(self):
        columns = self.columns()
        rows, tints = self.grid_rows()
        if not rows:
            rows = [cells(columns, {columns[1].key: self.empty_label()}, size=self.cell_size)]
        # tagged on the class: the parts of a table split over pages are built from it
        table_cls = type("GridTable", (self.table_class(),), {"tag": "grid"})
        return grid_table(table_cls, columns, self.groups(), rows, row_height=self.row_height, tints=tints)

    def notes(self) -> list:
        raise NotImplementedError

    def story(self) -> list:
        return [*self.head(), Spacer(1, 4 * mm), self.grid(), *self.notes()]


# -- cribbage ------------------------------------------------------------------------
CRIBBAGE_SHEET_COLUMNS = (
    Column("number", gettext_lazy("Deal"), 9 * mm, "center"),
    Column("dealer", gettext_lazy("Dealer"), 24 * mm, "left"),
    Column("starter", gettext_lazy("Cut"), 9 * mm, "center"),
    *(
        c
        for p in "01"
        for c in (
            Column(f"pegging_{p}", gettext_lazy("Pegging"), 13 * mm),
            Column(f"hand_{p}", gettext_lazy("Hand"), 12 * mm),
            Column(f"crib_{p}", gettext_lazy("Crib"), 12 * mm),
            Column(f"total_{p}", gettext_lazy("Total"), 14 * mm),
        )
    ),
    Column("marks", gettext_lazy("Game over"), 32 * mm, "left"),
)


class CribbageGameSheet(_BoardSheet):
    """``CribbageGameSheet(cribbage_board(public_id), url=...).render()`` -> PDF bytes."""

    title = gettext_lazy("Cribbage score sheet")
    COLUMNS = CRIBBAGE_SHEET_COLUMNS
    game_label = gettext_lazy("Cribbage")

    def groups(self) -> tuple:
        return tuple(Group(name, f"pegging_{p}", f"total_{p}") for p, name in enumerate(self.board.names))

    def heading(self) -> str:
        names = self.board.names
        return _("%(first)s vs %(second)s") % {"first": names[0], "second": names[1]}

    def unit_count(self) -> str:
        n = len(self.board.rows)
        return ngettext("%(n)d deal", "%(n)d deals", n) % {"n": n}

    def players(self) -> list:
        names = self.board.names
        return [
            self.p(_("Players: %(first)s · %(second)s") % {"first": f"A · {names[0]}", "second": f"B · {names[1]}"}),
            self.p(_("First dealer: %(name)s") % {"name": names[self.game.first_dealer]}),
        ]

    def rules_text(self) -> str:
        summary = self.board.summary
        profile = self.game.rule_profile
        return f"{profile.name}: {summary}" if profile is not None else summary

    def _totals(self) -> str:
        return " · ".join(f"{name} {side.total}" for name, side in zip(self.board.names, self.board.sides))

    def result(self) -> list:
        board, outcome = self.board, self.board.outcome
        if outcome is None:
            return [self.p(_("In progress after %(count)s. Totals so far: %(totals)s")
                           % {"count": self.unit_count(), "totals": self._totals()})]
        parts = [_("Winner: %(name)s, by %(margin)d") % {"name": board.winner_name, "margin": outcome.margin}]
        if outcome.double_skunk:
            parts.append(_("double skunk"))
        elif outcome.skunk:
            parts.append(_("skunk"))
        points = board.winner_game_points
        parts.append(ngettext("%(n)d game point", "%(n)d game points", points) % {"n": points})
        out = [self.p(" · ".join(parts), bold=True),
               self.p(_("Final totals: %(totals)s") % {"totals": self._totals()})]
        if self.game.end_message:
            out.append(self.p(render_message(self.game.end_message)))
        return out

    def _marks(self, row) -> str:
        if not row.ended_label:
            return ""
        winner = self.game.winner_side
        name = self.board.names[winner] if winner is not None else ""
        return _("%(name)s out with %(stage)s") % {"name": name, "stage": row.ended_label}

    def _values(self, row) -> dict:
        hand = row.hand
        values = {
            "number": str(hand.number),
            "dealer": row.dealer_name,
            "starter": row.starter or "–",
            "marks": self._marks(row),
        }
        for cell in row.cells:
            p, stored = cell.row.side, cell.row
            values[f"pegging_{p}"] = str(stored.pegging or 0)
            show = str(stored.show or 0)
            values[f"hand_{p}"] = show if cell.show_counted else f"({show})"
            if cell.dealer:
                crib = str(stored.crib or 0)
                values[f"crib_{p}"] = crib if cell.crib_counted else f"({crib})"
            else:
                values[f"crib_{p}"] = "–"
            values[f"total_{p}"] = str(stored.total)
        return values

    def grid_rows(self):
        columns, rows, tints = self.columns(), [], []
        for i, row in enumerate(self.board.rows):
            colors = {"starter": RED} if row.starter[-1:] in ("♥", "♦") else {}
            if row.ended_label:
                colors["marks"] = RED
                tints.append((i, SET_TINT))
            rows.append(cells(columns, self._values(row), size=self.cell_size, bold_keys=("total_0", "total_1"),
                              colors=colors, min_sizes={"dealer": 6.5}))
        return rows, tints

    def empty_label(self) -> str:
        return _("No deals yet.")

    def notes(self) -> list:
        out = []
        for row in self.board.rows:
            texts = [render_message(n) for n in row.hand.notes]
            if row.ended_label:
                texts.append(_("game over at %(stage)s: later counts not added") % {"stage": row.ended_label})
            if texts:
                out.append(self.p(_("Deal %(n)d: %(notes)s") % {"n": row.hand.number, "notes": "; ".join(texts)},
                                  "small"))
        if any(not c.show_counted or (c.dealer and not c.crib_counted) for r in self.board.rows for c in r.cells):
            out.append(self.p(_("(n): shown but not counted, the game was already over."), "small"))
        if out:
            out.insert(0, self.p(_("Notes"), "subheading"))
        return [Spacer(1, 2 * mm), self.table([[out]], tag="notes", col_widths=[self.content_width])] if out else []


# -- rummy ---------------------------------------------------------------------------
RUMMY_SHEET_COLUMNS = (
    Column("number", "#", 7 * mm, "center"),
    Column("dealer", gettext_lazy("Dealer"), 18 * mm, "left"),
    *rummy_team_columns("0", compact=True),
    *rummy_team_columns("1", compact=True),
)


class RummyGameSheet(_BoardSheet):
    """``RummyGameSheet(rummy_board(public_id), table=..., url=...).render()`` -> PDF bytes.

    Per team and round: counted melds (with ``out``/``fold`` when the team
    went out), bonuses, cards left, penalties (a failed barbele opening
    included, marked ``B``), the round total and the running total. The
    bonuses are what the stored round total holds beyond the other columns,
    so each row adds up to the stored round total."""

    title = gettext_lazy("Rummy score sheet")
    COLUMNS = RUMMY_SHEET_COLUMNS
    game_label = gettext_lazy("Rummy-style Pinochle")

    def groups(self) -> tuple:
        names = self.board.names
        return tuple(Group(f"{SIDE_LABELS[s]} · {names[s]}", f"melds_{s}", f"running_{s}") for s in (0, 1))

    def heading(self) -> str:
        names = self.board.names
        return _("%(first)s vs %(second)s") % {"first": names[0], "second": names[1]}

    def unit_count(self) -> str:
        n = len(self.board.rows)
        return ngettext("%(n)d round", "%(n)d rounds", n) % {"n": n}

    def _seat(self, seat: int) -> str:
        seats = self.board.seats
        name = seats[seat].player.name if seat < len(seats) else ""
        return f"{SEAT_LETTERS[seat]} · {name}"

    def players(self) -> list:
        return [
            *(self.p(f"{SIDE_LABELS[s]}: {self._seat(s)} & {self._seat(s + 2)}") for s in (0, 1)),
            self.p(_("First dealer: %(seat)s") % {"seat": self._seat(self.game.first_dealer)}),
        ]

    def rules_text(self) -> str:
        summary = self.board.summary
        profile = self.game.rule_profile
        if profile is None and self.league_table is not None:
            profile = self.league_table.round.night.season.league.rule_profile
        return f"{profile.name}: {summary}" if profile is not None else summary

    def _totals(self) -> str:
        return " · ".join(f"{SIDE_LABELS[side.side]} {side.total}" for side in self.board.sides)

    def result(self) -> list:
        game = self.game
        if not game.is_finished:
            return [self.p(_("In progress after %(count)s. Totals so far: %(totals)s")
                           % {"count": self.unit_count(), "totals": self._totals()})]
        if game.winner_side is not None:
            side = game.winner_side
            head = _("Winner: %(side)s (%(names)s)") % {"side": SIDE_LABELS[side], "names": self.board.names[side]}
        else:
            head = _("Drawn")
        out = [self.p(head, bold=True), self.p(_("Final totals: %(totals)s") % {"totals": self._totals()})]
        if game.end_message:
            out.append(self.p(render_message(game.end_message)))
        return out

    @staticmethod
    def barbele_penalty(row, side: int) -> int:
        """The failed-opening penalty the stored barbele note of ``row`` charges team ``side`` (0 if none)."""
        for data in row.hand.notes:
            params = Message.from_data(data).params
            if params.get("team") == SIDE_LABELS[side] and "penalty" in params:
                return params["penalty"]
        return 0

    @staticmethod
    def special_marks(detail: dict) -> str:
        """Letters for what the bonuses hold beyond the ordinary melds: ``U`` the
        face-up card of the deal, ``P`` a Pinochle set, ``S`` a full straight
        (with a count when more than one), e.g. ``"U P S2"``."""
        marks = []
        if detail.get("face_up_card"):
            marks.append(pgettext("face-up card of the deal, one letter", "U"))
        for key, letter in (("pinochle_sets", pgettext("Pinochle set, one letter", "P")),
                            ("full_straights", pgettext("full straight, one letter", "S"))):
            count = detail.get(key) or 0
            if count:
                marks.append(letter + (str(count) if count > 1 else ""))
        return " ".join(marks)

    def _values(self, row) -> tuple[dict, dict]:
        values, colors = {"number": str(row.hand.number), "dealer": self._seat(row.hand.dealer)}, {}
        for cell in row.cells:
            s, stored, detail = cell.row.side, cell.row, cell.detail
            cards = detail.get("cards_left") or 0
            barbele = self.barbele_penalty(row, s)
            penalties = (detail.get("penalties") or 0) + barbele
            melds = str(stored.counted_meld)
            if detail.get("going_out"):
                melds += " " + (_("fold") if detail.get("folded_hand") else _("out"))
            values[f"melds_{s}"] = melds
            bonuses = stored.delta - stored.counted_meld + cards + penalties
            marks = self.special_marks(detail)
            values[f"bonuses_{s}"] = " ".join(([str(bonuses)] if bonuses else []) + ([marks] if marks else []))
            values[f"cards_left_{s}"] = _minus(cards)
            mark = " " + pgettext("barbele, one letter", "B") if barbele else ""
            values[f"penalties_{s}"] = _minus(penalties) + mark
            if barbele:
                colors[f"penalties_{s}"] = RED
            values[f"round_{s}"] = str(stored.delta)
            values[f"running_{s}"] = str(stored.total)
        return values, colors

    def grid_rows(self):
        columns, rows, tints = self.columns(), [], []
        for i, row in enumerate(self.board.rows):
            values, colors = self._values(row)
            if any(self.barbele_penalty(row, s) for s in (0, 1)):
                tints.append((i, SET_TINT))
            rows.append(cells(columns, values, size=self.cell_size, bold_keys=("running_0", "running_1"),
                              colors=colors, min_sizes={"dealer": 6.5}))
        return rows, tints

    def empty_label(self) -> str:
        return _("No rounds yet.")

    def notes(self) -> list:
        out = []
        specials = any(self.special_marks(c.detail) for r in self.board.rows for c in r.cells)
        for row in self.board.rows:
            if row.hand.notes:
                text = "; ".join(render_message(n) for n in row.hand.notes)
                out.append(self.p(_("Round %(n)d: %(notes)s") % {"n": row.hand.number, "notes": text}, "small"))
        if out:
            out.append(self.p(_("B: barbele, a failed opening (−%(penalty)d) counted in the penalties.")
                              % {"penalty": self.board.rules.barbele_penalty}, "small"))
        if specials:
            rules = self.board.rules
            out.append(self.p(_("In the bonuses: U the face-up card of the deal (%(face_up)d), P a Pinochle set "
                                "(%(pinochle)d), S a full straight (%(straight)d), never doubled.")
                              % {"face_up": rules.face_up_bonus, "pinochle": rules.pinochle_set_value,
                                 "straight": rules.full_straight_value}, "small"))
        if out:
            out.insert(0, self.p(_("Notes"), "subheading"))
        return [Spacer(1, 2 * mm), self.table([[out]], tag="notes", col_widths=[self.content_width])] if out else []
