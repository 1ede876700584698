"""A league's settings page, for its club's organizers (others get a 404):
every setting of the league and its directors and scorers
(``league.services.league_settings``), each change in the league's change log."""
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from league.access import can_manage_club
from league.forms import attach_errors
from league.forms.league_settings import LeagueRoleForm, LeagueRoleRemoveForm, LeagueSettingsForm, SeasonSettingsForm
from league.models import League
from league.services import league_settings as services
from league.views.club_locale import club_page


def _managed_league(request, club_slug, league_slug) -> League:
    league = get_object_or_404(League.objects.select_related("club", "rule_profile"),
                               club__slug=club_slug, slug=league_slug)
    if not can_manage_club(request.user, league.club_id):
        raise Http404
    return league


def _page(request, league, *, role_form=None, settings_form=None, errors=(), status=200):
    roles = list(league.roles.select_related("user").order_by("role", "user__username"))
    return render(request, "league/league_settings.html", {
        "league": league, "club": league.club, "roles": roles,
        "settings_form": settings_form or LeagueSettingsForm(league=league),
        "role_form": role_form or LeagueRoleForm(club=league.club), "errors": errors,
        "seasons": list(league.seasons.order_by("-starts_on", "-pk")),
    }, status=status)


@club_page
def league_settings(request, club_slug, league_slug):
    """The league's settings page: its settings (POST saves them, each change
    logged), its directors and scorers."""
    league = _managed_league(request, club_slug, league_slug)
    if request.method == "POST":
        form = LeagueSettingsForm(request.POST, league=league)
        if form.is_valid():
            try:
                services.league_update(league=league, by=request.user, **form.cleaned_data)
            except ValidationError as e:
                attach_errors(form, e)
            else:
                return redirect("league:league_settings", club_slug=club_slug, league_slug=league_slug)
        return _page(request, league, settings_form=form, status=400)
    return _page(request, league)


@require_POST
@club_page
def league_role_set(request, club_slug, league_slug):
    league = _managed_league(request, club_slug, league_slug)
    form = LeagueRoleForm(request.POST, club=league.club)
    if form.is_valid():
        try:
            services.league_role_set(league=league, user_id=form.cleaned_data["user"],
                                     role=form.cleaned_data["role"], by=request.user)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:league_settings", club_slug=club_slug, league_slug=league_slug)
    return _page(request, league, role_form=form, status=400)


@require_POST
@club_page
def league_role_remove(request, club_slug, league_slug):
    league = _managed_league(request, club_slug, league_slug)
    form = LeagueRoleRemoveForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError({"role": list(form.errors.get("role", []))})
        services.league_role_remove(league=league, role_id=form.cleaned_data["role"], by=request.user)
    except ValidationError as e:
        return _page(request, league, errors=[m for v in e.message_dict.values() for m in v], status=400)
    return redirect("league:league_settings", club_slug=club_slug, league_slug=league_slug)


@club_page
def season_settings(request, club_slug, league_slug, season_id):
    """A season's settings: name, dates, ranking precedence, seeding and handicap
    (POST saves them, each change logged, the standings ranked afresh)."""
    league = _managed_league(request, club_slug, league_slug)
    season = get_object_or_404(league.seasons, pk=season_id)
    form = SeasonSettingsForm(request.POST or None, season=season)
    if request.method == "POST" and form.is_valid():
        try:
            services.season_update(season=season, by=request.user, **form.cleaned_data)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:season", club_slug, league_slug, season.pk)
    return render(request, "league/season_settings.html", {"league": league, "season": season, "form": form},
                  status=400 if form.errors else 200)
