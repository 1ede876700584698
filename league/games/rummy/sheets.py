"""Rummy-style Pinochle's printed sheets: the game's score sheet
(``rummy_layout``: per team and round the counted melds, ``out``/``fold`` when
the team went out, bonuses, cards left, penalties (a failed barbele opening
included, marked ``B``), the round and the running total; the bonuses are what
the stored round total holds beyond the other columns, so each row adds up to
the stored round total) and the night's table sheet (``RUMMY_LAYOUT``)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from league.models.game import SEAT_LETTERS, SIDE_LABELS
from league.pdf.flowables import RED, SET_TINT
from league.pdf.game_sheet import SheetLayout, SheetRow, entry_notes, league_line, outcome_lines, rules_line
from league.pdf.grid import RUMMY_COLUMNS, RUMMY_GROUPS, Group, rummy_team_columns
from league.pdf.sheet_layouts import NUMBER, dealer_column, in_progress, minus, versus
from league.pdf.table_sheets import SheetLayout as TableSheetLayout
from league.rules_text import rules_summary
from scoring.messages import Message
from scoring.rummy import RummyRules


RUMMY_SHEET_COLUMNS = (NUMBER, dealer_column(18), *rummy_team_columns("0", compact=True),
                       *rummy_team_columns("1", compact=True))


def barbele_penalty(row, side: int) -> int:
    """The failed-opening penalty the stored barbele note of ``row`` charges team ``side`` (0 if none)."""
    for data in row.hand.notes:
        params = Message.from_data(data).params
        if params.get("team") == SIDE_LABELS[side] and "penalty" in params:
            return params["penalty"]
    return 0


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


def _rummy_row(seat, row) -> SheetRow:
    values, colors = {"number": str(row.hand.number), "dealer": seat(row.hand.dealer)}, {}
    failed = False
    for cell in row.cells:
        s, stored, detail = cell.row.side, cell.row, cell.detail
        cards = detail.get("cards_left") or 0
        barbele = barbele_penalty(row, s)
        failed = failed or bool(barbele)
        penalties = (detail.get("penalties") or 0) + barbele
        melds = str(stored.counted_meld)
        if detail.get("going_out"):
            melds += " " + (_("fold") if detail.get("folded_hand") else _("out"))
        values[f"melds_{s}"] = melds
        bonuses = stored.delta - stored.counted_meld + cards + penalties
        marks = special_marks(detail)
        values[f"bonuses_{s}"] = " ".join(([str(bonuses)] if bonuses else []) + ([marks] if marks else []))
        values[f"cards_left_{s}"] = minus(cards)
        values[f"penalties_{s}"] = minus(penalties) + (" " + pgettext("barbele, one letter", "B") if barbele else "")
        if barbele:
            colors[f"penalties_{s}"] = RED
        values[f"round_{s}"] = str(stored.delta)
        values[f"running_{s}"] = str(stored.total)
    return SheetRow(values, colors, SET_TINT if failed else None)


def rummy_layout(board) -> SheetLayout:
    """A rummy-style game's sheet (``league.games.rummy.selectors.rummy_board``)."""
    game, names, rules = board.game, board.names, board.rules
    count = game.kind.entries(len(board.rows))

    def seat(number: int) -> str:
        name = board.seats[number].player.name if number < len(board.seats) else ""
        return f"{SEAT_LETTERS[number]} · {name}"

    totals = " · ".join(f"{SIDE_LABELS[side.side]} {side.total}" for side in board.sides)
    if not game.is_finished:
        result = in_progress(count, totals)
    elif game.winner_side is not None:
        side = game.winner_side
        result = outcome_lines(game, _("Winner: %(side)s (%(names)s)") % {"side": SIDE_LABELS[side],
                                                                           "names": names[side]}, totals)
    else:
        result = outcome_lines(game, _("Drawn"), totals)
    notes = entry_notes(board.rows, _("Round %(n)d: %(notes)s"))
    if notes:
        notes.append(_("B: barbele, a failed opening (−%(penalty)d) counted in the penalties.")
                     % {"penalty": rules.barbele_penalty})
    if any(special_marks(c.detail) for r in board.rows for c in r.cells):
        notes.append(_("In the bonuses: U the face-up card of the deal (%(face_up)d), P a Pinochle set "
                       "(%(pinochle)d), S a full straight (%(straight)d), never doubled.")
                     % {"face_up": rules.face_up_bonus, "pinochle": rules.pinochle_set_value,
                        "straight": rules.full_straight_value})
    profile = game.rule_profile
    if profile is None and board.table is not None:
        profile = board.table.round.night.season.league.rule_profile
    return SheetLayout(
        title=gettext_lazy("Rummy score sheet"), columns=RUMMY_SHEET_COLUMNS,
        groups=tuple(Group(f"{SIDE_LABELS[s]} · {names[s]}", f"melds_{s}", f"running_{s}") for s in (0, 1)),
        heading=versus(names), lines=(f"{game.club.name} · {game.kind.label}", league_line(board)), count=count,
        players=(*(f"{SIDE_LABELS[s]}: {seat(s)} & {seat(s + 2)}" for s in (0, 1)),
                 _("First dealer: %(seat)s") % {"seat": seat(game.first_dealer)}),
        rules=rules_line(board.summary, profile), result=result,
        rows=tuple(_rummy_row(seat, row) for row in board.rows), empty_label=_("No rounds yet."),
        notes=tuple(notes), bold_keys=("running_0", "running_1"), min_sizes={"dealer": 6.5},
    )


# -- the night's table sheet -------------------------------------------------------------


RUMMY_ROWS = 12  # a game to 1500 rarely needs more rounds (the blank sheet's rows)


def rummy_rows(game) -> int:
    """The profile's rounds when the game ends after a number of them, else 12."""
    return rummy_rules(game).rounds_limit or RUMMY_ROWS


def rummy_rules(game):
    return RummyRules.from_dict(game.rules)


def rummy_rule_lines(game) -> list[tuple[str, str]]:
    """Target or rounds limit, barbele (its threshold, opening and penalty), every rule in short."""
    rules = rummy_rules(game)
    if rules.rounds_limit:
        target = ngettext("%(target)d, or after %(rounds)d round the higher total wins (equal totals draw)",
                          "%(target)d, or after %(rounds)d rounds the higher total wins (equal totals draw)",
                          rules.rounds_limit) % {
            "target": rules.target, "rounds": rules.rounds_limit}
    else:
        target = _("first team to %(target)d") % {"target": rules.target}
    barbele = _("a team at %(at)d or more needs a first meld of %(minimum)d or more every round; "
                "a failed opening costs −%(penalty)d") % {
        "at": rules.barbele_at, "minimum": rules.barbele_minimum, "penalty": rules.barbele_penalty}
    return [
        (_("Target"), target),
        (_("Barbele"), barbele),
        (_("All rules"), rules_summary(rules)),
    ]


RUMMY_LAYOUT = TableSheetLayout(
        letters=SEAT_LETTERS, partners=True, columns=RUMMY_COLUMNS, groups=RUMMY_GROUPS,
        rows=rummy_rows, rules=rummy_rule_lines,
        footnote=gettext_lazy("Enter each round on the table's page: each team's melds, bonuses, cards left and "
                              "penalties; the page adds the round and running totals."),
)
