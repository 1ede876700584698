"""Player and team pages."""
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, render

from league.models import Team
from league.permissions import can_manage_club
from league.selectors.people import player_record, team_record
from league.selectors.standings import season_get
from league.selectors.ratings import player_ratings
from league.permissions import can_read_league


def player_detail(request, club_slug, player_id):
    season_id = request.GET.get("season")
    season_id = int(season_id) if season_id and season_id.isdigit() else None
    player, record = player_record(club_slug, player_id, season_id)
    leagues = player.club.leagues.all()
    if not (can_manage_club(request.user, player.club_id)
            or any(can_read_league(request.user, lg) for lg in leagues)):
        raise PermissionDenied
    readable = {lg.pk for lg in leagues if can_read_league(request.user, lg)}
    return render(request, "league/person.html", {"name": player.name, "club": player.club, "r": record,
                                                  "ratings": player_ratings(player, readable)})


def team_detail(request, club_slug, league_slug, season_id, team_id):
    season = season_get(club_slug, league_slug, season_id)
    if not can_read_league(request.user, season.league):
        raise PermissionDenied
    team = get_object_or_404(Team.objects.select_related("player_a", "player_b"), pk=team_id, season=season)
    return render(request, "league/person.html", {
        "name": team.name, "club": season.league.club, "r": team_record(team), "team": team, "season": season,
    })
