"""The entry workflow every game kind shares: recording, correcting and
deleting an entry (a Pinochle hand, a cribbage deal, a rummy round), written once.

The steps are the same for every kind — lock the game row, check the entry
number the form was showing (a second device is told, not stored), find the entry,
check the version the form was showing, check who may write (a locked night
asks an organizer for a reason), keep the audit revision and the change log,
re-derive every later number and the result in the same transaction. What
differs is the :class:`EntryHooks` of the game's kind (``kind.entry_hooks()``,
``league/games/<kind>/entries.py``): how its inputs are cleaned, stored on the entry
and re-derived, and its wording. Re-deriving and ``rescore`` are in
:mod:`league.services.rescore`; confirming and counter-entering in
:mod:`league.services.entries`.
"""
from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.games import kind_of
from league.models import Game, Hand, HandRevision, HandStatus

from .rescore import rederive
from .trust import Actor, check_write, confirmation_needed, delete_with_trace, log_change, record_revision, snapshot


@dataclass(frozen=True)
class EntryHooks:
    """What a kind's entries differ in (``kind.entry_hooks()``, in ``league/games/<kind>/entries.py``).

    ``stored(hand)`` the entry's inputs as stored; ``input_class`` the only
    type of ``inputs`` the workflow takes (a ``dict`` is refused); ``clean(target, inputs)``
    the new inputs cleaned against the stored entry (raises ``ValidationError``);
    ``apply(target, inputs)`` writes them on the entry's own fields;
    ``ask_side(game)`` the question a table link's phone answers before its
    entries count (``sides(game)``: how many it chooses from).
    ``derive(game, hands, inputs_by_pk, changed_pk)`` plays the game again and returns a
    :class:`league.services.rescore.Derived`; its ``hand_fields`` and
    ``side_fields`` are rewritten, ``checked_hand`` and ``checked_side`` compared by
    ``manage.py rescore --check`` (a side is a ``side_word``: "side" or "player").
    The texts take ``%(number)d`` (``changed``) or ``%(n)d`` (the change-log lines)."""

    stored: Callable
    input_class: type  # the kind's frozen input dataclass (league.games.inputs)
    clean: Callable
    apply: Callable
    ask_side: Callable  # ask_side(game): "Say which side this phone is: N–S or E–W."
    derive: Callable
    hand_fields: tuple
    side_fields: tuple
    checked_hand: tuple
    checked_side: tuple
    changed: str  # "Hand %(number)d was changed by someone else meanwhile; …"
    gone: str  # "That hand no longer exists."
    edited: str  # "hand %(n)d edited"
    deleted: str  # "hand %(n)d deleted"
    side_word: str = "side"
    snapshot: Callable = snapshot  # the entry as plain data for the audit trail
    sides: Callable = lambda game: 2  # noqa: E731
    # Recording the next entry (:func:`entry_record`): ``lock_new(game)`` locks and reads
    # the game; a number another device took is refused with ``just_entered`` (or
    # ``already_entered(game, number)``); ``clean_new(game, inputs)`` the cleaned inputs;
    # ``score_new(game, data)`` the kind's derived result (raises ``ValidationError``);
    # ``fields_new(game, data, result)`` the entry's own fields; ``store_new(game, hand, data,
    # result)`` writes its side rows, the game's totals and result, and returns the side rows.
    lock_new: Callable | None = None
    just_entered: str = ""  # "Deal %(number)d was just entered from another device; …"
    already_entered: Callable | None = None  # or a ValidationError of its own: already_entered(game, number)
    over: str = ""  # "This game is over; edit a hand to change its result."
    entered: str = ""  # "hand %(n)d entered"
    clean_new: Callable | None = None
    score_new: Callable | None = None
    fields_new: Callable | None = None
    store_new: Callable | None = None
    # Confirming (:mod:`league.services.entries`): the messages with ``%(n)d``, the
    # refusal to the side that entered it, ``theirs(hand, data)`` the other side's
    # counter-entry as stored in ``disputed_values`` when it differs (else None);
    # ``dispute_syncs_results``: a dispute also runs ``results_sync``.
    already_confirmed: str = ""
    disputed: str = ""
    entering_side_refused: Callable | None = None
    theirs: Callable | None = None
    dispute_syncs_results: bool = False


def hooks_of(game: Game) -> EntryHooks:
    """The entry hooks of ``game``'s kind."""
    return kind_of(game).entry_hooks()


def input_data(hooks: EntryHooks, inputs):
    """``inputs`` (the kind's input dataclass) as the hooks clean it; anything else is refused."""
    if not isinstance(inputs, hooks.input_class):
        raise TypeError(f"an entry's inputs are a {hooks.input_class.__name__}, not a {type(inputs).__name__}")
    return inputs.as_data()


def entry_status(game: Game, actor: Actor, hooks: EntryHooks) -> tuple[str, int | None]:
    """The entry's (status, side): from a table link it waits for the other
    side when the league confirms entries, and the phone must say its side."""
    if actor.link and confirmation_needed(game):
        if actor.side not in range(hooks.sides(game)):
            raise ValidationError({"side": [hooks.ask_side(game)]})
        return HandStatus.ENTERED, actor.side
    return HandStatus.CONFIRMED, actor.side


def _already_entered(game: Game, number: int, hooks: EntryHooks) -> ValidationError:
    if hooks.already_entered is not None:
        return hooks.already_entered(game, number)
    return ValidationError({NON_FIELD_ERRORS: [hooks.just_entered % {"number": number}]})


class _NumberTaken(Exception):
    """The entry's number is in the game already (refused after the rollback)."""

    def __init__(self, game: Game, number: int):
        super().__init__(number)
        self.game, self.number = game, number


def entry_record(*, game: Game, by, inputs, expected_number: int | None = None, reason: str = "") -> Hand:
    """Record the next entry of ``game`` and derive its numbers, the running
    totals and, if it ends the game, the result.

    ``inputs`` is the kind's input dataclass (:mod:`league.games.inputs`);
    ``expected_number`` is the entry number the form was showing: if another
    device entered it meanwhile, this one is refused (``hooks.already_entered``).
    ``by`` is an account or a :class:`~league.services.trust.Actor`; a locked
    night needs an organizer's ``reason``.

    One transaction, with the game row locked first. A number already taken
    (the unique constraint) rolls it back and is reported after: no savepoint
    is needed around the insert."""
    hooks = hooks_of(game)
    input_data(hooks, inputs)
    try:
        return _entry_record(game=game, by=by, hooks=hooks, inputs=inputs, expected_number=expected_number,
                             reason=reason)
    except _NumberTaken as taken:
        raise _already_entered(taken.game, taken.number, hooks) from taken


@transaction.atomic
def _entry_record(*, game, by, hooks: EntryHooks, inputs, expected_number, reason) -> Hand:
    actor = Actor.of(by)
    game = hooks.lock_new(game) if hooks.lock_new else Game.objects.select_for_update().get(pk=game.pk)
    if expected_number is not None and expected_number <= game.hand_count:
        raise _already_entered(game, expected_number, hooks)
    if game.is_finished:
        raise ValidationError(hooks.over)
    night = check_write(game, actor, reason)
    data = hooks.clean_new(game, input_data(hooks, inputs))
    status, side = entry_status(game, actor, hooks)
    result = hooks.score_new(game, data)
    number = game.hand_count + 1
    try:
        hand = Hand.objects.create(
            game=game, number=number, entered_by=actor.user, entered_via=actor.via, status=status,
            entered_side=side, **hooks.fields_new(game, data, result),
        )
    except IntegrityError as e:
        raise _NumberTaken(game, number) from e
    side_rows = hooks.store_new(game, hand, data, result)
    record_revision(game, hand, number, HandRevision.Action.CREATE, actor, after=hooks.snapshot(hand, side_rows),
                    reason=reason)
    log_change(night, game, actor, reason, hooks.entered % {"n": number})
    return hand


def locked_entries(hand: Hand):
    """Lock ``hand``'s game row and read all its entries: ``(game, hooks, entries, the entry)``."""
    game = Game.objects.select_for_update().get(pk=hand.game_id)
    hooks = hooks_of(game)
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    target = next((h for h in hands if h.pk == hand.pk), None)
    if target is None:
        raise ValidationError(hooks.gone)
    return game, hooks, hands, target


@transaction.atomic
def entry_update(*, hand: Hand, by, inputs, expected_version: int | None = None, reason: str = "") -> Hand:
    """Correct an entry: its new inputs (the kind's input dataclass) replace the stored ones, then every
    later number and the result are re-derived (the game may end, end elsewhere, or reopen)."""
    actor = Actor.of(by)
    game, hooks, hands, target = locked_entries(hand)
    inputs = input_data(hooks, inputs)
    if expected_version is not None and expected_version != target.version:
        raise ValidationError(hooks.changed % {"number": target.number})
    night = check_write(game, actor, reason)
    before = hooks.snapshot(target, list(target.side_rows.all()))
    data = hooks.clean(target, inputs)
    status, side = entry_status(game, actor, hooks)
    inputs_by_pk = {h.pk: hooks.stored(h) for h in hands}
    inputs_by_pk[target.pk] = data
    hooks.apply(target, data)
    target.status, target.entered_side, target.disputed_values = status, side, None
    if status == HandStatus.CONFIRMED and actor.user is not None:  # an organizer's edit settles the entry
        target.confirmed_by, target.confirmed_at = actor.user, timezone.now()
    target.version += 1
    target.edited_by, target.edited_at = actor.user, timezone.now()
    target.save()  # before re-deriving: the results wait for every entry to be confirmed
    rederive(game, hands, inputs_by_pk, target.pk, hooks)
    record_revision(game, target, target.number, HandRevision.Action.UPDATE, actor, before=before,
                    after=hooks.snapshot(target), reason=reason)
    log_change(night, game, actor, reason, hooks.edited % {"n": target.number})
    return target


@transaction.atomic
def entry_delete(*, hand: Hand, by, reason: str = "") -> None:
    """Delete an entry, renumber the later ones and re-derive every number and
    the result. The audit trail keeps the deleted entry's values."""
    actor = Actor.of(by)
    game, hooks, hands, target = locked_entries(hand)
    night = check_write(game, actor, reason)
    rest = [h for h in hands if h.pk != target.pk]
    inputs = {h.pk: hooks.stored(h) for h in rest}
    # the entry goes first: the result rows re-derived below are tallied from the game's stored entries
    delete_with_trace(game, target, actor, night, reason, hooks.deleted % {"n": target.number})
    for h in rest:  # renumbered as delete_with_trace renumbered the stored ones
        if h.number > target.number:
            h.number -= 1
    rederive(game, rest, inputs, None, hooks)
