"""Recording, correcting and deleting hands: the Pinochle kinds' hooks into
:mod:`league.services.workflow`.

The workflow locks the game row; these hooks build ``PinochleHand`` values from the
table's inputs, lets ``scoring.ledger.run_game`` derive every number, and
writes inputs and derived values in one transaction. Nothing is written when
any input is invalid.
"""
from dataclasses import replace

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.games.inputs import PinochleHandInput
from league.models import Game, GameSide, Hand, HandKind, HandSide
from league.models.game import SIDE_LABELS
from scoring.errors import ScoringError
from scoring.ledger import Ledger, LedgerRow, run_auction, run_game
from scoring.messages import Message
from scoring.pinochle import PinochleHand, next_dealer

from .errors import as_validation_error
from .hand_inputs import clean_inputs, engine_hand, stored_inputs
from .results import results_sync
from .workflow import EntryHooks, entry_delete, entry_record, entry_update

def side_names(game: Game, rules=None) -> tuple[str, ...]:
    """Names for the engine's messages: N–S and E–W, or the three players' names."""
    rules = rules or game.pinochle_rules()
    if rules.sides == 2:
        return SIDE_LABELS
    return tuple(game.seats.order_by("seat").values_list("player__name", flat=True))


def _named(message: Message, rules, names) -> Message:
    """``message`` with the engine's "player 1".."player 3" replaced by the players' names."""
    params = {
        k: names[rules.side_names.index(v)] if isinstance(v, str) and v in rules.side_names else v
        for k, v in message.params.items()
    }
    return Message(message.template, **params)


def game_ledger(game: Game, hands: list[PinochleHand], start=None, played_before=0, names=None) -> Ledger:
    """``run_game`` with the game's own rules and hand limit (raises ``ScoringError``);
    under three-handed auction settlement, :func:`scoring.ledger.run_auction`."""
    rules = game.pinochle_rules()
    names = names or side_names(game, rules)
    if getattr(rules, "settlement", None) == "auction":
        ledger = run_auction(rules, hands, start=start)
    else:
        ledger = run_game(
            rules, hands, names=names, start=start,
            hand_limit=game.hand_limit, played_before=played_before,
            first_number=game.hand_count + 1 if start is not None else 1,
        )
    if rules.sides == 2:
        return ledger
    rows = tuple(
        LedgerRow(replace(row.score, notes=tuple(_named(n, rules, names) for n in row.score.notes)), row.totals)
        for row in ledger.rows
    )
    return replace(ledger, rows=rows)


def _score(game: Game, hands: list[PinochleHand], start=None, played_before=0) -> Ledger:
    try:
        return game_ledger(game, hands, start=start, played_before=played_before)
    except ScoringError as e:
        raise as_validation_error(e) from e


def _side_rows(hand: Hand, inputs: dict, ledger_row) -> list[HandSide]:
    score = ledger_row.score
    return [
        HandSide(
            hand=hand, side=s, meld=inputs["meld"][s],
            tricks=inputs["tricks"][s] if inputs["tricks"] is not None else None,
            took_trick=inputs["took_trick"][s] if inputs["took_trick"] is not None else None,
            counted_meld=score.counted_meld[s], counted_tricks=score.tricks[s],
            delta=score.deltas[s], total=ledger_row.totals[s],
        )
        for s in range(len(score.deltas))
    ]


def _finish(game: Game, ledger: Ledger, sides, *, current: bool = False) -> None:
    """Store the sides' totals and the winner (or reopen a game an edit un-ended),
    and rewrite a league game's results when it is or was finished.
    ``current``: ``game`` was read with its night by :func:`_locked_for_entry`."""
    was_finished = game.is_finished
    for side in sides:
        side.total = ledger.totals[side.side]
        side.won = ledger.winner == side.side
    GameSide.objects.bulk_update(sides, ["total", "won"])
    if ledger.ended_at is None:
        game.status, game.winner_side, game.end_reason, game.finished_at = (
            Game.Status.IN_PROGRESS, None, None, None,
        )
    else:
        game.status, game.winner_side = Game.Status.FINISHED, ledger.winner
        game.end_reason = ledger.reason.as_data() if ledger.reason else None
        game.finished_at = game.finished_at or timezone.now()
    game.save(update_fields=["status", "winner_side", "end_reason", "finished_at", "hand_count"])
    if game.table_id is not None and (game.is_finished or was_finished):
        results_sync(game, current=current)


def _locked_for_entry(game: Game) -> Game:
    """Lock the game row and read, in the same query, what entering its next
    hand needs besides: its night with season and league (a casual game has
    none) and the last hand's dealer (``last_dealer``, None before the first).

    ``FOR UPDATE OF`` the game only on PostgreSQL (the night and its league are
    read, not locked; the table is an outer join); on SQLite the transaction
    is IMMEDIATE, so it already holds the write lock."""
    last = Hand.objects.filter(game_id=OuterRef("pk")).order_by("-number").values("dealer")[:1]
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("table__round__night__season__league")
        .annotate(last_dealer=Subquery(last))
        .get(pk=game.pk)
    )


def _already_entered(game: Game, number: int) -> ValidationError:
    """'Hand 7 was just entered from another device', with the stored numbers."""
    rows = list(HandSide.objects.filter(hand__game=game, hand__number=number).order_by("side"))
    labels = side_names(game)
    shown = ", ".join(f"{labels[r.side]} {r.delta:+d} ({r.total})" for r in rows)
    return ValidationError({NON_FIELD_ERRORS: [
        _("Hand %(number)d was just entered from another device: %(numbers)s.") % {
            "number": number, "numbers": shown}]})


def ask_side(game: Game) -> str:
    """The question a table link's phone answers before its hands count."""
    if not game.kind.has_partners:
        return _("Say whose phone this is: player 1, 2 or 3.")
    return _("Say which side this phone is: N–S or E–W.")


def _clean_new(game: Game, data: dict) -> dict:
    """The next hand's inputs: its dealer defaults to the seat after the last hand's."""
    default_dealer = (
        next_dealer(game.last_dealer, game.seat_count) if game.last_dealer is not None else game.first_dealer
    )
    return clean_inputs(data, default_dealer=default_dealer, sides=game.pinochle_rules().sides)


def _score_new(game: Game, inputs: dict):
    """The next hand scored from the sides' totals: ``(ledger, sides)``."""
    sides = list(game.sides.all())
    played_before = (
        game.hands.exclude(kind=HandKind.PASSED).count() if game.hand_limit is not None else 0
    )
    rules = game.pinochle_rules()
    ledger = _score(game, [engine_hand(inputs, rules.sides)], start=tuple(s.total for s in sides),
                    played_before=played_before)
    return ledger, sides


def _fields_new(game: Game, inputs: dict, result) -> dict:
    score = result[0].rows[0].score
    return {
        "made": score.made if inputs["bidder_seat"] is not None else None,
        "notes": [n.as_data() for n in score.notes],
        **{k: inputs[k] for k in ("kind", "dealer", "bidder_seat", "bid", "trump", "renege_side")},
    }


def _store_new(game: Game, hand: Hand, inputs: dict, result) -> list[HandSide]:
    ledger, sides = result
    side_rows = HandSide.objects.bulk_create(_side_rows(hand, inputs, ledger.rows[0]))
    game.hand_count += 1
    _finish(game, ledger, sides, current=True)
    return side_rows


def rederive_game(game: Game, hands: list[Hand], inputs_by_pk: dict) -> None:
    """Re-run the whole game from its inputs and rewrite every derived number."""
    sides = game.pinochle_rules().sides
    engine_hands = [engine_hand(inputs_by_pk[h.pk], sides) for h in hands]
    ledger = _score(game, engine_hands)
    side_rows = []
    for hand, row in zip(hands, ledger.rows):
        inputs = inputs_by_pk[hand.pk]
        hand.made = row.score.made if inputs["bidder_seat"] is not None else None
        hand.notes = [n.as_data() for n in row.score.notes]
        by_side = {r.side: r for r in hand.side_rows.all()}
        for new in _side_rows(hand, inputs, row):
            old = by_side[new.side]
            for f in ("meld", "tricks", "took_trick", "counted_meld", "counted_tricks", "delta", "total"):
                setattr(old, f, getattr(new, f))
            side_rows.append(old)
    Hand.objects.bulk_update(hands, ["made", "notes"])
    HandSide.objects.bulk_update(
        side_rows, ["meld", "tricks", "took_trick", "counted_meld", "counted_tricks", "delta", "total"]
    )
    game.hand_count = len(hands)
    _finish(game, ledger, list(game.sides.all()))


def _apply(target: Hand, inputs: dict) -> None:
    for k in ("kind", "dealer", "bidder_seat", "bid", "trump", "renege_side"):
        setattr(target, k, inputs[k])


HAND_HOOKS = EntryHooks(
    stored=stored_inputs,
    input_class=PinochleHandInput,
    clean=lambda target, data: clean_inputs(data, default_dealer=target.dealer, sides=target.game.pinochle_rules().sides),
    apply=_apply,
    ask_side=ask_side,
    sides=lambda game: game.pinochle_rules().sides,
    rederive=lambda game, hands, inputs_by_pk, changed_pk: rederive_game(game, hands, inputs_by_pk),
    changed=gettext_lazy("Hand %(number)d was changed by someone else meanwhile; here are the current values."),
    gone=gettext_lazy("That hand no longer exists."),
    edited=gettext_lazy("hand %(n)d edited"),
    deleted=gettext_lazy("hand %(n)d deleted"),
    lock_new=_locked_for_entry,
    already_entered=_already_entered,
    over=gettext_lazy("This game is over; edit a hand to change its result."),
    entered=gettext_lazy("hand %(n)d entered"),
    clean_new=_clean_new,
    score_new=_score_new,
    fields_new=_fields_new,
    store_new=_store_new,
)


def hand_record(*, game: Game, by=None, expected_number: int | None = None, reason: str = "",
                inputs: PinochleHandInput | None = None, **data) -> Hand:
    """Record the next hand of ``game`` and derive its scores, the running
    totals and, if this hand ends the game, the winner (docs/rules.md, "Partnership Pinochle").
    The steps are :func:`~league.services.workflow.entry_record`'s; the hand is
    ``inputs`` or, for short, its fields as keywords."""
    return entry_record(game=game, by=by, hooks=HAND_HOOKS, inputs=inputs or PinochleHandInput(**data),
                        expected_number=expected_number, reason=reason)


def hand_update(*, hand: Hand, by=None, expected_version: int | None = None, reason: str = "",
                inputs: PinochleHandInput | None = None, **data) -> Hand:
    """Correct an earlier hand: store the new inputs (``inputs`` or its fields
    as keywords), then re-derive every later total and the winner (the game
    may end, end elsewhere, or reopen)."""
    return entry_update(hand=hand, by=by, hooks=HAND_HOOKS, inputs=inputs or PinochleHandInput(**data),
                        expected_version=expected_version, reason=reason)


def hand_delete(*, hand: Hand, by=None, reason: str = "") -> None:
    """Delete a hand, renumber the later ones and re-derive every total and the
    winner. The audit trail keeps the deleted hand's values."""
    entry_delete(hand=hand, by=by, hooks=HAND_HOOKS, reason=reason)
