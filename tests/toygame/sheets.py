"""Toy Tally's printed sheets, built from the generic PDF layouts: the game's
sheet (``league.pdf.game_sheet``), the night's table sheets
(``league.pdf.table_sheets``) and the blank sheet (``league.pdf.blank``)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm

from league.models.game import SEAT_LETTERS, SIDE_LABELS
from league.pdf.blank import Family
from league.pdf.game_sheet import SheetLayout as GameSheetLayout
from league.pdf.game_sheet import SheetRow, league_line, outcome_lines, rules_line
from league.pdf.grid import Column, Group
from league.pdf.table_sheets import SheetLayout as TableSheetLayout

from .engine import ToyRules


def side_columns(s: str) -> tuple:
    return (Column(f"score_{s}", gettext_lazy("Score"), 20 * mm), Column(f"total_{s}", gettext_lazy("Total"), 22 * mm))


NUMBER = Column("number", "#", 8 * mm, "center")
COLUMNS = (NUMBER, Column("dealer", gettext_lazy("Dealer"), 30 * mm, "left"), *side_columns("0"), *side_columns("1"))
BLANK_COLUMNS = (NUMBER, *side_columns("0"), *side_columns("1"))
GROUPS = (Group(gettext_lazy("N–S"), "score_0", "total_0"), Group(gettext_lazy("E–W"), "score_1", "total_1"))


def rule_lines(game) -> list[tuple[str, str]]:
    rules = ToyRules.from_dict(game.rules)
    return [(_("Target"), _("first side to %(target)d; equal totals over it play on") % {"target": rules.target}),
            (_("A hand"), _("each side 0 to %(most)d; a misdeal scores nothing") % {"most": rules.most})]


TABLE_LAYOUT = TableSheetLayout(
    letters=SEAT_LETTERS, partners=True, columns=COLUMNS, groups=GROUPS,
    rows=lambda game: 12, rules=rule_lines,
    footnote=gettext_lazy("Enter each hand on the table's page: each side's score, or a misdeal."),
)
BLANK_FAMILY = Family(gettext_lazy("Toy Tally"), BLANK_COLUMNS, GROUPS, rows=12, row_height=8 * mm,
                      partners=True, game_to="50")


def game_layout(board) -> GameSheetLayout:
    """The game's printed sheet (``selectors.toy_board_for``)."""
    game, names = board.game, board.names
    count = game.kind.entries(len(board.rows))
    totals = " · ".join(f"{SIDE_LABELS[side.side]} {side.total}" for side in board.sides)
    if not game.is_finished:
        result = ((_("In progress after %(count)s. Totals so far: %(totals)s") % {"count": count, "totals": totals},
                   False),)
    else:
        side = game.winner_side
        result = outcome_lines(game, _("Winner: %(side)s (%(names)s)") % {"side": SIDE_LABELS[side],
                                                                           "names": names[side]}, totals)

    def seat(number: int) -> str:
        name = board.seats[number].player.name if number < len(board.seats) else ""
        return f"{SEAT_LETTERS[number]} · {name}"

    rows = []
    for row in board.rows:
        values = {"number": str(row.hand.number), "dealer": seat(row.hand.dealer)}
        for cell in row.cells:
            values[f"score_{cell.side}"] = _("misdeal") if row.misdeal else str(cell.delta)
            values[f"total_{cell.side}"] = str(cell.total)
        rows.append(SheetRow(values))
    return GameSheetLayout(
        title=gettext_lazy("Toy Tally score sheet"), columns=COLUMNS,
        groups=tuple(Group(f"{SIDE_LABELS[s]} · {names[s]}", f"score_{s}", f"total_{s}") for s in (0, 1)),
        heading=_("%(first)s vs %(second)s") % {"first": names[0], "second": names[1]},
        lines=(f"{game.club.name} · {game.kind.label}", league_line(board)), count=count,
        players=(*(f"{SIDE_LABELS[s]}: {seat(s)} & {seat(s + 2)}" for s in (0, 1)),),
        rules=rules_line(board.summary, game.rule_profile), result=result, rows=tuple(rows),
        empty_label=_("No hands yet."), bold_keys=("total_0", "total_1"),
    )
