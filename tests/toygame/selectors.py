"""Toy Tally's game page: both sides' totals and every hand, read in two queries
after the game and its sides (``league.selectors.boards.load_board``)."""
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from league.models import Game, GameSeat, Hand, HandKind, HandSide
from league.models.game import SIDE_LABELS
from league.selectors.entries import EntryState, NightOfGame

from .engine import ToyRules


@dataclass
class ToyRow(EntryState):
    hand: Hand
    cells: list  # the HandSide rows, N–S then E–W

    @property
    def misdeal(self) -> bool:
        return self.hand.kind == HandKind.PASSED

    @property
    def entered_by_label(self) -> str:
        side = self.hand.entered_side
        return SIDE_LABELS[side] if side in (0, 1) else ""

    @property
    def entered_summary(self) -> str:
        return summary([c.detail.get("score", 0) for c in self.cells], self.misdeal)

    @property
    def disputed_summary(self) -> str:
        theirs = self.hand.disputed_values or {}
        return summary(theirs.get("scores") or (0, 0), bool(theirs.get("misdeal")))


def summary(scores, misdeal) -> str:
    """"N–S 12 · E–W 7", or "misdeal"."""
    if misdeal:
        return _("misdeal")
    return " · ".join(f"{SIDE_LABELS[s]} {scores[s]}" for s in (0, 1))


def rules_summary(rules: ToyRules) -> str:
    """"first to 50, 0 to 30 a hand": the rules in a line (game page, sheets, profile lists)."""
    return _("first to %(target)d, 0 to %(most)d a hand") % {"target": rules.target, "most": rules.most}


@dataclass
class ToyBoard(NightOfGame):
    game: Game
    rules: ToyRules
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

    versus = names

    @property
    def labels(self) -> list:
        return [(side, SIDE_LABELS[side.side], self.names[side.side]) for side in self.sides]

    @property
    def waiting(self) -> int:
        return sum(1 for r in self.rows if r.waiting or r.disputed)

    @property
    def last(self):
        return self.rows[-1] if self.rows else None

    @property
    def next_number(self) -> int:
        return self.game.hand_count + 1

    @property
    def summary(self) -> str:
        return rules_summary(self.rules)

    @property
    def winner_label(self):
        w = self.game.winner_side
        return None if w is None else SIDE_LABELS[w]


def toy_board_for(game: Game, sides: list) -> ToyBoard:
    """The board of a game read with its sides: seats (one query), every hand's side rows with their hand (one)."""
    seats = list(GameSeat.objects.filter(game=game).select_related("player").order_by("seat"))
    by_hand = {}
    for row in HandSide.objects.filter(hand__game=game).select_related("hand").order_by("hand__number", "side"):
        by_hand.setdefault(row.hand.number, (row.hand, []))[1].append(row)
    rows = [ToyRow(hand, cells) for hand, cells in by_hand.values()]
    return ToyBoard(game=game, rules=ToyRules.from_dict(game.rules), seats=seats, sides=sides, rows=rows)
