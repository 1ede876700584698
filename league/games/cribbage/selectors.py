"""The cribbage board: both players' totals, the skunk lines, every deal and
the result, read from the stored rows in five queries whatever the length."""
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.models import Game, GameSeat, Hand, HandSide
from league.selectors.boards import load_board
from league.selectors.entries import EntryState, NightOfGame
from league.games.cribbage.inputs import stored_inputs
from league.games.cribbage.rules_text import cribbage_rules_summary
from scoring.cards import SUIT_SYMBOLS, parse_card
from scoring.cribbage import CribbageRules, Outcome, game_outcome, next_dealer
from scoring.cribbage.game import STAGES


@dataclass
class PlayerCell:
    """One player's line of one deal: inputs, what counted, the running total."""

    row: HandSide
    dealer: bool
    show_counted: bool
    crib_counted: bool


@dataclass
class DealRow(EntryState):
    hand: Hand
    dealer_name: str
    starter: str
    cells: list  # PlayerCell, player 0 then 1
    ended_label: str = ""
    names: list = field(default_factory=list)

    @property
    def entered_by_name(self) -> str:
        side = self.hand.entered_side
        return self.names[side] if side in (0, 1) else ""

    @property
    def entered_summary(self) -> str:
        """The deal as stored (the version of the player who entered it)."""
        return deal_summary(stored_inputs(self.hand), self.names)

    @property
    def disputed_summary(self) -> str:
        """The other player's version of a disputed deal."""
        return deal_summary(self.hand.disputed_values or {}, self.names)


@dataclass
class Track:
    """A player's peg on the board: position in percent of the target."""

    side: object
    name: str
    percent: float
    dealer_next: bool = False


@dataclass
class CribbageBoard(NightOfGame):
    game: Game
    rules: CribbageRules
    seats: list
    sides: list
    rows: list = field(default_factory=list)
    next_dealer: int = 0
    outcome: Outcome | None = None

    @property
    def names(self) -> list[str]:
        return [s.player.name for s in self.seats]

    versus = names

    @property
    def summary(self) -> str:
        return cribbage_rules_summary(self.rules)

    @property
    def tracks(self) -> list[Track]:
        target = self.rules.target
        return [
            Track(side, self.names[side.side], round(min(side.total, target) * 100 / target, 2),
                  side.side == self.next_dealer)
            for side in self.sides
        ]

    @property
    def lines(self) -> list[tuple[int, float]]:
        """The double-skunk and skunk lines (61 and 91 in a game to 121), in percent."""
        target = self.rules.target
        return [(line, round(line * 100 / target, 2)) for line in (self.rules.double_skunk_line, self.rules.skunk_line)
                if line > 0]

    @property
    def waiting(self) -> int:
        """Deals waiting for the other player's confirmation (or disputed)."""
        return sum(1 for r in self.rows if r.waiting or r.disputed)

    @property
    def winner_name(self):
        return self.names[self.outcome.winner] if self.outcome else None

    @property
    def loser_name(self):
        return self.names[self.outcome.loser] if self.outcome else None

    @property
    def winner_game_points(self):
        return self.outcome.game_points[self.outcome.winner] if self.outcome else None


def deal_summary(inputs: dict, names) -> str:
    """A deal's inputs as the board writes them: "dealer Ann · Ann 4 · 16 · 8 · Bo 3 · 12"
    (pegging · hand, and the dealer's crib)."""
    if not inputs:
        return ""
    dealer, pegging = inputs.get("dealer"), list(inputs.get("pegging") or (0, 0))
    parts = [_("dealer %(name)s") % {"name": names[dealer]}] if dealer in (0, 1) else []
    for p in (0, 1):
        counts = [pegging[p], inputs.get("dealer_hand" if p == dealer else "pone_hand", 0)]
        if p == dealer:
            counts.append(inputs.get("crib", 0))
        parts.append(f"{names[p]} " + " · ".join(str(c) for c in counts))
    if inputs.get("starter"):
        parts.append(_("starter %(card)s") % {"card": _starter(inputs["starter"])})
    return " · ".join(parts)


STAGE_LABELS = {
    "heels": gettext_lazy("his heels"), "pegging": gettext_lazy("pegging"),
    "pone_hand": gettext_lazy("the pone's hand"), "dealer_hand": gettext_lazy("the dealer's hand"),
    "crib": gettext_lazy("the crib"),
}


def _counted(stage: str, ended: str) -> bool:
    return not ended or STAGES.index(stage) <= STAGES.index(ended)


def _starter(code: str) -> str:
    if not code:
        return ""
    card = parse_card(code)
    return f"{card.rank}{SUIT_SYMBOLS[card.suit]}"


def _row(hand: Hand, names) -> DealRow:
    ended = hand.ended_stage
    cells = []
    for row in sorted(hand.side_rows.all(), key=lambda r: r.side):
        dealer = row.side == hand.dealer
        cells.append(PlayerCell(
            row=row, dealer=dealer, show_counted=_counted("dealer_hand" if dealer else "pone_hand", ended),
            crib_counted=dealer and _counted("crib", ended),
        ))
    label = str(STAGE_LABELS.get(ended, "")) if ended else ""
    return DealRow(hand=hand, dealer_name=names[hand.dealer], starter=_starter(hand.starter), cells=cells,
                   ended_label=label, names=names)


def cribbage_board(public_id: str | None = None, *, token: str | None = None) -> CribbageBoard:
    """The game (by its public id or its table link's token) with seats, sides
    and every deal: four queries (``league.selectors.boards``)."""
    board = load_board(public_id, token=token)
    if not isinstance(board, CribbageBoard):
        raise Http404
    return board


def cribbage_board_for(game: Game, sides: list) -> CribbageBoard:
    """The board of a game read with its sides: seats (one query), every deal
    with its rows (two)."""
    seats = list(GameSeat.objects.filter(game=game).select_related("player").order_by("seat"))
    hands = list(game.hands.order_by("number").prefetch_related(
        Prefetch("side_rows", queryset=HandSide.objects.order_by("side"))))
    names = [s.player.name for s in seats]
    rules = CribbageRules.from_dict(game.rules)
    outcome = None
    if game.is_finished:
        outcome = game_outcome(rules, tuple(s.total for s in sides))
    return CribbageBoard(
        game=game, rules=rules, seats=seats, sides=sides, rows=[_row(h, names) for h in hands],
        next_dealer=next_dealer(hands[-1].dealer) if hands else game.first_dealer, outcome=outcome,
    )
