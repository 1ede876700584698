"""The rummy game page: both teams' totals, their barbele status, every round
and the result, read from the stored rows in three queries whatever the length."""
from dataclasses import dataclass, field

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Game, GameSeat, GameSide, Hand, HandSide
from league.models.game import SIDE_LABELS
from league.selectors.boards import load_board
from league.selectors.entries import EntryState, NightOfGame
from scoring.rummy import RummyRules, has_barbele


@dataclass
class TeamCell:
    """One team's line of one round: its inputs (``row.detail``), what its melds counted, its totals."""

    row: HandSide

    @property
    def detail(self) -> dict:
        return self.row.detail

    @property
    def bonuses(self) -> bool:
        d = self.row.detail
        return bool(d.get("going_out") or d.get("rescued_wilds") or d.get("clean_runs") or d.get("semi_clean_runs")
                    or d.get("dirty_runs") or d.get("face_up_card") or d.get("pinochle_sets")
                    or d.get("full_straights"))


def team_summary(inputs: dict) -> str:
    """One team's inputs of a round in words, only what is not zero: "melds 400 · first meld 80 · went out"."""
    parts = []
    for key, label in (("melds_on_table", _("melds")), ("first_meld", _("first meld")),
                       ("cards_left", _("cards left")), ("penalties", _("penalties")),
                       ("clean_runs", _("clean runs")), ("semi_clean_runs", _("semi-clean runs")),
                       ("dirty_runs", _("dirty runs")), ("failed_openings", _("failed openings")),
                       ("pinochle_sets", _("Pinochle sets")), ("full_straights", _("full straights"))):
        if inputs.get(key):
            parts.append(f"{label} {inputs[key]}")
    for key, label in (("going_out", _("went out")), ("folded_hand", _("by folding")),
                       ("without_wilds", _("without wilds")), ("face_up_card", _("face-up card"))):
        if inputs.get(key):
            parts.append(str(label))
    for rescue in inputs.get("rescued_wilds") or []:
        parts.append(_("wilds rescued: %(rescue)s") % {"rescue": " ".join(str(x) for x in rescue if x)})
    return " · ".join(parts) or "0"


def round_summary(teams) -> str:
    """Both teams' inputs of a round: "N–S: melds 400 · went out; E–W: melds 200 · cards left 35"."""
    return "; ".join(f"{SIDE_LABELS[t]}: {team_summary(inputs)}" for t, inputs in enumerate(teams or []))


@dataclass
class RoundRow(EntryState):
    hand: Hand
    cells: list  # TeamCell, N–S then E–W

    @property
    def entered_by_label(self) -> str:
        side = self.hand.entered_side
        return SIDE_LABELS[side] if side in (0, 1) else ""

    @property
    def entered_summary(self) -> str:
        """The round as stored (the version of the side that entered it)."""
        return round_summary([c.detail for c in self.cells])

    @property
    def disputed_summary(self) -> str:
        """The other side's version of a disputed round."""
        return round_summary((self.hand.disputed_values or {}).get("teams"))


@dataclass
class TeamStatus:
    side: GameSide
    label: str
    names: str
    barbele: bool


@dataclass
class RummyBoard(NightOfGame):
    game: Game
    rules: RummyRules
    seats: list
    sides: list
    rows: list = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """``["Ann & Cy", "Bo & Di"]``: N–S and E–W."""
        names = {0: [], 1: []}
        for seat in self.seats:
            names[seat.seat % 2].append(seat.player.name)
        return [" & ".join(names[0]), " & ".join(names[1])]

    @property
    def teams(self) -> list[TeamStatus]:
        names = self.names
        return [TeamStatus(side, SIDE_LABELS[side.side], names[side.side], has_barbele(self.rules, side.total))
                for side in self.sides]

    @property
    def waiting(self) -> int:
        """Rounds waiting for the other side's confirmation (or disputed)."""
        return sum(1 for r in self.rows if r.waiting or r.disputed)

    @property
    def last(self):
        return self.rows[-1] if self.rows else None

    @property
    def next_number(self) -> int:
        return self.game.hand_count + 1

    @property
    def summary(self) -> str:
        r = self.rules
        parts = [_("first to %(target)d") % {"target": r.target} if r.rounds_limit is None
                 else ngettext("highest after %(rounds)d round", "highest after %(rounds)d rounds",
                               r.rounds_limit) % {"rounds": r.rounds_limit}]
        parts.append(_("barbele at %(at)d: %(minimum)d to open, −%(penalty)d") % {
            "at": r.barbele_at, "minimum": r.barbele_minimum, "penalty": r.barbele_penalty})
        parts.append(_("going out %(bonus)d") % {"bonus": r.going_out_bonus})
        return " · ".join(parts)

    @property
    def versus(self):
        return self.names

    @property
    def winner_label(self):
        w = self.game.winner_side
        return None if w is None else SIDE_LABELS[w]


def rummy_board(public_id: str) -> RummyBoard:
    """The rummy game with its sides (one query), seats with players (one) and
    every round's team rows with their hand (one): three queries."""
    board = load_board(public_id)
    if not isinstance(board, RummyBoard):
        raise Http404
    return board


def rummy_board_for(game: Game, sides: list) -> RummyBoard:
    """The board of a game read with its sides: seats (one query), every
    round's team rows with their hand (one)."""
    seats = list(GameSeat.objects.filter(game=game).select_related("player").order_by("seat"))
    rows_by_hand = {}
    for row in HandSide.objects.filter(hand__game=game).select_related("hand").order_by("hand__number", "side"):
        rows_by_hand.setdefault(row.hand.number, (row.hand, []))[1].append(TeamCell(row))
    rows = [RoundRow(hand, cells) for hand, cells in rows_by_hand.values()]
    return RummyBoard(game=game, rules=RummyRules.from_dict(game.rules), seats=seats, sides=sides, rows=rows)
