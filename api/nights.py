"""A night's writes through the API, for the club's organizers (signed in):
check players (or teams) in, and seat the next round — the same form and
services as the night page (``league.views.nights``)."""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from league import services
from league.access import can_manage_club, can_read_league
from league.forms import CheckInForm
from league.selectors.nights import night_get, night_overview
from league.views.params import int_param

from . import serializers as s
from .base import ApiView
from .entries import _payload
from .errors import NON_FIELD, field_errors, refusal


def managed_night(request, club_slug, league_slug, season_id, night_id):
    """The night, for its club's organizers: 404 to who may not read it, 403 to its other readers."""
    night = night_get(club_slug, league_slug, season_id, night_id)
    league = night.season.league
    if not can_manage_club(request.user, league.club_id):
        if not can_read_league(request.user, league):
            raise Http404
        raise PermissionDenied
    return night


def _refused(e: ValidationError):
    return refusal(field_errors(e.error_dict) if hasattr(e, "error_dict") else {NON_FIELD: e.messages})


def _night_answer(request, night, code=status.HTTP_200_OK):
    night.refresh_from_db(fields=["status"])
    return Response(s.night_detail(night, night_overview(night), request), status=code)


CHECKIN_BODY = {"application/json": {"type": "object", "properties": {
    "players": {"type": "array", "items": {"type": "integer"}, "description": "Player ids (progressive leagues)."},
    "teams": {"type": "array", "items": {"type": "integer"}, "description": "Team ids (fixed partnerships)."},
    "walk_ins": {"type": "string", "description": "New players' names, one per line."}}}}


class NightCheckIns(ApiView):
    """Check players (or a fixed-partnership league's teams) in, and walk-ins by name; repeats are ignored."""

    @extend_schema(request=CHECKIN_BODY, responses={200: s.NightDetailSerializer})
    def post(self, request, club_slug, league_slug, season_id, night_id):
        night = managed_night(request, club_slug, league_slug, season_id, night_id)
        data, refused = _payload(request)
        if refused:
            return refused
        if isinstance(data.get("walk_ins"), list):
            data = {**data, "walk_ins": "\n".join(str(n) for n in data["walk_ins"])}
        form = CheckInForm(data, night=night, present=[])
        if not form.is_valid():
            return refusal(field_errors(form.errors.as_data()), form=form)
        d = form.cleaned_data
        try:
            with transaction.atomic():  # a refused walk-in or check-in writes nothing
                players = list(d.get("players") or [])
                players += [services.player_get_or_create(club=night.season.league.club, name=n)
                            for n in form.walk_in_names()]
                services.night_check_in(night=night, players=players, teams=list(d.get("teams") or []))
        except ValidationError as e:
            return _refused(e)
        return _night_answer(request, night)


ROUND_BODY = {"application/json": {"type": "object", "properties": {
    "hand_limit": {"type": "integer", "description": "Hands per round (empty: play to the target)."},
    "confirm": {"type": "boolean", "description": "Seat it although the last round still has tables playing."}}}}


class NightRounds(ApiView):
    """Seat the night's next round. While the last round still has tables playing
    this is a 409 naming them, unless ``confirm`` is true (then noted in the change log)."""

    @extend_schema(request=ROUND_BODY, responses={201: s.NightDetailSerializer, 409: OpenApiTypes.OBJECT})
    def post(self, request, club_slug, league_slug, season_id, night_id):
        night = managed_night(request, club_slug, league_slug, season_id, night_id)
        data, refused = _payload(request)
        if refused:
            return refused
        raw_limit = data.get("hand_limit")
        hand_limit = int_param(str(raw_limit)) if raw_limit not in (None, "") else None
        if raw_limit not in (None, "") and hand_limit is None:
            return refusal({"hand_limit": [_("Give a whole number of hands, or nothing to play to the target.")]})
        confirm = data.get("confirm") in (True, "true", "yes", "1", 1)
        try:
            with transaction.atomic():
                playing = services.round_unfinished_tables(night)
                if playing and not confirm:
                    return Response({"state": "playing", "tables": playing, "detail": _(
                        "The last round still has tables playing: send confirm to seat the next one now.")},
                        status=status.HTTP_409_CONFLICT)
                services.round_seat(night=night, by=request.user, log_early=True, hand_limit=hand_limit)
        except ValidationError as e:
            return _refused(e)
        return _night_answer(request, night, status.HTTP_201_CREATED)
