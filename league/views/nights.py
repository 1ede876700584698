"""A club night: check-in, seating round by round, seat swaps, and the live board."""
import hashlib

from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _

from league import services
from league.access import require_league_read
from league.conditional import code_version
from league.forms import CheckInForm, SwapSeatsForm, attach_errors
from league.night_links import night_secrets
from league.permissions import can_manage_club, can_read_league
from league.public_url import public_url
from league.tables import url_pattern
from league.views.params import int_param
from league.selectors.nights import night_get, night_overview
from league.selectors.standings import standings


def _night(request, club_slug, league_slug, season_id, night_id):
    night = night_get(club_slug, league_slug, season_id, night_id)
    require_league_read(request, night.season.league)
    return night


def night_detail(request, club_slug, league_slug, season_id, night_id):
    night = night_get(club_slug, league_slug, season_id, night_id)
    manage = can_manage_club(request.user, night.season.league.club_id)
    if not manage and not can_read_league(request.user, night.season.league):  # an organizer reads every league
        raise PermissionDenied
    action = request.POST.get("action") if request.method == "POST" else None
    if action and not manage:
        raise PermissionDenied
    # a page read (no action): the overview's check-ins are the form's ticks (one query less)
    overview = None if action else night_overview(night)
    fixed = night.season.league.is_fixed
    present = None if overview is None else [c.team_id if fixed else c.player_id for c in overview.checkins]
    checkin_form = CheckInForm(request.POST if action == "checkin" else None, night=night,
                               present=present) if manage else None
    swap_form = SwapSeatsForm(request.POST if action == "swap" else None) if manage else None
    errors, confirm_seat = [], None
    if action:
        try:
            with transaction.atomic():  # a refused check-in, seating or lock writes nothing
                if action == "checkin" and checkin_form.is_valid():
                    d = checkin_form.cleaned_data
                    players = list(d.get("players") or [])
                    players += [services.player_get_or_create(club=night.season.league.club, name=n)
                                for n in checkin_form.walk_in_names()]
                    teams = list(d.get("teams") or [])
                    services.night_check_in(night=night, players=players, teams=teams)
                    fixed = night.season.league.is_fixed
                    present = checkin_form.fields["teams" if fixed else "players"].queryset
                    kept = {x.pk for x in (teams if fixed else players)}
                    absent = [x for x in present.filter(pk__in=checkin_form.initial.get("teams" if fixed else "players", []))
                              if x.pk not in kept]
                    services.night_check_out(night=night, **{"teams" if fixed else "players": absent})
                    return redirect(request.path)
                if action == "seat":
                    playing = services.round_unfinished_tables(night)
                    if playing and request.POST.get("confirm") != "yes":
                        # ask first, on the page: the last round is not played out
                        confirm_seat = {"number": night.round_set.count() + 1, "tables": playing,
                                        "hand_limit": request.POST.get("hand_limit", "")}
                    else:
                        services.round_seat(night=night, by=request.user, log_early=True,
                                            hand_limit=int_param(request.POST.get("hand_limit")))
                        return redirect(request.path)
                if action == "unseat":
                    services.round_unseat(night=night, by=request.user, reason=request.POST.get("reason", ""))
                    return redirect(request.path)
                if action == "lock":
                    services.night_lock(night=night, by=request.user)
                    return redirect(request.path)
                if action == "swap" and swap_form.is_valid():
                    d = swap_form.cleaned_data
                    rnd = night.round_set.order_by("-number").first()
                    if rnd is None:
                        raise ValidationError(_("No round is seated yet."))
                    services.round_swap_seats(round=rnd, first=(d["first_table"], d["first_seat"]),
                                              second=(d["second_table"], d["second_seat"]), by=request.user)
                    return redirect(request.path)
        except ValidationError as e:
            form = {"checkin": checkin_form, "swap": swap_form}.get(action)
            if form is not None and hasattr(e, "error_dict"):
                attach_errors(form, e)
            else:
                errors.extend(e.messages)
    if overview is None:
        overview = night_overview(night)
    last = overview.rounds[-1] if overview.rounds else None
    undo_round = (last.round.number if manage and last and night.status != night.Status.LOCKED
                  and not any(tv.game is not None and tv.game.hand_count for tv in last.tables) else None)
    bad = errors or any(f is not None and f.errors for f in (checkin_form, swap_form))
    links = []
    if manage and overview.checkins:  # each player's own link, one reverse and one signer for the list
        link = url_pattern("league:player_night", [])
        secrets = night_secrets(c.pk for c in overview.checkins)
        links = [(c, public_url(request, link(s))) for c, s in zip(overview.checkins, secrets)]
    return render(request, "league/night_detail.html", {
        "night": night, "season": night.season, "league": night.season.league, "o": overview,
        "standings": standings(night.season, night=night), "can_manage": manage,
        "checkin_form": checkin_form, "swap_form": swap_form, "errors": errors,
        "confirm_seat": confirm_seat, "undo_round": undo_round, "night_links": links,
    }, status=400 if bad else 200)


def night_board(request, club_slug, league_slug, season_id, night_id):
    """The hall's screen: tables, hands entered, running totals, standings; refreshes itself.

    Its htmx poll (every phone in the hall, every 10 s) is rendered once per
    change: the partial is kept in the cache under the night's state as
    ``league.conditional`` read it for this poll (check-ins, rounds, games,
    their revisions, the season's results version...), the standings' rows
    (their own cache), the night's creation time (two nights never share a
    key), the language and the code version: the first poll after a change
    renders, the others reuse it without the rounds' queries. As for the
    poll's 304, a player renamed shows in the round cards with the night's
    next change.
    """
    night = _night(request, club_slug, league_slug, season_id, night_id)
    ranked = standings(night.season)  # its own cache: one query, and the key below holds its rows
    state = getattr(request, "_poll_state", None) if request.htmx else None
    key = None
    if state is not None and state[0] == "night":
        key = "board:%s:%s" % (night.pk, hashlib.sha256(repr((
            code_version(), state, night.created_at, night.date, night.season.league.name, ranked.rows,
            translation.get_language(), request.path)).encode()).hexdigest())
        content = cache.get(key)
        if content is not None:
            return HttpResponse(content)
    context = {
        "night": night, "season": night.season, "league": night.season.league, "o": night_overview(night),
        "standings": ranked,
    }
    template = "league/_board.html" if request.htmx else "league/night_board.html"
    response = render(request, template, context)
    if key is not None:
        cache.set(key, response.content, BOARD_CACHE_SECONDS)
    return response


BOARD_CACHE_SECONDS = 3600
