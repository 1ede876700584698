"""The other side's check of a hand (league option "confirmation"), and locking a night."""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.utils.translation import gettext_lazy

from league.games.inputs import PinochleHandInput
from league.models import Hand, HandStatus, Night

from .entries import EntryKind, confirm_entry, counter_entry
from .hand_inputs import clean_inputs, stored_inputs
from .hands import HAND_HOOKS, ask_side
from .trust import Actor, snapshot
from .workflow import input_data


def _entering_side_refused(game) -> str:
    if not game.kind.has_partners:
        return _("Another player confirms a hand, not the one who entered it.")
    return _("The other side confirms a hand, not the side that entered it.")


HANDS = EntryKind(
    already_confirmed=gettext_lazy("Hand %(n)d is already confirmed."),
    disputed=gettext_lazy("Hand %(n)d is disputed: an organizer decides."),
    entering_side_refused=_entering_side_refused,
    ask_side=ask_side,
    snapshot=snapshot,
    sides=lambda game: game.sides.count(),  # 2, or 3 at a three-handed table
)
COMPARED = ("kind", "bidder_seat", "bid", "trump", "meld", "tricks", "renege_side")


def hand_confirm(*, hand: Hand, by=None, reason: str = "") -> Hand:
    """The other side (or an organizer) agrees with the hand as entered.
    A disputed hand is settled by an organizer, not by the table link."""
    return confirm_entry(hand=hand, by=by, kind=HANDS, reason=reason)


def hand_counter(*, hand: Hand, by=None, inputs: PinochleHandInput | None = None, **fields) -> Hand:
    """The other side enters the same hand itself (``inputs`` or its fields as
    keywords): equal numbers confirm it, different numbers flag it for the
    organizer with both versions."""
    data = input_data(HAND_HOOKS, inputs or PinochleHandInput(**fields))
    return counter_entry(hand=hand, by=by, kind=HANDS, theirs=lambda locked: _their_hand(locked, data))


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
        games = ngettext("%(n)d game unfinished", "%(n)d games unfinished", unfinished) % {"n": unfinished}
        hands = ngettext("%(n)d hand unconfirmed", "%(n)d hands unconfirmed", waiting) % {"n": waiting}
        raise ValidationError(_("%(games)s and %(hands)s: finish them before locking the night.")
                              % {"games": games, "hands": hands})
    night.status, night.locked_at, night.locked_by = Night.Status.LOCKED, timezone.now(), Actor.of(by).user
    night.save(update_fields=["status", "locked_at", "locked_by"])
    return night


@transaction.atomic
def night_reopen(*, night: Night, by, reason: str) -> Night:
    """Reopen a locked night (an organizer, with a reason): the change is
    written to the league's public change log in the same transaction."""
    from .trust import log_change

    night = Night.objects.select_for_update().select_related("season__league").get(pk=night.pk)
    if night.status != Night.Status.LOCKED:
        raise ValidationError(_("This night is not locked."))
    if not (reason or "").strip():
        raise ValidationError({"reason": [_("Say why the locked night is reopened.")]})
    status = Night.Status.PLAYING if night.round_set.exists() else Night.Status.OPEN
    night.status, night.locked_at, night.locked_by = status, None, None
    night.save(update_fields=["status", "locked_at", "locked_by"])
    log_change(night, None, Actor.of(by), reason, _("night reopened"))
    return night
