"""The API's reads: what a club publishes, with the pages' access policy.

Every object is decided by :mod:`league.access` as on the site: a members-only
league, its seasons, standings, nights, games and players are 404 to anyone
but the club's members and organizers; a casual game is read by its link; a
table link reads its game while its night is open. Lists show only what their
reader may read, and are paginated with cursors (:mod:`api.pagination`).
"""
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.mixins import ListModelMixin
from rest_framework.response import Response

from league.access import can_manage_club, can_read_league, readable_league_ids
from league.games.registry import rating_family_choices
from league.models import ChangeLog, Club, League, Night, Player, Result, Team
from league.selectors.club_ratings import club_ratings, rated_families
from league.selectors.nights import night_get, night_overview
from league.selectors.people import player_page
from league.selectors.ratings import player_ratings
from league.selectors.standings import season_get, standings
from league.views.games import access_link, access_public
from league.views.params import int_param

from . import serializers as s
from .base import ApiView


class ApiList(ListModelMixin, ApiView):
    """A list: its ``get_queryset`` holds only what the reader may read, paginated by cursor."""

    def get(self, request, *args, **kwargs):
        return self.list(request, *args, **kwargs)


class ClubList(ApiList):
    """Every club on the site."""

    serializer_class = s.ClubSerializer
    queryset = Club.objects.all()
    ordering = "slug"


class ClubDetail(ApiView):
    serializer_class = s.ClubSerializer

    def get(self, request, club_slug):
        club = get_object_or_404(Club, slug=club_slug)
        return Response(self.get_serializer(club).data)


class LeagueList(ApiList):
    """The club's leagues its reader may read (members-only ones for its members and organizers)."""

    serializer_class = s.LeagueSerializer
    ordering = "pk"

    def get_queryset(self):
        club = get_object_or_404(Club, slug=self.kwargs["club_slug"])
        leagues = League.objects.filter(club=club).select_related("club", "rule_profile")
        readable = readable_league_ids(self.request.user, club)
        return leagues if readable is None else leagues.filter(pk__in=readable)


def readable_league(request, club_slug, league_slug) -> League:
    league = get_object_or_404(League.objects.select_related("club", "rule_profile"),
                               club__slug=club_slug, slug=league_slug)
    if not can_read_league(request.user, league):
        raise Http404
    return league


def readable_season(request, club_slug, league_slug, season_id):
    season = season_get(club_slug, league_slug, season_id)
    if not can_read_league(request.user, season.league):
        raise Http404
    return season


class LeagueDetail(ApiView):
    serializer_class = s.LeagueSerializer

    def get(self, request, club_slug, league_slug):
        return Response(self.get_serializer(readable_league(request, club_slug, league_slug)).data)


class ChangeList(ApiList):
    """The league's public log of changes made to locked nights, with who, when and why; latest first."""

    serializer_class = s.ChangeSerializer
    ordering = "-at", "-pk"

    def get_queryset(self):
        league = readable_league(self.request, self.kwargs["club_slug"], self.kwargs["league_slug"])
        return ChangeLog.objects.filter(league=league).select_related("night", "by", "game")


class SeasonList(ApiList):
    """The league's seasons, latest first."""

    serializer_class = s.SeasonSerializer
    ordering = "-starts_on", "-pk"

    def get_queryset(self):
        league = readable_league(self.request, self.kwargs["club_slug"], self.kwargs["league_slug"])
        return league.seasons.select_related("league__club")


class SeasonDetail(ApiView):
    serializer_class = s.SeasonSerializer

    def get(self, request, club_slug, league_slug, season_id):
        return Response(self.get_serializer(readable_season(request, club_slug, league_slug, season_id)).data)


class StandingsView(ApiView):
    """The season's standings as the season page ranks them: its precedence,
    each row's rank ('=3' shared), its value for each precedence entry (best N
    nights among them) and the metric that split it from the row above."""

    serializer_class = s.StandingsSerializer
    pagination_class = None

    @extend_schema(parameters=[OpenApiParameter("night", int, description="One night of the season alone.")])
    def get(self, request, club_slug, league_slug, season_id):
        season = readable_season(request, club_slug, league_slug, season_id)
        night = None
        night_id = int_param(request.query_params.get("night"))
        if night_id is not None:
            night = get_object_or_404(Night, pk=night_id, season=season)
        result = standings(season, night=night)
        return Response({
            "season": season.pk, "night": night.pk if night else None, "precedence": s.criteria(result.criteria),
            "rows": [s.standing_row(r) for r in result.rows],
        })


class NightList(ApiList):
    """The season's nights, latest first."""

    serializer_class = s.NightSerializer
    ordering = "-date", "-pk"

    def get_queryset(self):
        k = self.kwargs
        self.season = readable_season(self.request, k["club_slug"], k["league_slug"], k["season_id"])
        return Night.objects.filter(season=self.season)

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        for night in page:
            night.season = self.season  # its links need the season's league and club: read once
        return page


class NightDetail(ApiView):
    """A night: its check-ins, and round by round its tables, their games and seating, and the running totals."""

    serializer_class = s.NightDetailSerializer

    def get(self, request, club_slug, league_slug, season_id, night_id):
        night = night_get(club_slug, league_slug, season_id, night_id)
        league = night.season.league
        if not can_manage_club(request.user, league.club_id) and not can_read_league(request.user, league):
            raise Http404
        return Response(s.night_detail(night, night_overview(night), request))


class GameDetail(ApiView):
    """A game by its public link, with every entry in its kind's own fields and the running totals."""

    serializer_class = s.GameSerializer

    def get(self, request, public_id):
        return Response(s.game_data(access_public(request, public_id).board, request))


class TableGame(ApiView):
    """A game by its table link (while its night is open; after the lock as its public link)."""

    serializer_class = s.GameSerializer

    def get(self, request, token):
        return Response(s.game_data(access_link(request, token).board, request))


class RatingsView(ApiView):
    """The club's ratings table of one family (``?family=``, the first rated by default), as the ratings
    page shows it: a rating counting a game of a league its reader may not read is left out."""

    serializer_class = s.RatingsSerializer
    pagination_class = None

    @extend_schema(parameters=[OpenApiParameter("family", str, enum=[f for f, _label in rating_family_choices()])])
    def get(self, request, club_slug):
        club = get_object_or_404(Club, slug=club_slug)
        families = rated_families(club)
        known = [f for f, _label in rating_family_choices()]
        family = request.query_params.get("family") or (families[0] if families else known[0])
        if family not in known:
            raise Http404
        rows = club_ratings(club, family, readable_league_ids(request.user, club))
        return Response(self.get_serializer({"family": family, "families": families, "rows": rows}).data)


def listed_players(user, club):
    """The club's players ``user`` may see: all of them for its members; for
    others those with a result in a public league (as the player pages)."""
    players = Player.objects.filter(club=club)
    readable = readable_league_ids(user, club)
    if readable is None:
        return players, None
    teams = Team.objects.filter(results__season__league_id__in=readable)
    return players.filter(
        Q(pk__in=Result.objects.filter(season__league_id__in=readable, player__isnull=False).values("player_id"))
        | Q(pk__in=teams.values("player_a_id")) | Q(pk__in=teams.values("player_b_id"))), readable


class PlayerList(ApiList):
    """The club's players: all of them for its members, for others those with a result in a public league."""

    serializer_class = s.PlayerSerializer
    ordering = "pk"

    def get_queryset(self):
        self.club = get_object_or_404(Club, slug=self.kwargs["club_slug"])
        return listed_players(self.request.user, self.club)[0]

    def get_serializer_context(self):
        return super().get_serializer_context() | {"club": getattr(self, "club", None)}


class PlayerDetail(ApiView):
    """A player's figures: all time, one season (``?season=``, the latest by
    default), the seasons played, and the ratings its reader may see."""

    serializer_class = s.PlayerDetailSerializer

    @extend_schema(parameters=[OpenApiParameter("season", int, description=(
        "The season shown; one the player did not play, or its reader may not read, shows none (null), "
        "as the player's page does."))])
    def get(self, request, club_slug, player_id):
        club = get_object_or_404(Club, slug=club_slug)
        players, readable = listed_players(request.user, club)
        player = get_object_or_404(players, pk=player_id)
        season_id = int_param(request.query_params.get("season"))
        page = player_page(player, season_id, league_ids=readable)
        if readable is None:
            readable = set(club.leagues.values_list("pk", flat=True))
        context = {"request": request, "club": club}
        return Response(s.PlayerSerializer(player, context=context).data | {
            "all_time": s.figures(page.all_time), "season_figures": s.figures(page.record),
            "season": None if page.season is None else {
                "id": page.season.pk, "name": page.season.name, "league": page.season.league},
            "seasons": [{"id": x.pk, "name": x.name, "league": x.league} for x in page.seasons],
            "ratings": [{"family": r["key"], "ordinal": r["now"].ordinal, "games": r["games"]}
                        for r in player_ratings(player, set(readable))],
        })
