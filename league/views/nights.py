"""A club night: check-in, seating round by round, seat swaps, locking and
reopening (each organizer's action a view of its own), and the live board."""
import hashlib
from functools import cached_property, wraps

from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from django.conf import settings

from league import services
from league.conditional import night_etag, polled
from league.forms import CheckInForm, NightReopenForm, SwapSeatsForm, attach_errors
from league.night_links import night_secrets
from league.access import can_direct_league, require_league_read
from league.public_url import public_url
from league.tables import url_pattern
from league.views.params import int_param
from league.selectors.nights import night_get, night_overview
from league.selectors.standings import standings
from league.views.club_locale import club_page


def _night(request, club_slug, league_slug, season_id, night_id):
    night = night_get(club_slug, league_slug, season_id, night_id)
    require_league_read(request, night.season.league)
    return night


def _night_url(night) -> str:
    league = night.season.league
    return reverse("league:night", args=[league.club.slug, league.slug, night.season_id, night.pk])


def _managed(request, club_slug, league_slug, season_id, night_id):
    """The night, for its club's organizers only (a night action)."""
    night = night_get(club_slug, league_slug, season_id, night_id)
    if not can_direct_league(request.user, night.season.league):  # the club's organizers, the league's directors
        raise PermissionDenied
    return night


def _page(request, night, *, manage: bool, errors=(), status=200, overview=None, **shown):
    """The night page: its rounds, check-in, seating, links and standings; with what an
    action shows again (its form with the errors, a confirm step). 400 with an error."""
    if overview is None:
        overview = night_overview(night)
    fixed, locked = night.season.league.is_fixed, night.status == night.Status.LOCKED
    checkin_form = swap_form = reopen_form = None
    roster_key = None
    if manage and not locked:
        present = [c.team_id if fixed else c.player_id for c in overview.checkins]
        checkin_form = shown.pop("checkin_form", None)
        if checkin_form is None:
            checkin_form = CheckInForm(night=night, present=present)
            roster_key = _roster_key(checkin_form, present)
        swap_form = shown.pop("swap_form", None) or SwapSeatsForm()
    if manage and locked:
        reopen_form = shown.pop("reopen_form", None) or NightReopenForm()
    last = overview.rounds[-1] if overview.rounds else None
    undo_round = (last.round.number if manage and last and not locked
                  and not any(tv.game is not None and tv.game.hand_count for tv in last.tables) else None)
    errors = list(errors)
    bad = errors or any(f is not None and f.errors for f in (checkin_form, swap_form, reopen_form))
    links = NightLinks(request, overview.checkins) if manage and overview.checkins else None
    return render(request, "league/night_detail.html", {
        "night": night, "season": night.season, "league": night.season.league, "o": overview,
        "standings": standings(night.season, night=night), "can_manage": manage,
        "checkin_form": checkin_form, "swap_form": swap_form, "reopen_form": reopen_form, "errors": errors,
        "confirm_seat": None, "confirm_lock": None, "undo_round": undo_round, "night_links": links,
        "roster_key": roster_key, **shown,
    }, status=400 if bad else status)


class NightLinks:
    """Each checked-in player's own link (``rows``: one reverse and one signer for
    the list), drawn only when the page's kept list (``{% cache %}`` in
    ``night_detail.html``) is not under ``key``: the check-ins' ids and names
    and the site's public address, all the list is made of."""

    def __init__(self, request, checkins):
        self.request, self.checkins = request, checkins
        self.key = hashlib.sha256(repr((
            [(c.pk, c.name) for c in checkins], public_url(request, "/"))).encode()).hexdigest()

    @cached_property
    def rows(self) -> list:
        link = url_pattern("league:player_night", [])
        secrets = night_secrets(c.pk for c in self.checkins)
        return [(c, public_url(self.request, link(s))) for c, s in zip(self.checkins, secrets)]


def _roster_key(form, present) -> str:
    """The unbound check-in form's fields are kept rendered (``{% cache %}`` in
    ``night_detail.html``) under its roster and who is checked in: the roster is
    read once here (one query, as its render would) and handed to the widget."""
    field = form.fields["teams" if "teams" in form.fields else "players"]
    field.choices = list(iter(field.choices))  # iter: list() would ask the ModelChoiceIterator its len (a COUNT)
    return hashlib.sha256(repr((field.choices, sorted(present), list(form.fields))).encode()).hexdigest()


@polled(night_etag)
@club_page
def night_detail(request, club_slug, league_slug, season_id, night_id):
    """The night page. Each organizer's action posts to a view of its own
    (:data:`ACTIONS`); a post here naming one (``action=…``, as the page's forms
    did before) is answered by that view."""
    args = (club_slug, league_slug, season_id, night_id)
    if request.method == "POST":
        action = ACTIONS.get(request.POST.get("action"))
        if action is not None:
            return action(request, *args)
    night = night_get(*args)
    manage = can_direct_league(request.user, night.season.league)  # the club's organizers, the league's directors
    if not manage:  # an organizer reads every league
        require_league_read(request, night.season.league)
    if request.method == "POST" and not manage:
        raise PermissionDenied
    return _page(request, night, manage=manage)


def night_action(view):
    """One organizer's action on a night (check-in, seating, swap, lock...): POST
    only, in the club's language and time zone, for those who run the league's
    nights (``_managed``: 403 to anyone else); ``view(request, night)`` does the rest."""
    @require_POST
    @club_page
    @wraps(view)
    def action(request, club_slug, league_slug, season_id, night_id):
        return view(request, _managed(request, club_slug, league_slug, season_id, night_id))
    return action


@night_action
def night_checkin(request, night):
    """Tick who is here and add walk-ins; unticking someone not yet seated checks them out."""
    form = CheckInForm(request.POST, night=night)
    errors = []
    if form.is_valid():
        fixed = night.season.league.is_fixed
        field = "teams" if fixed else "players"
        try:
            with transaction.atomic():  # a refused check-in writes nothing
                players = list(form.cleaned_data.get("players") or [])
                players += [services.player_get_or_create(club=night.season.league.club, name=n)
                            for n in form.walk_in_names()]
                teams = list(form.cleaned_data.get("teams") or [])
                services.night_check_in(night=night, players=players, teams=teams)
                kept = {x.pk for x in (teams if fixed else players)}
                absent = [x for x in form.fields[field].queryset.filter(pk__in=form.initial.get(field, []))
                          if x.pk not in kept]
                services.night_check_out(night=night, **{field: absent})
        except ValidationError as e:
            errors = _attach(form, e)
        else:
            return redirect(_night_url(night))
    return _page(request, night, manage=True, errors=errors, checkin_form=form)


@night_action
def night_seat(request, night):
    """Seat the next round; asked first, on the page, while the last round still has tables playing."""
    try:
        with transaction.atomic():
            playing = services.round_unfinished_tables(night)
            if not playing or request.POST.get("confirm") == "yes":
                services.round_seat(night=night, by=request.user, log_early=True,
                                    hand_limit=int_param(request.POST.get("hand_limit")))
                return redirect(_night_url(night))
    except ValidationError as e:
        return _page(request, night, manage=True, errors=e.messages)
    confirm = {"number": night.round_set.count() + 1, "tables": playing, "hand_limit": request.POST.get("hand_limit", "")}
    return _page(request, night, manage=True, confirm_seat=confirm)


@night_action
def night_unseat(request, night):
    """Undo the latest round's seating (until one of its tables enters a hand), with a reason for the change log."""
    try:
        services.round_unseat(night=night, by=request.user, reason=request.POST.get("reason", ""))
    except ValidationError as e:
        return _page(request, night, manage=True, errors=e.messages)
    return redirect(_night_url(night))


@night_action
def night_swap(request, night):
    """Swap two seats of the latest round before it starts."""
    form = SwapSeatsForm(request.POST)
    errors = []
    if form.is_valid():
        d = form.cleaned_data
        try:
            rnd = night.round_set.order_by("-number").first()
            if rnd is None:
                raise ValidationError(_("No round is seated yet."))
            services.round_swap_seats(round=rnd, first=(d["first_table"], d["first_seat"]),
                                      second=(d["second_table"], d["second_seat"]), by=request.user)
        except ValidationError as e:
            errors = _attach(form, e)
        else:
            return redirect(_night_url(night))
    return _page(request, night, manage=True, errors=errors, swap_form=form)


@night_action
def night_lock(request, night):
    """Lock the night, after a confirm step on the page that names the tables
    still open (which keep it from locking) or asks to go ahead."""
    if request.POST.get("confirm") != "yes":
        refusal = services.night_lock_refusal(night)
        confirm = {"open_tables": services.night_open_tables(night), "refused": bool(refusal)}
        return _page(request, night, manage=True, errors=[refusal] if refusal else [], confirm_lock=confirm)
    try:
        services.night_lock(night=night, by=request.user)
    except ValidationError as e:
        return _page(request, night, manage=True, errors=e.messages)
    return redirect(_night_url(night))


@night_action
def night_reopen(request, night):
    """Reopen a locked night, with a reason written to the league's change log."""
    form = NightReopenForm(request.POST)
    errors = []
    if form.is_valid():
        try:
            services.night_reopen(night=night, by=request.user, reason=form.cleaned_data["reason"])
        except ValidationError as e:
            errors = _attach(form, e)
        else:
            return redirect(_night_url(night))
    return _page(request, night, manage=True, errors=errors, reopen_form=form)


def _attach(form, error: ValidationError) -> list:
    """A service's refusal on its form's fields (returns nothing), or as the page's errors."""
    if hasattr(error, "error_dict"):
        attach_errors(form, error)
        return []
    return error.messages


ACTIONS = {"checkin": night_checkin, "seat": night_seat, "unseat": night_unseat, "swap": night_swap,
           "lock": night_lock, "reopen": night_reopen}
"""The organizer's actions on a night, each its own view (and address)."""


@polled(night_etag)
@club_page
def night_board(request, club_slug, league_slug, season_id, night_id, kiosk=False):
    """The hall's screen: tables, hands entered, running totals, standings; refreshes itself.

    Its htmx poll (every phone in the hall, every 10 s) is rendered once per
    change: the partial is kept in the cache under the night's state as
    ``league.conditional`` read it for this poll's tag (check-ins, rounds, games,
    their revisions, the season's results version...), the standings' rows
    (their own cache), the night's creation time (two nights never share a
    key), the language and the release: the first poll after a change
    renders, the others reuse it without the rounds' queries. As for the
    poll's 304, a player renamed shows in the round cards with the night's
    next change.
    """
    night = _night(request, club_slug, league_slug, season_id, night_id)
    ranked = standings(night.season)  # its own cache: one query, and the key below holds its rows
    state = getattr(request, "poll_state", None) if request.htmx else None
    key = None
    if state is not None and state[0] == "night":
        key = "board:%s:%s" % (night.pk, hashlib.sha256(repr((
            settings.CLUBTALLY_RELEASE, state, night.created_at, night.date, night.season.league.name, ranked.rows,
            translation.get_language(), request.path)).encode()).hexdigest())
        content = cache.get(key)
        if content is not None:
            return HttpResponse(content)
    context = {
        "night": night, "season": night.season, "league": night.season.league, "o": night_overview(night),
        "standings": ranked,
    }
    if kiosk:
        template = "league/_kiosk_board.html" if request.htmx else "league/night_kiosk.html"
    else:
        template = "league/_board.html" if request.htmx else "league/night_board.html"
    response = render(request, template, context)
    if key is not None:
        cache.set(key, response.content, BOARD_CACHE_SECONDS)
    return response


BOARD_CACHE_SECONDS = 3600


@club_page
def night_screen(request, club_slug, league_slug, season_id, night_id):
    """The live board built for the hall's screen across the room (a kiosk):
    no site header, tonight's current round with scores two and a half times
    the names' size, the season's standings beside it, the whole screen's
    height; it refreshes itself and is cached as :func:`night_board` is."""
    return night_board(request, club_slug, league_slug, season_id, night_id, kiosk=True)
