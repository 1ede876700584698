"""A league's settings and roles, changed by the club's organizers on the
league's settings page; every change is a line of the league's change log
(:class:`league.models.ChangeLog` without a night), public with its results.

- Roles: a member of the club is made director or scorer of one league
  (``league.access`` says what each may do), given another role, or none.
- Settings: the league's name, rules, format, public or members-only, the
  other side's confirmation, what a bye scores and what odd players do; each
  field changed is logged "Confirmation: off → on". The format stays once a
  night has been played (its seasons' teams and results are of that format).
"""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import ChangeLog, League, LeagueFormat, LeagueRole, Membership, Night


def log_league_change(*, league: League, by, summary: str, reason: str = "") -> ChangeLog:
    """One line of the league's change log for a change of its settings or roles."""
    return ChangeLog.objects.create(league=league, night=None, by=by if getattr(by, "is_authenticated", False) else None,
                                    reason=reason, summary=summary)


@transaction.atomic
def league_role_set(*, league: League, user_id: int, role: str, by) -> LeagueRole:
    """Make a member of the league's club its director or scorer (or change which)."""
    membership = Membership.objects.select_related("user").filter(club_id=league.club_id, user_id=user_id).first()
    errors = {}
    if membership is None:
        errors["user"] = [_("That person is not a member of this club.")]
    if role not in LeagueRole.Role.values:
        errors["role"] = [_("Choose director or scorer.")]
    if errors:
        raise ValidationError(errors)
    user = membership.user
    existing = LeagueRole.objects.select_for_update().filter(league=league, user=user).first()
    label = LeagueRole.Role(role).label
    if existing is None:
        existing = LeagueRole.objects.create(league=league, user=user, role=role)
        summary = _("%(user)s is now %(role)s.") % {"user": user.get_username(), "role": label}
    elif existing.role != role:
        before = LeagueRole.Role(existing.role).label
        existing.role = role
        existing.save(update_fields=["role"])
        summary = _("%(user)s: %(before)s → %(after)s.") % {"user": user.get_username(), "before": before,
                                                             "after": label}
    else:
        return existing  # nothing changed: nothing logged
    log_league_change(league=league, by=by, summary=summary)
    return existing


@transaction.atomic
def league_role_remove(*, league: League, role_id: int, by) -> None:
    """Take a director's or scorer's role in the league away."""
    role = LeagueRole.objects.select_for_update().select_related("user").filter(league=league, pk=role_id).first()
    if role is None:
        raise ValidationError({"role": [_("That role is not in this league.")]})
    summary = _("%(user)s is no longer %(role)s.") % {"user": role.user.get_username(), "role": role.get_role_display()}
    role.delete()
    log_league_change(league=league, by=by, summary=summary)
