"""Game pages: the running score sheet and the lists of games."""
from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet
from django.db.models.expressions import RawSQL

from league.selectors.entries import NightOfGame
from league.models import Game, GameSeat, Hand, HandKind, HandSide
from league.models.game import SEAT_LETTERS, SIDE_LABELS
from league.i18n import render
from league.rules_text import rules_summary
from scoring.cards import SUIT_SYMBOLS
from django.utils.translation import gettext as _

from scoring.pinochle import PinochleRules, game_stakes, next_dealer, settle_up
from scoring.pinochle.stakes import POT


@dataclass
class SheetRow:
    """One hand as the sheet shows it: inputs, per-side numbers, marks."""

    hand: Hand
    sides: list  # HandSide rows, side 0 then 1
    dealer: str
    bidder: str
    bidder_letter: str
    trump: str
    is_set: bool
    passed: bool
    notes_text: str = ""


PLAYER_NUMBERS = ("1", "2", "3")
"""Three-handed seats are numbered players, not compass points."""


@dataclass
class GameSheet(NightOfGame):
    """The game, its rules and seats; its sides and hands (``sides``, ``rows``
    and the ``next_dealer`` that follows the last hand) are read when first
    asked for, so that posting a hand, which needs only the seats for its
    form, does not read them."""

    game: Game
    rules: PinochleRules
    seats: list
    _sides: list | None = field(default=None, repr=False)
    _rows: list | None = field(default=None, repr=False)
    _next_dealer: int | None = field(default=None, repr=False)
    _waiting: int | None = field(default=None, repr=False)
    audit: tuple | None = field(default=None, repr=False)
    """The game's audit trail as read with the seats (its revisions' count and
    last id): every entry, edit, confirmation, dispute, deletion and seat
    change adds a revision (``league.services.trust.record_revision``). None
    once :meth:`forget_entries` was called: then it says nothing of the hands."""

    def forget_entries(self) -> None:
        """The game's counters moved (an entry was just written): its sides,
        hands, the next dealer and the waiting count are read again when asked
        for, and the audit state read with the seats no longer holds."""
        self._sides = self._rows = self._next_dealer = self._waiting = self.audit = None

    @property
    def sides(self) -> list:
        """The game's sides (``GameSide``, with their stored totals), side 0 first."""
        if self._sides is None:
            self._sides = list(self.game.sides.order_by("side"))
        return self._sides

    def _load_hands(self) -> None:
        """Every hand and its side rows in two queries. The side rows are read by
        the game and grouped here rather than with ``prefetch_related``, whose
        per-object bookkeeping cost as much as reading the rows (``row.sides``
        holds them; ``hand.side_rows`` is not filled)."""
        hands = list(self.game.hands.order_by("number"))
        by_hand = {}
        for side in HandSide.objects.filter(hand__game=self.game).order_by("hand_id", "side"):
            by_hand.setdefault(side.hand_id, []).append(side)
        letters = PLAYER_NUMBERS if self.rules.sides == 3 else SEAT_LETTERS
        self._rows = [_row(h, self.seats, letters, by_hand.get(h.pk, [])) for h in hands]
        self._next_dealer = (
            next_dealer(hands[-1].dealer, self.game.seat_count) if hands else self.game.first_dealer
        )

    def load_last_hand(self) -> None:
        """Read only the last hand: ``rows`` is that hand's row and ``next_dealer``
        follows it (the htmx answer to an entry, which shows only the new row)."""
        hands = list(self.game.hands.order_by("-number")[:1].prefetch_related(
            Prefetch("side_rows", queryset=HandSide.objects.order_by("side"))))
        letters = PLAYER_NUMBERS if self.rules.sides == 3 else SEAT_LETTERS
        self._rows = [_row(h, self.seats, letters) for h in hands]
        self._next_dealer = (
            next_dealer(hands[-1].dealer, self.game.seat_count) if hands else self.game.first_dealer
        )

    @property
    def rows(self) -> list:
        if self._rows is None:
            self._load_hands()
        return self._rows

    @property
    def next_dealer(self) -> int:
        if self._next_dealer is None:
            self._load_hands()
        return self._next_dealer

    @property
    def three_handed(self) -> bool:
        return self.rules.sides == 3

    @property
    def auction(self) -> bool:
        """Three-handed auction settlement: units and balances, no game to win."""
        return getattr(self.rules, "settlement", None) == "auction"

    @property
    def seat_letters(self):
        return PLAYER_NUMBERS if self.three_handed else SEAT_LETTERS

    @property
    def versus(self) -> list[str]:
        """Every side's names, for the page title: ``["Ann & Cy", "Bo & Di"]``;
        the three players of a three-handed game, ``["Ann", "Bo", "Cy"]``."""
        return [name for _label, name in self.side_names]

    @property
    def side_names(self):
        """``[(label, "Ann & Cy"), ...]`` for N–S and E–W; three-handed,
        ``[("1", "Ann"), ("2", "Bo"), ("3", "Cy")]``."""
        if self.three_handed:
            return [(PLAYER_NUMBERS[s.seat], s.player.name) for s in self.seats]
        by_side = {0: [], 1: []}
        for seat in self.seats:
            by_side[seat.side].append(seat.player.name)
        return [(SIDE_LABELS[s], " & ".join(by_side[s])) for s in (0, 1)]

    @property
    def columns(self):
        """Each side's stored total with its label and players: ``[(GameSide, label, names)]``."""
        return [(side, *self.side_names[side.side]) for side in self.sides]

    @property
    def colspan(self) -> int:
        """Columns of the sheet: number, dealer, bid and three per side."""
        return 3 + 3 * len(self.sides)

    @property
    def settlement(self) -> list[str]:
        """Auction settlement: who pays whom to settle the balances ("Bo pays Ann 3")."""
        if not self.auction:
            return []
        names = [name for _label, name in self.side_names]
        return [
            _("%(payer)s pays %(payee)s %(units)d") % {
                "payer": names[p.payer], "payee": names[p.payee], "units": p.units}
            for p in settle_up([s.total for s in self.sides])
        ]

    @property
    def staked(self) -> bool:
        """A three-handed cut-throat game played for game and set stakes."""
        rules = self.rules
        return (self.three_handed and not self.auction
                and bool(getattr(rules, "game_stake", 0) or getattr(rules, "set_stake", 0)))

    @property
    def stakes(self) -> list[str]:
        """The game's stakes (docs/rules.md, "Three-handed Pinochle: stakes"):
        each player's sets so far and, once the game has a winner, who pays
        whom ("Bo pays Ann 12") or, under the pot method, what each puts in
        and the winner takes."""
        if not self.staked:
            return []
        hands = self.game.kind.engine_hands([r.hand for r in self.rows], 3)
        ledger = game_stakes(self.rules, hands)
        names = [name for _label, name in self.side_names]
        lines = [_("%(name)s: sets %(sets)d") % {"name": names[p], "sets": s}
                 for p, s in enumerate(ledger.sets) if s]
        for p in ledger.payments:
            if p.payee == POT:
                lines.append(_("%(payer)s puts %(units)d in the pot") % {"payer": names[p.payer], "units": p.units})
            elif p.payer == POT:
                lines.append(_("%(payee)s takes the pot, %(units)d") % {"payee": names[p.payee], "units": p.units})
            else:
                lines.append(_("%(payer)s pays %(payee)s %(units)d") % {
                    "payer": names[p.payer], "payee": names[p.payee], "units": p.units})
        return lines

    @property
    def waiting(self) -> int:
        """Hands waiting for the other side's confirmation (or disputed): counted
        with the seats, or from the rows once read."""
        if self._rows is None and self._waiting is not None:
            return self._waiting
        return sum(1 for r in self.rows if r.hand.status != "confirmed")

    @property
    def summary(self) -> str:
        return rules_summary(self.rules)

    @property
    def winner_label(self):
        if self.game.winner_side is None:
            return None
        return self.side_names[self.game.winner_side]

    @property
    def next_dealer_seat(self):
        return self.seats[self.next_dealer] if self.next_dealer < len(self.seats) else None


def _row(hand: Hand, seats, letters=SEAT_LETTERS, sides=None) -> SheetRow:
    sides = sorted(hand.side_rows.all(), key=lambda r: r.side) if sides is None else sides
    return SheetRow(
        hand=hand,
        sides=sides,
        dealer=seats[hand.dealer].player.name if hand.dealer < len(seats) else "",
        bidder=seats[hand.bidder_seat].player.name if hand.bidder_seat is not None else "",
        bidder_letter=letters[hand.bidder_seat] if hand.bidder_seat is not None else "",
        trump=SUIT_SYMBOLS.get(hand.trump, ""),
        is_set=hand.made is False and hand.kind != HandKind.PASSED,
        passed=hand.kind == HandKind.PASSED,
        notes_text="; ".join(render(n) for n in hand.notes),
    )


class NotPinochle(Exception):
    """The game is not Pinochle (a cribbage game has its own board)."""

    def __init__(self, game):
        super().__init__(game.game_type)
        self.game = game


def game_sheet(public_id: str | None = None, *, token: str | None = None) -> GameSheet:
    """The Pinochle game (by its public id, or by its table link's token) with
    its night and sides (one query, ``league.selectors.boards``) and seats
    (one); when first asked for, every hand (two more): four queries whatever
    its length. Another game's id raises :class:`NotPinochle`."""
    from league.selectors.boards import load_board

    board = load_board(public_id, token=token)
    if not isinstance(board, GameSheet):
        raise NotPinochle(board.game)
    return board


# Read with the seats (one query): what the page shows of the hands without reading them.
SEAT_STATE = {
    "revisions": "SELECT COUNT(*) FROM league_handrevision WHERE game_id = %s",
    "last_revision": "SELECT MAX(id) FROM league_handrevision WHERE game_id = %s",
    "last_dealer": "SELECT dealer FROM league_hand WHERE game_id = %s ORDER BY number DESC LIMIT 1",
    "waiting": "SELECT COUNT(*) FROM league_hand WHERE game_id = %s AND status <> 'confirmed'",
}
def _seats_with_state(pk) -> list:
    return list(GameSeat.objects.filter(game_id=pk).select_related("player").order_by("seat")
        .annotate(**{name: RawSQL(sql, [pk]) for name, sql in SEAT_STATE.items()}))


def sheet_for(game: Game, sides: list) -> GameSheet:
    """The sheet of a Pinochle game read with its sides: its seats (one query),
    with the game's audit state (:attr:`GameSheet.audit`), the last hand's
    dealer and the count of hands waiting for confirmation, so that a page
    whose sheet is kept (``{% cache %}`` in ``_pad.html``) reads no hand."""
    seats = _seats_with_state(game.pk)
    for seat in seats:
        seat.game = game
    sheet = GameSheet(game=game, rules=game.pinochle_rules(), seats=seats, _sides=sides)
    if seats:
        first = seats[0]
        sheet.audit = (first.revisions, first.last_revision)
        sheet._waiting = first.waiting
        sheet._next_dealer = (next_dealer(first.last_dealer, game.seat_count) if first.last_dealer is not None
                              else game.first_dealer)
    return sheet


def game_list(*, status: str | None = None, club_ids=None, limit: int = 20) -> list[Game]:
    """Recent games with their seated players (three queries)."""
    qs: QuerySet = Game.objects.select_related("club").prefetch_related(
        Prefetch("seats", queryset=GameSeat.objects.select_related("player").order_by("seat")),
        "sides",
    )
    if status:
        qs = qs.filter(status=status)
    if club_ids is not None:
        qs = qs.filter(club_id__in=club_ids)
    return list(qs.order_by("-created_at", "-id")[:limit])


__all__ = ["GameSheet", "SheetRow", "game_sheet", "game_list", "SEAT_LETTERS"]
