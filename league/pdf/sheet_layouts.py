"""What each kind's printed score sheet holds (a :class:`~league.pdf.game_sheet.SheetLayout`),
built from the board its game page reads; the kinds (``league.games``) choose
which: ``kind.game_sheet_layout(board)``. Every number is one the services
stored (counted meld, trick points, pegging, shows, melds, round and running
totals); nothing is rescored.

- Pinochle (partnership, double-deck, three-handed): dealer, bidder, bid and
  trump, then meld, tricks, the hand's score and the running total per side
  or player, and the hand's marks (set, thrown in, all passed, renege).
- Cribbage: the dealer and the cut, then pegging, hand, crib and total per
  player; counts shown after the game was over in brackets.
- Rummy-style Pinochle: per team and round the counted melds (``out``/``fold``
  when the team went out), bonuses, cards left, penalties (a failed barbele
  opening included, marked ``B``), the round and the running total. The
  bonuses are what the stored round total holds beyond the other columns, so
  each row adds up to the stored round total.
"""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from reportlab.lib.units import mm

from league.models import HandKind
from league.models.game import SEAT_LETTERS, SIDE_LABELS
from scoring.messages import Message

from .flowables import RED, SET_TINT
from .game_sheet import SheetLayout, SheetRow, entry_notes, league_line, outcome_lines, rules_line
from .grid import PARTNERSHIP_COLUMNS, PARTNERSHIP_GROUPS, Column, Group, rummy_team_columns, side_columns

NUMBER = Column("number", "#", 7 * mm, "center")


def _dealer(width: float) -> Column:
    return Column("dealer", gettext_lazy("Dealer"), width * mm, "left")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _minus(n: int) -> str:
    """A deduction as printed: ``−35``; nothing for 0."""
    return f"−{n}" if n else ""


def _versus(names) -> str:
    return _("%(first)s vs %(second)s") % {"first": names[0], "second": names[1]}


def _in_progress(count: str, totals: str) -> tuple:
    return ((_("In progress after %(count)s. Totals so far: %(totals)s") % {"count": count, "totals": totals},
             False),)


# -- Pinochle ---------------------------------------------------------------------------
THREE_PLAYER_COLUMNS = (
    NUMBER, _dealer(14),
    Column("bidder", gettext_lazy("Bidder"), 14 * mm, "left"),
    Column("bid", gettext_lazy("Bid"), 10 * mm),
    Column("trump", gettext_lazy("Trump"), 9 * mm, "center"),
    *(c for side in "012" for c in side_columns(side, widths=(10, 10, 11, 11))),
)
"""A three-handed game's grid: one meld/tricks/score/total group per player."""


def _pinochle_marks(sheet, row) -> str:
    hand = row.hand
    if row.passed:
        return _("all passed")
    if hand.kind == HandKind.THROWN_IN:
        return _("thrown in")
    if hand.kind == HandKind.RENEGE:
        side = sheet.side_names[hand.renege_side][0] if hand.renege_side is not None else ""
        return _("renege %(side)s") % {"side": side}
    return _("set") if row.is_set else ""


def _pinochle_row(sheet, row) -> SheetRow:
    hand = row.hand
    values = {
        "number": str(hand.number),
        "dealer": f"{sheet.seat_letters[hand.dealer]} {row.dealer}",
        "bidder": f"{row.bidder_letter} {row.bidder}" if row.bidder_letter else "",
        "bid": "" if hand.bid is None else str(hand.bid),
        "trump": row.trump,
        "marks": _pinochle_marks(sheet, row),
    }
    for s in row.sides:
        values[f"meld_{s.side}"] = "–" if row.passed else str(s.counted_meld)
        values[f"tricks_{s.side}"] = "–" if s.tricks is None else str(s.counted_tricks)
        values[f"score_{s.side}"] = _signed(s.delta)
        values[f"total_{s.side}"] = str(s.total)
    return SheetRow(values, {"trump": RED} if hand.trump in ("H", "D") else {}, SET_TINT if row.is_set else None)


def pinochle_layout(sheet) -> SheetLayout:
    """A Pinochle game's sheet (``league.selectors.game_sheet``): partnership and double-deck on the
    partnership grid, three-handed with a group per player."""
    game, three, n = sheet.game, sheet.three_handed, len(sheet.rows)

    def seat(number: int) -> str:
        name = sheet.seats[number].player.name if number < len(sheet.seats) else ""
        return f"{sheet.seat_letters[number]} · {name}"

    if three:
        columns = THREE_PLAYER_COLUMNS
        groups = tuple(Group(label, f"meld_{s}", f"total_{s}") for s, (label, _who) in enumerate(sheet.side_names))
        player_rows = tuple((_("Player"), seat(s), "") for s in range(3))
        totals = " · ".join(f"{who} {side.total}" for side, _label, who in sheet.columns)
    else:
        columns, groups = PARTNERSHIP_COLUMNS, PARTNERSHIP_GROUPS
        player_rows = tuple((sheet.side_names[s][0], seat(s), seat(s + 2)) for s in (0, 1))
        totals = " · ".join(f"{side.label} {side.total}" for side in sheet.sides)
    if not game.is_finished:
        result = ((ngettext("In progress after %(n)d hand. Totals so far: %(totals)s",
                            "In progress after %(n)d hands. Totals so far: %(totals)s", n)
                   % {"n": n, "totals": totals}, False),)
    elif sheet.winner_label:
        side, names = sheet.winner_label
        result = outcome_lines(game, _("Winner: %(side)s (%(names)s)") % {"side": side, "names": names}, totals)
    else:
        result = outcome_lines(game, _("Drawn"), totals)
    return SheetLayout(
        title=gettext_lazy("Game score sheet"), columns=columns,
        groups=tuple(Group(f"{g.label} · {sheet.side_names[i][1]}", g.first, g.last) for i, g in enumerate(groups)),
        heading=str(game.kind.label), count=game.kind.entries(n), player_rows=player_rows,
        players=(_("First dealer: %(seat)s") % {"seat": seat(game.first_dealer)},),
        rules=rules_line(sheet.summary, game.rule_profile), result=result,
        rows=tuple(_pinochle_row(sheet, row) for row in sheet.rows), empty_label=_("No hands yet."),
        notes=tuple(entry_notes(sheet.rows, _("Hand %(n)d: %(notes)s"))),
        bold_keys=tuple(f"total_{s}" for s in range(len(sheet.side_names))),
        min_sizes={"dealer": 6.5, "bidder": 6.5}, chart=sheet,
    )


# -- cribbage ------------------------------------------------------------------------
CRIBBAGE_SHEET_COLUMNS = (
    Column("number", gettext_lazy("Deal"), 9 * mm, "center"), _dealer(24),
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
        result = _in_progress(count, totals)
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
        title=gettext_lazy("Cribbage score sheet"), columns=CRIBBAGE_SHEET_COLUMNS,
        groups=tuple(Group(name, f"pegging_{p}", f"total_{p}") for p, name in enumerate(names)),
        heading=_versus(names), lines=(f"{game.club.name} · {game.kind.label}", league_line(board)), count=count,
        players=(_("Players: %(first)s · %(second)s") % {"first": f"A · {names[0]}", "second": f"B · {names[1]}"},
                 _("First dealer: %(name)s") % {"name": names[game.first_dealer]}),
        rules=rules_line(board.summary, game.rule_profile), result=result,
        rows=tuple(_cribbage_row(board, row) for row in board.rows), empty_label=_("No deals yet."),
        notes=tuple(notes), bold_keys=("total_0", "total_1"), min_sizes={"dealer": 6.5},
    )


# -- rummy ---------------------------------------------------------------------------
RUMMY_SHEET_COLUMNS = (NUMBER, _dealer(18), *rummy_team_columns("0", compact=True),
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
        values[f"cards_left_{s}"] = _minus(cards)
        values[f"penalties_{s}"] = _minus(penalties) + (" " + pgettext("barbele, one letter", "B") if barbele else "")
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
        result = _in_progress(count, totals)
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
        heading=_versus(names), lines=(f"{game.club.name} · {game.kind.label}", league_line(board)), count=count,
        players=(*(f"{SIDE_LABELS[s]}: {seat(s)} & {seat(s + 2)}" for s in (0, 1)),
                 _("First dealer: %(seat)s") % {"seat": seat(game.first_dealer)}),
        rules=rules_line(board.summary, profile), result=result,
        rows=tuple(_rummy_row(seat, row) for row in board.rows), empty_label=_("No rounds yet."),
        notes=tuple(notes), bold_keys=("running_0", "running_1"), min_sizes={"dealer": 6.5},
    )
