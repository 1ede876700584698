"""Clubs run by their organizers: a club started by a signed-in user, its
settings, its members' roles, and invitations to join.

A club always keeps at least one organizer: demoting or removing the last
one is refused (the club's membership rows are locked while it is checked,
so two organizers cannot each remove the other). An invitation is a link
that works once, until it expires or an organizer revokes it.
"""
from __future__ import annotations

import datetime
import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from league.models import Club, Game, Invite, LeagueRole, Membership

INVITE_DAYS = (1, 3, 7, 14, 30)
"""How long an invitation may stay open, in days (the form's choices)."""


def _check(errors: dict) -> None:
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def club_create(*, name: str, by, language: str = "", time_zone: str = "UTC", leagues_public: bool = False) -> Club:
    """A new club named ``name``, with ``by`` its first organizer."""
    name = (name or "").strip()
    slug = slugify(name)[:50]
    errors = {}
    if not slug:
        errors["name"] = [_("Give the club a name with at least one letter or digit.")]
    elif Club.objects.filter(slug=slug).exists():
        errors["name"] = [_("A club called %(name)s exists already; choose another name.") % {"name": name}]
    _check(errors)
    club = Club(name=name, slug=slug, language=language, time_zone=time_zone, leagues_public=leagues_public)
    club.full_clean()
    club.save()
    Membership.objects.create(club=club, user=by, role=Membership.Role.ORGANIZER)
    return club


@transaction.atomic
def club_update(*, club: Club, name: str, language: str, time_zone: str, leagues_public: bool) -> Club:
    """The club's name, default language, time zone and whether its new leagues
    are public (its address, the slug, stays)."""
    club.name = (name or "").strip()
    club.language, club.time_zone, club.leagues_public = language, time_zone, leagues_public
    club.full_clean()
    club.save(update_fields=["name", "language", "time_zone", "leagues_public"])
    return club


def _locked_memberships(club: Club) -> list[Membership]:
    return list(Membership.objects.select_for_update().filter(club=club).order_by("pk"))


def _would_leave_no_organizer(rows: list[Membership], changed: Membership, role: str | None) -> bool:
    organizers = [m for m in rows if m.role == Membership.Role.ORGANIZER]
    return changed.role == Membership.Role.ORGANIZER and role != Membership.Role.ORGANIZER and len(organizers) <= 1


@transaction.atomic
def membership_set_role(*, club: Club, membership_id: int, role: str) -> Membership:
    """Give a member of the club another role; the last organizer keeps theirs."""
    rows = _locked_memberships(club)
    membership = next((m for m in rows if m.pk == membership_id), None)
    if membership is None:
        raise ValidationError({"membership": [_("That person is not a member of this club.")]})
    if role not in Membership.Role.values:
        raise ValidationError({"role": [_("Choose organizer or member.")]})
    if _would_leave_no_organizer(rows, membership, role):
        raise ValidationError({"role": [_("A club keeps at least one organizer: make someone else organizer first.")]})
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, club: Club, membership_id: int) -> None:
    """Remove someone from the club; the last organizer stays."""
    rows = _locked_memberships(club)
    membership = next((m for m in rows if m.pk == membership_id), None)
    if membership is None:
        raise ValidationError({"membership": [_("That person is not a member of this club.")]})
    if _would_leave_no_organizer(rows, membership, None):
        raise ValidationError({"membership": [
            _("A club keeps at least one organizer: make someone else organizer first.")]})
    LeagueRole.objects.filter(league__club=club, user_id=membership.user_id).delete()  # no role outside the club
    membership.delete()


@transaction.atomic
def invite_create(*, club: Club, role: str, by, days: int = 7, email: str = "") -> Invite:
    """An invitation to join ``club`` as ``role``, open for ``days`` days."""
    errors = {}
    if role not in Membership.Role.values:
        errors["role"] = [_("Choose organizer or member.")]
    if days not in INVITE_DAYS:
        errors["days"] = [_("Choose how many days the link stays open.")]
    _check(errors)
    invite = Invite(club=club, role=role, email=email or "", token=secrets.token_urlsafe(24), created_by=by,
                    expires_at=timezone.now() + datetime.timedelta(days=days))
    invite.full_clean()
    invite.save()
    return invite


@transaction.atomic
def invite_revoke(*, club: Club, invite_id: int) -> None:
    """Stop an open invitation of the club from working."""
    updated = Invite.objects.filter(club=club, pk=invite_id, used_at__isnull=True).update(revoked=True)
    if not updated:
        raise ValidationError({"invite": [_("That invitation is not open.")]})


def invite_problem(invite: Invite) -> str:
    """Why the invitation cannot be used any more, or ``""``."""
    if invite.revoked:
        return _("This invitation was withdrawn by the club's organizers.")
    if invite.used_at is not None:
        return _("This invitation has been used already. Ask the club's organizers for a new one.")
    if invite.expires_at <= timezone.now():
        return _("This invitation has expired. Ask the club's organizers for a new one.")
    return ""


@transaction.atomic
def invite_accept(*, token: str, user) -> Membership:
    """Join the invitation's club in its role, once. A member invited as
    organizer becomes one; an organizer invited as member stays organizer."""
    invite = Invite.objects.select_for_update().select_related("club").filter(token=token).first()
    if invite is None:
        raise ValidationError({"invite": [_("This invitation does not exist.")]})
    problem = invite_problem(invite)
    if problem:
        raise ValidationError({"invite": [problem]})
    membership, created = Membership.objects.select_for_update().get_or_create(
        club=invite.club, user=user, defaults={"role": invite.role})
    if not created and invite.role == Membership.Role.ORGANIZER and membership.role != invite.role:
        membership.role = invite.role
        membership.save(update_fields=["role"])
    invite.used_at, invite.used_by = timezone.now(), user
    invite.save(update_fields=["used_at", "used_by"])
    return membership


def club_is_empty(club: Club) -> bool:
    """No player, rule profile, league or game yet: a club a backup may be restored into."""
    return not (club.players.exists() or club.rule_profiles.exists() or club.leagues.exists()
                or Game.objects.filter(club=club).exists())


@transaction.atomic
def club_restore(*, club: Club, text: str, by) -> Club:
    """Restore a backup (``export_club``'s file, as the club's settings page
    downloads it) in place of ``club``, which must be empty: the empty club
    goes and the file's club comes back with its own name, address, members
    and everything it kept, checked as ``import_club`` checks it (a tampered
    file, another club's rows, numbers that do not score: refused, nothing
    saved, the empty club kept). Accounts are matched by username; new ones
    get no usable password (they choose one through the password reset).
    ``by`` stays an organizer of the restored club."""
    from league.backup import club_import

    if not club_is_empty(club):
        raise ValidationError({"file": [_("A backup is restored only into an empty club (no players, rule "
                                          "profiles, leagues or games).")]})
    Club.objects.filter(pk=club.pk).delete()  # its memberships and invitations with it
    # accounts matched by username (the club's own members, on this site): the file's
    # memberships in this club go to them, nothing else of theirs changes
    restored = club_import(text, passwords=False, existing_accounts=True)
    membership, created = Membership.objects.get_or_create(
        club=restored, user=by, defaults={"role": Membership.Role.ORGANIZER})
    if not created and membership.role != Membership.Role.ORGANIZER:
        membership.role = Membership.Role.ORGANIZER
        membership.save(update_fields=["role"])
    return restored
