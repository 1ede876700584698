"""The other side's check of an entry (league option "confirmation"), for
every game: a Pinochle hand, a cribbage deal, a rummy round.

A table link's entry waits (status ENTERED) until the other side confirms it
or enters the same entry itself; different numbers flag it DISPUTED for an
organizer. The steps are the same for every game; what differs is in the
kind's :class:`~league.services.workflow.EntryHooks` (the wording, the side
question, the audit snapshot and, for a counter-entry, the comparison).
"""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Game, Hand, HandRevision, HandStatus

from .results import results_sync
from .trust import Actor, check_write, entered_by_device, log_change, record_revision
from .workflow import EntryHooks, hooks_of, input_data


def pending_entry(hand: Hand, actor: Actor, kind: EntryHooks, reason: str = "") -> Hand:
    """Lock the game and the entry waiting for the other side, refusing what
    may not confirm it: a confirmed entry, a table link that has not said its
    side, the side that entered it. The entry's ``game`` is the locked game."""
    game = Game.objects.select_for_update().get(pk=hand.game_id)
    night = check_write(game, actor, reason)
    hand = Hand.objects.select_for_update().get(pk=hand.pk)
    hand.locked_night = night
    hand.game = game
    if hand.status == HandStatus.CONFIRMED:
        raise ValidationError(kind.already_confirmed % {"n": hand.number})
    if actor.link and actor.side not in range(kind.sides(game)):
        raise ValidationError({"side": [kind.ask_side(game)]})
    if actor.link and (actor.side == hand.entered_side or entered_by_device(hand, actor)):
        raise ValidationError(kind.entering_side_refused(game))
    return hand


def entry_confirm(*, hand: Hand, by=None, reason: str = "") -> Hand:
    """The other side (or an organizer) agrees with the entry as entered (any kind)."""
    return _confirm(hand=hand, by=by, kind=hooks_of(hand.game), reason=reason)


@transaction.atomic
def _confirm(*, hand: Hand, by=None, kind: EntryHooks, reason: str = "") -> Hand:
    """The other side (or an organizer) agrees with the entry as entered.
    A disputed entry is settled by an organizer, not by the table link; on a
    locked night by an organizer with a reason (in the league's change log)."""
    actor = Actor.of(by)
    hand = pending_entry(hand, actor, kind, reason)
    if hand.status == HandStatus.DISPUTED and actor.link:
        raise ValidationError(kind.disputed % {"n": hand.number})
    before = kind.snapshot(hand)
    hand.status, hand.confirmed_by, hand.confirmed_at = HandStatus.CONFIRMED, actor.user, timezone.now()
    hand.disputed_values = None
    hand.save(update_fields=["status", "confirmed_by", "confirmed_at", "disputed_values"])
    record_revision(hand.game, hand, hand.number, HandRevision.Action.CONFIRM, actor, before=before,
                    after=kind.snapshot(hand), reason=reason)
    log_change(getattr(hand, "locked_night", None), hand.game, actor, reason,
               _("entry %(n)d confirmed") % {"n": hand.number})
    results_sync(hand.game)
    return hand


@transaction.atomic
def entry_counter(*, hand: Hand, by=None, inputs) -> Hand:
    """The other side enters the same entry itself (``inputs``: the kind's input
    dataclass). ``hooks.theirs(hand, data)`` cleans their inputs against the
    locked entry and returns them as they are stored in ``disputed_values`` when
    they differ, or None when they are the same.

    The same numbers confirm the entry (as :func:`entry_confirm`, in a
    savepoint); different numbers flag it DISPUTED for the organizer, the
    entered version staying in place."""
    kind = hooks_of(hand.game)
    data = input_data(kind, inputs)
    actor = Actor.of(by)
    hand = pending_entry(hand, actor, kind)
    disputed_values = kind.theirs(hand, data)
    if disputed_values is None:
        return _confirm(hand=hand, by=actor, kind=kind)
    before = kind.snapshot(hand)
    hand.status, hand.disputed_values = HandStatus.DISPUTED, disputed_values
    hand.save(update_fields=["status", "disputed_values"])
    record_revision(hand.game, hand, hand.number, HandRevision.Action.DISPUTE, actor, before=before,
                    after=hand.disputed_values)
    if kind.dispute_syncs_results:
        results_sync(hand.game)
    return hand
