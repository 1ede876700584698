"""The Pinochle family's printed sheets (partnership, double-deck, three-handed):
the game's score sheet (``pinochle_layout``, a ``league.pdf.game_sheet.SheetLayout``
built from the board: dealer, bidder, bid and trump, then meld, tricks, the
hand's score and the running total per side or player, and the hand's marks:
set, thrown in, all passed, renege) and the night's table sheets
(``PARTNERSHIP_LAYOUT``, ``DOUBLE_DECK_LAYOUT``, ``THREE_HANDED_LAYOUT``: a
``league.pdf.table_sheets.SheetLayout`` each, their grids the blank sheets'
with "Checked" for "Marks" in partnership and double-deck)."""
import math

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from reportlab.lib.units import mm

from league.models import HandKind
from league.models.game import SEAT_LETTERS
from league.pdf.flowables import RED, SET_TINT
from league.pdf.game_sheet import SheetLayout, SheetRow, entry_notes, outcome_lines, rules_line
from league.pdf.grid import (
    DOUBLE_DECK_COLUMNS, DOUBLE_DECK_GROUPS, PARTNERSHIP_COLUMNS, PARTNERSHIP_GROUPS, THREE_HANDED_COLUMNS, Column, Group, side_columns,
)
from league.pdf.sheet_layouts import NUMBER, dealer_column, signed
from league.pdf.table_sheets import SheetLayout as TableSheetLayout, checked
from league.rules_text import rules_summary


THREE_PLAYER_COLUMNS = (
    NUMBER, dealer_column(14),
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
        values[f"score_{s.side}"] = signed(s.delta)
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


# -- the night's table sheets ------------------------------------------------------------


def pinochle_rows(game) -> int:
    """The round's hand limit when there is one; else enough hands for a side
    to reach the target taking its share of the trick points (half, or a
    third at a table of three) and no meld every hand, and four more (sets,
    throw-ins)."""
    if game.hand_limit:
        return game.hand_limit
    rules = game.pinochle_rules()
    return math.ceil(rules.target * rules.sides / rules.trick_total) + 4


def _defenders(rules) -> str:
    if rules.meld_saved_by == "trick":
        text = _("keep their meld only by taking a trick; with no trick it is lost")
    else:
        text = _("keep their meld only by taking a counter; with no counter it is lost")
    if rules.bidder_needs_trick:
        text += " " + _("(the bidders need a trick too)")
    return text


def _bidding(rules) -> str:
    return _("minimum %(min)d, raise by %(step)d") % {"min": rules.min_bid, "step": rules.bid_increment}


def _partners_target(game, rules) -> str:
    if game.hand_limit:
        return ngettext("%(target)d, or after %(hands)d hand the higher total wins (equal totals draw)",
                        "%(target)d, or after %(hands)d hands the higher total wins (equal totals draw)",
                        game.hand_limit) % {
            "target": rules.target, "hands": game.hand_limit}
    return _("first side to %(target)d") % {"target": rules.target}


def _partners_tie(rules) -> str:
    if rules.tie == "bidder":
        return _("both sides reach the target on one hand: the bidders win")
    return _("both sides reach the target on one hand: the higher total wins")


def partnership_rules(game) -> list[tuple[str, str]]:
    """Target, bidding, defenders with no counter, ties, and every rule in short."""
    rules = game.pinochle_rules()
    return [
        (_("Target"), _partners_target(game, rules)),
        (_("Bidding"), _bidding(rules)),
        (_("Defenders"), _defenders(rules)),
        (_("Ties"), _partners_tie(rules)),
        (_("All rules"), rules_summary(rules)),
    ]


def double_deck_rules(game) -> list[tuple[str, str]]:
    """As partnership, with the double deck's bid steps and its 50 trick points."""
    rules = game.pinochle_rules()
    return [
        (_("Target"), _partners_target(game, rules)),
        (_("Bidding"), _("minimum %(min)d, raise by %(step)d, by %(high)d from %(from)d") % {
            "min": rules.min_bid, "step": rules.bid_increment, "high": rules.high_bid_increment,
            "from": rules.high_bids_from}),
        (_("Tricks"), _("%(total)d trick points a hand (two decks)") % {"total": rules.trick_total}),
        (_("Defenders"), _defenders(rules)),
        (_("Ties"), _partners_tie(rules)),
        (_("All rules"), rules_summary(rules)),
    ]


def three_handed_rules(game) -> list[tuple[str, str]]:
    """Cut-throat play, target, bidding, defenders, ties among three players."""
    rules = game.pinochle_rules()
    if game.hand_limit:
        target = ngettext(
            "%(target)d, or after %(hands)d hand the highest total wins (equal highest totals draw)",
            "%(target)d, or after %(hands)d hands the highest total wins (equal highest totals draw)",
            game.hand_limit) % {
            "target": rules.target, "hands": game.hand_limit}
    else:
        target = _("first player to %(target)d") % {"target": rules.target}
    if rules.tie == "bidder":
        tie = _("several players reach the target on one hand: the bidder wins if they made the bid, "
                "else the highest total")
    else:
        tie = _("several players reach the target on one hand: the highest total wins")
    return [
        (_("Play"), _("cut-throat: every player scores alone; the bidder plays alone against the other two")),
        (_("Target"), target),
        (_("Bidding"), _bidding(rules)),
        (_("Defenders"), _defenders(rules)),
        (_("Ties"), tie),
        (_("All rules"), rules_summary(rules)),
    ]


PINOCHLE_FOOTNOTE = gettext_lazy("Enter each hand in this order on the table's page. Checked: once both running "
                                 "totals agree, a player of the other side initials the row.")
PARTNERSHIP_LAYOUT = TableSheetLayout(
        letters=SEAT_LETTERS, partners=True, columns=checked(PARTNERSHIP_COLUMNS), groups=PARTNERSHIP_GROUPS,
        rows=pinochle_rows, rules=partnership_rules, footnote=PINOCHLE_FOOTNOTE,
)
DOUBLE_DECK_LAYOUT = TableSheetLayout(
        letters=SEAT_LETTERS, partners=True, columns=checked(DOUBLE_DECK_COLUMNS), groups=DOUBLE_DECK_GROUPS,
        rows=pinochle_rows, rules=double_deck_rules, footnote=PINOCHLE_FOOTNOTE,
)
THREE_HANDED_LAYOUT = TableSheetLayout(
        letters=("1", "2", "3"), partners=False, columns=THREE_HANDED_COLUMNS,
        groups=tuple(Group("", f"meld_{p}", f"total_{p}") for p in "abc"),
        rows=pinochle_rows, rules=three_handed_rules,
        footnote=gettext_lazy("Enter each hand in this order on the table's page: bidder, bid and trump, then "
                              "each player's meld and tricks."),
        players_label=gettext_lazy("Players"), dealer_names=False,
)
