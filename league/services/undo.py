"""One-tap undo of the last entry on the pad.

The phone that entered the game's latest entry (a hand, deal or round) may
take it back from the table link while no later entry exists and the other
side has neither confirmed it nor entered its own numbers for it; an
organizer may always undo the last entry (on a locked night with a reason).
An undo is a deletion through the kind's entry workflow: the audit trail
keeps the entry with the revision "delete" and the reason "undo".
"""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import Game, Hand, HandStatus

from .trust import Actor, entered_by_device

UNDO_REASON = "undo"


def may_undo(hand: Hand, actor: Actor | None, *, hand_count: int) -> bool:
    """May ``actor`` undo ``hand`` now? (the game has ``hand_count`` entries)"""
    if actor is None or hand.number != hand_count:
        return False
    if not actor.link:
        return actor.user is not None
    return hand.confirmed_at is None and hand.status != HandStatus.DISPUTED and entered_by_device(hand, actor)


@transaction.atomic
def entry_undo(*, hand: Hand, by, reason: str = "") -> None:
    """Undo ``hand``, the game's last entry (refused unless :func:`may_undo`)."""
    actor = Actor.of(by)
    game = Game.objects.select_for_update().get(pk=hand.game_id)
    hand = Hand.objects.get(pk=hand.pk)
    if not may_undo(hand, actor, hand_count=game.hand_count):
        raise ValidationError(_("Only the phone that entered the last entry can undo it, before anything "
                                "follows it and before the other side confirms it."))
    hand.game = game
    game.kind.delete_entry(hand=hand, by=actor, reason=reason or UNDO_REASON)
