"""Cribbage's printed sheets: the game's score sheet (``cribbage_layout``: the
dealer and the cut, then pegging, hand, crib and total per player; counts shown
after the game was over in brackets) and the night's table sheet
(``CRIBBAGE_LAYOUT``)."""
import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from reportlab.lib.units import mm

from league.pdf.flowables import RED, SET_TINT
from league.pdf.game_sheet import SheetLayout, SheetRow, entry_notes, league_line, outcome_lines, rules_line
from league.pdf.grid import CRIBBAGE_COLUMNS, Column, Group
from league.pdf.sheet_layouts import dealer_column, in_progress, versus
from league.pdf.table_sheets import SheetLayout as TableSheetLayout
from scoring.cribbage import CribbageRules


CRIBBAGE_GAME_SHEET_COLUMNS = (
    Column("number", gettext_lazy("Deal"), 9 * mm, "center"), dealer_column(24),
    Column("starter", gettext_lazy("Cut"), 9 * mm, "center"),
    *(c for p in "01" for c in (
        Column(f"pegging_{p}", gettext_lazy("Pegging"), 13 * mm), Column(f"hand_{p}", gettext_lazy("Hand"), 12 * mm),
        Column(f"crib_{p}", gettext_lazy("Crib"), 12 * mm), Column(f"total_{p}", gettext_lazy("Total"), 14 * mm))),
    Column("marks", gettext_lazy("Game over"), 32 * mm, "left"),
)


def _cribbage_row(board, row) -> SheetRow:
    values = {"number": str(row.hand.number), "dealer": row.dealer_name, "starter": row.starter or "–", "marks": ""}
    if row.ended_label:
        winner = board.game.winner_side
        name = board.names[winner] if winner is not None else ""
        values["marks"] = _("%(name)s out with %(stage)s") % {"name": name, "stage": row.ended_label}
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
    colors = {"starter": RED} if row.starter[-1:] in ("♥", "♦") else {}
    if row.ended_label:
        colors["marks"] = RED
    return SheetRow(values, colors, SET_TINT if row.ended_label else None)


def cribbage_layout(board) -> SheetLayout:
    """A cribbage game's sheet (``league.games.cribbage.selectors.cribbage_board``)."""
    game, names, outcome = board.game, board.names, board.outcome
    count = game.kind.entries(len(board.rows))
    totals = " · ".join(f"{name} {side.total}" for name, side in zip(names, board.sides))
    if outcome is None:
        result = in_progress(count, totals)
    else:
        parts = [_("Winner: %(name)s, by %(margin)d") % {"name": board.winner_name, "margin": outcome.margin}]
        if outcome.double_skunk:
            parts.append(_("double skunk"))
        elif outcome.skunk:
            parts.append(_("skunk"))
        points = board.winner_game_points
        parts.append(ngettext("%(n)d game point", "%(n)d game points", points) % {"n": points})
        result = outcome_lines(game, " · ".join(parts), totals)
    notes = entry_notes(board.rows, _("Deal %(n)d: %(notes)s"), lambda row: (
        [_("game over at %(stage)s: later counts not added") % {"stage": row.ended_label}] if row.ended_label else []))
    if any(not c.show_counted or (c.dealer and not c.crib_counted) for r in board.rows for c in r.cells):
        notes.append(_("(n): shown but not counted, the game was already over."))
    return SheetLayout(
        title=gettext_lazy("Cribbage score sheet"), columns=CRIBBAGE_GAME_SHEET_COLUMNS,
        groups=tuple(Group(name, f"pegging_{p}", f"total_{p}") for p, name in enumerate(names)),
        heading=versus(names), lines=(f"{game.club.name} · {game.kind.label}", league_line(board)), count=count,
        players=(_("Players: %(first)s · %(second)s") % {"first": f"A · {names[0]}", "second": f"B · {names[1]}"},
                 _("First dealer: %(name)s") % {"name": names[game.first_dealer]}),
        rules=rules_line(board.summary, game.rule_profile), result=result,
        rows=tuple(_cribbage_row(board, row) for row in board.rows), empty_label=_("No deals yet."),
        notes=tuple(notes), bold_keys=("total_0", "total_1"), min_sizes={"dealer": 6.5},
    )


# -- the night's table sheet -------------------------------------------------------------


def cribbage_rows(game) -> int:
    """A deal rarely scores under 8 for a player, so target ÷ 8 and two more."""
    return math.ceil(CribbageRules.from_dict(game.rules).target / 8) + 2


def cribbage_rule_lines(game) -> list[tuple[str, str]]:
    rules = CribbageRules.from_dict(game.rules)
    return [(_("Target"), _("%(target)d; skunk under %(skunk)d, double skunk under %(double)d") % {
        "target": rules.target, "skunk": rules.skunk_line, "double": rules.double_skunk_line})]


CRIBBAGE_LAYOUT = TableSheetLayout(
        letters=("A", "B"), partners=False, columns=CRIBBAGE_COLUMNS,
        groups=tuple(Group("", f"pegging_{p}", f"total_{p}") for p in "ab"),
        rows=cribbage_rows, rules=cribbage_rule_lines,
        footnote=gettext_lazy("Enter each deal on the table's page: pegging, hand and crib for each player."),
)
