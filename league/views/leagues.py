"""Leagues and seasons: lists, creation, the season's standings (exportable)."""
import hashlib
from functools import cached_property

from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import formats, timezone, translation
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import ngettext
import django_tables2 as tables
from django_tables2 import RequestConfig

from league import services
from league.conditional import polled, season_etag
from league.formatting import locale_format
from league.forms import LeagueForm, NightForm, SeasonForm, TeamForm, attach_errors
from league.views.calendar import private_link
from league.models import Club, League, Night
from league.access import can_direct_league, can_manage_club, can_read_league, require_league_read
from league.selectors.awards import season_award_lines
from league.selectors.nights import next_night_initial
from league.selectors.season_charts import season_race
from league.selectors.standings import season_get, standings
from league.tables import (
    EXTRA_COLUMNS, StandingsTable, best_n, best_n_label, criteria_labels, extra_columns, standings_rows, url_pattern,
)
from league.views.exports import standings_export, table_export_format
from league.views.club_locale import club_page


def _league(club_slug, league_slug, user):
    league = get_object_or_404(League.objects.select_related("club", "rule_profile"),
                               club__slug=club_slug, slug=league_slug)
    if not can_read_league(user, league):
        raise Http404  # as an unknown league (league.access.require_league_read)
    return league


@club_page
def club_leagues(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    manage = can_manage_club(request.user, club.pk)
    leagues = [lg for lg in club.leagues.select_related("rule_profile") if manage or can_read_league(request.user, lg)]
    form = LeagueForm(request.POST or None, club=club, initial={"is_public": club.leagues_public}) if manage else None
    if request.method == "POST":
        if not manage:
            raise PermissionDenied
        if form.is_valid():
            try:
                league = services.league_create(club=club, **form.cleaned_data)
            except ValidationError as e:
                attach_errors(form, e)
            else:
                return redirect("league:league", club_slug=club.slug, league_slug=league.slug)
    return render(request, "league/club_leagues.html", {"club": club, "leagues": leagues, "form": form},
                  status=400 if form is not None and form.errors else 200)


@club_page
def league_detail(request, club_slug, league_slug):
    league = _league(club_slug, league_slug, request.user)
    manage = can_manage_club(request.user, league.club_id)
    form = SeasonForm(request.POST or None, league=league) if manage else None
    if request.method == "POST":
        if not manage:
            raise PermissionDenied
        if form.is_valid():
            try:
                season = services.season_create(league=league, **form.cleaned_data)
            except ValidationError as e:
                attach_errors(form, e)
            else:
                return redirect("league:season", club_slug=club_slug, league_slug=league_slug, season_id=season.pk)
    calendar_link = None if league.is_public else private_link(request, league)
    return render(request, "league/league_detail.html", {
        "league": league, "seasons": list(league.seasons.all()), "form": form, "can_manage": manage,
        "calendar_link": calendar_link,
    }, status=400 if form is not None and form.errors else 200)


def _standings_table(request, result, season):
    league = season.league
    if result.fixed:
        url = url_pattern("league:team", [league.club.slug, league.slug, season.pk])
    else:
        player = url_pattern("league:player", [league.club.slug])
        url = lambda entrant: f"{player(entrant)}?season={season.pk}"  # noqa: E731

    extra, best = extra_columns(season), best_n(result)
    labels = dict(EXTRA_COLUMNS)
    if best:  # the sum that ranks, in its own column: "best 3 of 5 nights"
        extra, labels["best_n"] = [*extra, "best_n"], best_n_label(*best)
    table = StandingsTable(standings_rows(result.rows, url, extra, best=best),
                           extra_columns=[(k, tables.Column(verbose_name=labels[k])) for k in extra])
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return table


NIGHTS_SHOWN = 20
"""How many of the season's latest nights its page lists (``?nights=all``: every one)."""
NIGHT_FIELDS = ("pk", "date", "status", "rounds")
def _latest_nights(season) -> list:
    return list(Night.objects.filter(season_id=season).order_by("-date", "-id")
        .values_list(*NIGHT_FIELDS, named=True)[:NIGHTS_SHOWN + 1])
def _every_night(season) -> list:
    return list(Night.objects.filter(season_id=season).order_by("-date", "-id")
        .values_list(*NIGHT_FIELDS, named=True))


def _nights(season, every: bool) -> tuple[list, bool]:
    """``(nights, more)``: the season's latest :data:`NIGHTS_SHOWN` nights (or
    every one), latest first, as plain rows, and whether it has more."""
    if every:
        return _every_night(season.pk), False
    nights = _latest_nights(season.pk)
    return nights[:NIGHTS_SHOWN], len(nights) > NIGHTS_SHOWN


def _night_items(season, nights) -> str:
    """The season page's list of nights (link, date, status, rounds), written
    once in Python and kept in the cache under everything it shows (each
    night's id, date, status and rounds, the language and the link prefix):
    a result written changes none of it, and at 300 nights the list was a
    fifth of the page."""
    league = season.league
    key = "nights:%s:%s" % (season.pk, hashlib.sha256(repr((
        nights, league.club.slug, league.slug, translation.get_language(), get_script_prefix(),
        get_urlconf())).encode()).hexdigest())
    html = cache.get(key)
    if html is None:
        url = url_pattern("league:night", [league.club.slug, league.slug, season.pk])
        pattern = locale_format("WEEKDAY_DATE_FORMAT")
        statuses, rounds, items = {}, {}, []
        for n in nights:
            if n.status not in statuses:
                statuses[n.status] = str(Night.Status(n.status).label)
            if n.rounds not in rounds:
                rounds[n.rounds] = ngettext("%(r)s round", "%(r)s rounds", n.rounds) % {"r": n.rounds}
            items.append(format_html('<li><a href="{}"><span class="names">{}</span>\n    <span class="meta">{} · {}'
                                     '</span></a></li>', url(n.pk), formats.date_format(n.date, pattern),
                                     statuses[n.status], rounds[n.rounds]))
        html = mark_safe("\n  ".join(items))
        cache.set(key, html, AWARDS_CACHE_SECONDS)
    return html


def _award_lines(season, result) -> list:
    """The season's awards (read from the figures kept at write time, a few
    rows whatever the season's size), kept in the cache under the state of its
    results as the standings read it (``results_version``, a new token at
    every result written, by the services or, for rows gone by a cascade, a
    database trigger), the standings' names (a player
    renamed), the language and the link prefix."""
    key = "awards:%s:%s" % (season.pk, hashlib.sha256(repr((
        result.state, [(r.row.entrant, r.row.name) for r in result.rows], translation.get_language(),
        get_script_prefix(), get_urlconf())).encode()).hexdigest())
    lines = cache.get(key)
    if lines is None:
        lines = season_award_lines(season)
        cache.set(key, lines, AWARDS_CACHE_SECONDS)
    return lines


AWARDS_CACHE_SECONDS = 24 * 3600


class SeasonFragment:
    """What the season page's kept fragment draws (the standings table, the
    race chart, the awards: ``{% cache %}`` in ``season_detail.html`` under the
    standings' key), each computed only when the template asks, that is when
    the cache has not the fragment."""

    def __init__(self, request, season, result):
        self.request, self.season, self.result = request, season, result

    @cached_property
    def table(self):
        return _standings_table(self.request, self.result, self.season)

    @cached_property
    def race(self):
        return season_race(self.season, self.result.rows)

    @cached_property
    def awards(self):
        return _award_lines(self.season, self.result)


@polled(season_etag)
@club_page
def season_detail(request, club_slug, league_slug, season_id):
    season = season_get(club_slug, league_slug, season_id)
    manage = can_direct_league(request.user, season.league)  # organizers and the league's directors
    if not manage:  # an organizer reads every league
        require_league_read(request, season.league)
    result = standings(season)
    export = table_export_format(request)
    best = best_n(result)
    if export:
        extra = [(f"best {best[0]} of {best[1]} nights", lambda r: r.row.best_nights(best[0]))] if best else []
        return standings_export(result.rows, export, f"standings-{season.league.slug}-{season.pk}.{export}",
                                season.league.rule_profile.kind, request=request, extra=extra)
    night_form = team_form = None
    if manage:
        night_form = NightForm(request.POST if request.POST.get("form") == "night" else None,
                               initial=next_night_initial(season, timezone.localdate()))
        if season.league.is_fixed or request.method == "POST":  # the page shows it to fixed leagues only
            team_form = TeamForm(request.POST if request.POST.get("form") == "team" else None, club=season.league.club)
    if request.method == "POST":
        if not manage:
            raise PermissionDenied
        form = night_form if request.POST.get("form") == "night" else team_form
        if form.is_valid():
            try:
                if form is night_form:
                    night = services.night_create(season=season, **form.cleaned_data)
                    return redirect("league:night", club_slug, league_slug, season.pk, night.pk)
                services.team_create(season=season, **form.cleaned_data)
                return redirect("league:season", club_slug, league_slug, season.pk)
            except ValidationError as e:
                attach_errors(form, e)
    bad = any(f is not None and f.errors for f in (night_form, team_form))
    nights, more_nights = _nights(season, request.GET.get("nights") == "all")
    return render(request, "league/season_detail.html", {
        "season": season, "league": season.league, "standings": result,
        "fragment": SeasonFragment(request, season, result),
        "nights_html": _night_items(season, nights), "more_nights": more_nights, "teams": list(season.teams.select_related("player_a", "player_b")) if season.league.is_fixed else [],
        "night_form": night_form, "team_form": team_form, "can_manage": manage,
        "criteria_labels": criteria_labels(result), "best_n": best,
    }, status=400 if bad else 200)


@club_page
def league_changes(request, club_slug, league_slug):
    """The league's public log of changes made to locked nights, with reasons."""
    league = _league(club_slug, league_slug, request.user)
    changes = list(league.changes.select_related("night", "by", "game"))
    return render(request, "league/changes.html", {"league": league, "changes": changes})
