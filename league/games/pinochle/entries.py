"""The Pinochle kinds' entries (partnership, three-handed, double-deck): their
hooks into the one entry workflow (:mod:`league.services.workflow`).

The workflow locks the game row; these hooks build ``PinochleHand`` values from the
table's inputs, let ``scoring.ledger.run_game`` derive every number (docs/rules.md,
"Partnership Pinochle"), and the workflow writes inputs and derived values in one
transaction. Nothing is written when any input is invalid.
"""
from dataclasses import replace

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import Game, Hand, HandKind, HandSide
from league.models.game import SIDE_LABELS
from league.services.errors import as_validation_error, as_validation_errors
from league.games.pinochle.hand_inputs import clean_inputs, engine_hand, stored_inputs
from league.services.rescore import Derived, Ending, Step, finish
from league.services.trust import snapshot
from league.services.workflow import EntryHooks
from scoring.errors import ScoringError
from scoring.ledger import Ledger, LedgerRow, run_auction, run_game
from scoring.messages import Message
from scoring.pinochle import PinochleHand, next_dealer
from scoring.pinochle.checks import hand_errors

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
    """The ledger, or a ``ValidationError`` naming every field of the refused
    hand that is wrong (``scoring.pinochle.checks.hand_errors``), not the first alone."""
    try:
        return game_ledger(game, hands, start=start, played_before=played_before)
    except ScoringError as e:
        index = getattr(e, "hand_index", None)
        errors = hand_errors(game.pinochle_rules(), hands[index]) if index is not None and e.field != "number" else []
        if len(errors) < 2:
            raise as_validation_error(e) from e
        raise as_validation_errors(errors) from e


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


def _ending(ledger: Ledger) -> Ending:
    return Ending(ledger.totals, ledger.ended_at is not None, ledger.winner,
                  ledger.reason.as_data() if ledger.ended_at is not None and ledger.reason else None)


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
        "made": _made(inputs, result[0].rows[0]),
        "notes": [n.as_data() for n in score.notes],
        **{k: inputs[k] for k in ("kind", "dealer", "bidder_seat", "bid", "trump", "renege_side")},
    }


def _store_new(game: Game, hand: Hand, inputs: dict, result) -> list[HandSide]:
    ledger, sides = result
    side_rows = HandSide.objects.bulk_create(_side_rows(hand, inputs, ledger.rows[0]))
    game.hand_count += 1
    finish(game, _ending(ledger), sides=sides, current=True)  # read with its night by _locked_for_entry
    return side_rows


def _made(inputs: dict, row):
    return row.score.made if inputs["bidder_seat"] is not None else None


def derive(game: Game, hands: list[Hand], inputs_by_pk: dict, changed_pk=None) -> Derived:
    """Re-run the whole game from its inputs: every hand's made/set, notes and side rows."""
    sides = game.pinochle_rules().sides
    ledger = _score(game, [engine_hand(inputs_by_pk[h.pk], sides) for h in hands])
    steps = [Step(hand, {"made": _made(inputs_by_pk[hand.pk], row), "notes": [n.as_data() for n in row.score.notes]},
                  _side_rows(hand, inputs_by_pk[hand.pk], row))
             for hand, row in zip(hands, ledger.rows)]
    return Derived(steps, _ending(ledger))


def _apply(target: Hand, inputs: dict) -> None:
    for k in ("kind", "dealer", "bidder_seat", "bid", "trump", "renege_side"):
        setattr(target, k, inputs[k])


def _entering_side_refused(game) -> str:
    if not game.kind.has_partners:
        return _("Another player confirms a hand, not the one who entered it.")
    return _("The other side confirms a hand, not the side that entered it.")


COMPARED = ("kind", "bidder_seat", "bid", "trump", "meld", "tricks", "renege_side")


def _their_hand(hand: Hand, data: dict) -> dict | None:
    """The other side's hand as stored when it differs from ``hand`` in a compared input, else None."""
    theirs = clean_inputs(data, default_dealer=hand.dealer, sides=hand.game.pinochle_rules().sides)
    ours = stored_inputs(hand)
    if all(_same(ours[k], theirs[k]) for k in COMPARED):
        return None
    return {k: list(v) if isinstance(v, tuple) else v for k, v in theirs.items()}


def _same(a, b) -> bool:
    norm = (lambda v: tuple(v) if isinstance(v, (list, tuple)) else v)
    return norm(a) == norm(b)


HAND_HOOKS = EntryHooks(
    stored=stored_inputs,
    input_class=PinochleHandInput,
    clean=lambda target, data: clean_inputs(data, default_dealer=target.dealer, sides=target.game.pinochle_rules().sides),
    apply=_apply,
    ask_side=ask_side,
    sides=lambda game: game.pinochle_rules().sides,
    derive=derive,
    hand_fields=("made", "notes"),
    side_fields=("meld", "tricks", "took_trick", "counted_meld", "counted_tricks", "delta", "total"),
    checked_hand=("made",),
    checked_side=("delta", "total", "counted_meld", "counted_tricks"),
    changed=gettext_lazy("Hand %(number)d was changed by someone else meanwhile; here are the current values."),
    gone=gettext_lazy("That hand no longer exists."),
    edited=gettext_lazy("hand %(n)d edited"),
    deleted=gettext_lazy("hand %(n)d deleted"),
    snapshot=snapshot,
    lock_new=_locked_for_entry,
    already_entered=_already_entered,
    over=gettext_lazy("This game is over; edit a hand to change its result."),
    entered=gettext_lazy("hand %(n)d entered"),
    clean_new=_clean_new,
    score_new=_score_new,
    fields_new=_fields_new,
    store_new=_store_new,
    already_confirmed=gettext_lazy("Hand %(n)d is already confirmed."),
    disputed=gettext_lazy("Hand %(n)d is disputed: an organizer decides."),
    entering_side_refused=_entering_side_refused,
    theirs=_their_hand,
)
