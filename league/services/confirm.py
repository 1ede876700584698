"""The other side's check of a hand (league option "confirmation"), and locking a night."""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.models import GameType, Hand, HandRevision, HandStatus, Night

from .hand_inputs import clean_inputs, stored_inputs
from .hands import _locked, ask_side
from .results import results_sync
from .trust import Actor, check_write, record_revision, snapshot


def _pending(hand: Hand, actor: Actor) -> Hand:
    game = _locked(hand.game)
    check_write(game, actor)
    hand = Hand.objects.select_for_update().get(pk=hand.pk)
    hand.game = game
    if hand.status == HandStatus.CONFIRMED:
        raise ValidationError(_("Hand %(n)d is already confirmed.") % {"n": hand.number})
    if actor.link and actor.side not in range(game.sides.count()):
        raise ValidationError({"side": [ask_side(game)]})
    if actor.link and actor.side == hand.entered_side:
        raise ValidationError(_("Another player confirms a hand, not the one who entered it.")
                              if game.game_type == GameType.THREE_HANDED else
                              _("The other side confirms a hand, not the side that entered it."))
    return hand


@transaction.atomic
def hand_confirm(*, hand: Hand, by=None) -> Hand:
    """The other side (or an organizer) agrees with the hand as entered."""
    actor = Actor.of(by)
    hand = _pending(hand, actor)
    if hand.status == HandStatus.DISPUTED and actor.link:
        raise ValidationError(_("Hand %(n)d is disputed: an organizer decides.") % {"n": hand.number})
    before = snapshot(hand)
    hand.status, hand.confirmed_by, hand.confirmed_at = HandStatus.CONFIRMED, actor.user, timezone.now()
    hand.disputed_values = None
    hand.save(update_fields=["status", "confirmed_by", "confirmed_at", "disputed_values"])
    record_revision(hand.game, hand, hand.number, HandRevision.Action.CONFIRM, actor, before=before,
                    after=snapshot(hand))
    results_sync(hand.game)
    return hand


@transaction.atomic
def hand_counter(*, hand: Hand, by=None, **data) -> Hand:
    """The other side enters the same hand itself: equal numbers confirm it,
    different numbers flag it for the organizer with both versions."""
    actor = Actor.of(by)
    hand = _pending(hand, actor)
    theirs = clean_inputs(data, default_dealer=hand.dealer)
    ours = stored_inputs(hand)
    keys = ("kind", "bidder_seat", "bid", "trump", "meld", "tricks", "renege_side")
    if all(_same(ours[k], theirs[k]) for k in keys):
        return hand_confirm(hand=hand, by=actor)
    before = snapshot(hand)
    hand.status = HandStatus.DISPUTED
    hand.disputed_values = {k: list(v) if isinstance(v, tuple) else v for k, v in theirs.items()}
    hand.save(update_fields=["status", "disputed_values"])
    record_revision(hand.game, hand, hand.number, HandRevision.Action.DISPUTE, actor, before=before,
                    after=hand.disputed_values)
    return hand


def _same(a, b) -> bool:
    norm = (lambda v: tuple(v) if isinstance(v, (list, tuple)) else v)
    return norm(a) == norm(b)


@transaction.atomic
def night_lock(*, night: Night, by) -> Night:
    """Lock a finished night: from now on only an organizer changes it, with a reason."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.status == Night.Status.LOCKED:
        raise ValidationError(_("This night is already locked."))
    from league.models import Game

    unfinished = Game.objects.filter(table__round__night=night, status=Game.Status.IN_PROGRESS).count()
    waiting = Hand.objects.filter(game__table__round__night=night).exclude(status=HandStatus.CONFIRMED).count()
    if unfinished or waiting:
        raise ValidationError(_("%(games)d game(s) unfinished and %(hands)d hand(s) unconfirmed: "
                                "finish them before locking the night.") % {"games": unfinished, "hands": waiting})
    night.status, night.locked_at, night.locked_by = Night.Status.LOCKED, timezone.now(), Actor.of(by).user
    night.save(update_fields=["status", "locked_at", "locked_by"])
    return night
