"""The other side's check of an entry (league option "confirmation"), for
every game: a Pinochle hand, a cribbage deal, a rummy round.

A table link's entry waits (status ENTERED) until the other side confirms it
or enters the same entry itself; different numbers flag it DISPUTED for an
organizer. The steps are the same for every game; what differs is described
by an :class:`EntryKind` (the wording, the side question, the audit
snapshot) and, for a counter-entry, by the game's own comparison.
"""
from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import Game, Hand, HandRevision, HandStatus

from .results import results_sync
from .trust import Actor, check_write, entered_by_device, log_change, record_revision


@dataclass(frozen=True)
class EntryKind:
    """What a game's confirmation says and stores.

    ``already_confirmed`` and ``disputed`` are messages with ``%(n)d``, the
    entry's number; ``entering_side_refused(game)`` is the message to the side
    that entered the entry; ``ask_side(game)`` the question a phone answers
    before it may confirm; ``sides(game)`` how many sides the game has;
    ``snapshot(hand)`` the entry as plain data for the audit trail;
    ``dispute_syncs_results``: a dispute also runs ``results_sync`` (cribbage
    and rummy do, Pinochle hands never did: the result rows stay absent either
    way while an entry is unconfirmed; it renews the season's results version)."""

    already_confirmed: str
    disputed: str
    entering_side_refused: Callable[[Game], str]
    ask_side: Callable[[Game], str]
    snapshot: Callable[[Hand], dict]
    sides: Callable[[Game], int] = lambda game: 2
    dispute_syncs_results: bool = False


def pending_entry(hand: Hand, actor: Actor, kind: EntryKind, reason: str = "") -> Hand:
    """Lock the game and the entry waiting for the other side, refusing what
    may not confirm it: a confirmed entry, a table link that has not said its
    side, the side that entered it. The entry's ``game`` is the locked game."""
    game = Game.objects.select_for_update().get(pk=hand.game.pk)
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


@transaction.atomic
def confirm_entry(*, hand: Hand, by=None, kind: EntryKind, reason: str = "") -> Hand:
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
def counter_entry(*, hand: Hand, by=None, kind: EntryKind, theirs: Callable[[Hand], dict | None]) -> Hand:
    """The other side enters the same entry itself. ``theirs(hand)`` cleans
    their inputs against the locked entry and returns them as they are stored
    in ``disputed_values`` when they differ, or None when they are the same.

    The same numbers confirm the entry (as :func:`confirm_entry`, in a
    savepoint); different numbers flag it DISPUTED for the organizer, the
    entered version staying in place."""
    actor = Actor.of(by)
    hand = pending_entry(hand, actor, kind)
    disputed_values = theirs(hand)
    if disputed_values is None:
        return confirm_entry(hand=hand, by=actor, kind=kind)
    before = kind.snapshot(hand)
    hand.status, hand.disputed_values = HandStatus.DISPUTED, disputed_values
    hand.save(update_fields=["status", "disputed_values"])
    record_revision(hand.game, hand, hand.number, HandRevision.Action.DISPUTE, actor, before=before,
                    after=hand.disputed_values)
    if kind.dispute_syncs_results:
        results_sync(hand.game)
    return hand
