"""Locking a night and reopening it. (The other side's check of an entry, league
option "confirmation", is :mod:`league.services.entries`.)"""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Hand, HandStatus, Night

from .trust import Actor


def night_open_tables(night: Night) -> list[tuple[int, int]]:
    """``(round, table)`` numbers of the night's tables still open: a game
    unfinished or a hand not yet confirmed (what keeps the night from locking)."""
    from league.models import Game, Table

    open_games = Game.objects.filter(table__round__night=night).filter(
        Q(status=Game.Status.IN_PROGRESS) | Q(hands__status__in=[HandStatus.ENTERED, HandStatus.DISPUTED]))
    return list(Table.objects.filter(round__night=night, game__in=open_games).order_by("round__number", "number")
                .values_list("round__number", "number").distinct())


def night_lock_refusal(night: Night) -> str | None:
    """Why the night cannot be locked now (its unfinished games and unconfirmed hands), or None."""
    from league.models import Game

    unfinished = Game.objects.filter(table__round__night=night, status=Game.Status.IN_PROGRESS).count()
    waiting = Hand.objects.filter(game__table__round__night=night).exclude(status=HandStatus.CONFIRMED).count()
    if not (unfinished or waiting):
        return None
    games = ngettext("%(n)d game unfinished", "%(n)d games unfinished", unfinished) % {"n": unfinished}
    hands = ngettext("%(n)d hand unconfirmed", "%(n)d hands unconfirmed", waiting) % {"n": waiting}
    return _("%(games)s and %(hands)s: finish them before locking the night.") % {"games": games, "hands": hands}


@transaction.atomic
def night_lock(*, night: Night, by) -> Night:
    """Lock a finished night: from now on only an organizer changes it, with a reason."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.status == Night.Status.LOCKED:
        raise ValidationError(_("This night is already locked."))
    refusal = night_lock_refusal(night)
    if refusal:
        raise ValidationError(refusal)
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
