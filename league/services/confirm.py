"""Locking a night and reopening it. (The other side's check of an entry, league
option "confirmation", is :mod:`league.services.entries`.)"""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Hand, HandStatus, Night

from .trust import Actor


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
