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


SETTINGS = ("name", "rule_profile", "format", "is_public", "confirmation", "bye_scoring", "odd_players")
"""The league's settings its settings page changes (its address, the slug, stays)."""


def _shown(league: League, name: str) -> str:
    value = getattr(league, name)
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if name == "rule_profile":
        return value.name
    display = getattr(league, f"get_{name}_display", None)
    return str(display()) if display else str(value)


@transaction.atomic
def league_update(*, league: League, by, **values) -> list[str]:
    """Change the league's settings (any of :data:`SETTINGS`), checked as a
    new league's are; the format, and the game its rules are of, stay once a
    night has been played. Each field changed is a line of the change log;
    returns the lines."""
    league = League.objects.select_for_update().select_related("rule_profile").get(pk=league.pk)
    unknown = set(values) - set(SETTINGS)
    if unknown:
        raise TypeError(f"not a league setting: {sorted(unknown)}")
    merged = {name: values.get(name, getattr(league, name)) for name in SETTINGS}
    errors = {}
    profile = merged["rule_profile"]
    if profile.club_id != league.club_id:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    else:
        kind = profile.kind
        errors.update(kind.league_errors(format=merged["format"], rule_profile=profile))
        if merged["odd_players"] == League.OddPlayers.THREE_HANDED and (
                not kind.seats_odd_players_three_handed or merged["format"] != LeagueFormat.PROGRESSIVE):
            errors["odd_players"] = [_("A three-handed table for the odd players is for progressive partnership "
                                       "Pinochle leagues; choose sit-outs.")]
        played = Night.objects.filter(season__league=league).exists()
        if played and merged["format"] != league.format:
            errors["format"] = [_("The format stays once the league has a night: start a new league for another.")]
        if played and profile.game_type != league.rule_profile.game_type:
            errors["rule_profile"] = [_("The league plays %(game)s: once it has a night, its rules stay of that "
                                        "game.") % {"game": league.rule_profile.get_game_type_display()}]
    if not (merged["name"] or "").strip():
        errors["name"] = [_("Give the league a name.")]
    if errors:
        raise ValidationError(errors)
    lines = []
    for name in SETTINGS:
        new = merged[name].strip() if name == "name" else merged[name]
        if new == getattr(league, name):
            continue
        before = _shown(league, name)
        setattr(league, name, new)
        lines.append(_("%(setting)s: %(before)s → %(after)s.") % {
            "setting": str(League._meta.get_field(name).verbose_name).capitalize(), "before": before,
            "after": _shown(league, name)})
    if lines:
        league.full_clean()
        league.save(update_fields=list(SETTINGS))
        for line in lines:
            log_league_change(league=league, by=by, summary=line)
    return lines


SEASON_SETTINGS = ("name", "starts_on", "ends_on", "precedence", "seed_by_rating", "handicap_per_point",
                   "handicap_cap")
"""A season's settings its settings page changes."""


def _season_shown(season, name: str) -> str:
    from league.i18n import render
    from scoring.standings import parse_precedence

    value = getattr(season, name)
    if name == "precedence":
        return ", ".join(render(c.label) for c in parse_precedence(value))
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return str(value)


@transaction.atomic
def season_update(*, season, by, **values) -> list[str]:
    """Change a season's settings (any of :data:`SEASON_SETTINGS`), checked as
    a new season's are; each field changed is a line of the league's change
    log, and the season's standings are ranked afresh (a new results version)."""
    from league.models import Season
    from league.models.season import STALE, new_results_version
    from league.services.nights import _precedence

    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    unknown = set(values) - set(SEASON_SETTINGS)
    if unknown:
        raise TypeError(f"not a season setting: {sorted(unknown)}")
    merged = {name: values.get(name, getattr(season, name)) for name in SEASON_SETTINGS}
    if merged["ends_on"] < merged["starts_on"]:
        raise ValidationError({"ends_on": [_("A season ends on or after the day it starts.")]})
    merged["precedence"] = _precedence(merged["precedence"])
    lines = []
    for name in SEASON_SETTINGS:
        new = merged[name].strip() if name == "name" else merged[name]
        if new == getattr(season, name):
            continue
        before = _season_shown(season, name)
        setattr(season, name, new)
        lines.append(_("%(season)s · %(setting)s: %(before)s → %(after)s.") % {
            "season": season.name, "setting": str(Season._meta.get_field(name).verbose_name).capitalize(),
            "before": before, "after": _season_shown(season, name)})
    if lines:
        if not season.results_version.startswith(STALE):  # a stale version stays: its figures are derived first
            season.results_version = new_results_version()  # ranked again: the precedence or handicap may differ
        season.full_clean()
        season.save(update_fields=[*SEASON_SETTINGS, "results_version"])
        for line in lines:
            log_league_change(league=season.league, by=by, summary=line)
    return lines
