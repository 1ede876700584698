"""Player and team pages: each shows only what its reader may read (see
:mod:`league.access`): a club's members see every league, others only the
public leagues, and a player with no result there is not found."""
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from league.access import can_read_league, readable_league_ids
from league.chart_data import player_form_chart
from league.games import kind_for
from league.models import Player, Result, Team
from league.selectors.people import player_page, team_record
from league.selectors.standings import season_get
from league.selectors.ratings import player_ratings
from league.views.params import int_param
from league.views.club_locale import club_page


def games_html(results) -> str:
    """The page's list of games (``r.results``, byes left out), written once in
    Python with one ``reverse`` per kind of game: through the template, a
    season's 900 games at 300 nights were a third of the player page."""
    urls, won, items = {}, None, []
    for g in results:
        if g["bye"]:
            continue
        kind, public_id = g["game__game_type"], escape(g["game__public_id"])
        if kind not in urls:
            head, tail = reverse(kind_for(kind).game_url, args=[g["game__public_id"]]).rsplit(
                g["game__public_id"], 1)
            urls[kind] = (escape(head), escape(tail))
        if g["won"] and won is None:
            won = " · " + escape(gettext("won"))
        head, tail = urls[kind]
        items.append(f'<li><a href="{head}{public_id}{tail}"><span class="names">{g["night__date"]:%Y-%m-%d}'
                     f'{won if g["won"] else ""}</span><span class="score">{int(g["points_for"])} : '
                     f'{int(g["points_against"])}</span></a></li>')
    return mark_safe("".join(items))


def _page(request) -> int:
    """The page of games asked for (``league.middleware`` answers 400 to a page outside 1–10000)."""
    return int_param(request.GET.get("page"), 1)


def _pager(request, record) -> dict:
    """The links to the newer and older pages of games, the rest of the query kept."""
    def link(page):
        query = request.GET.copy()
        query["page"] = page
        if page == 1:
            del query["page"]
        return f"?{query.urlencode()}#games"
    return {"newer": link(record.page - 1) if record.page > 1 else None,
            "older": link(record.page + 1) if record.more_games else None}


@club_page
def player_detail(request, club_slug, player_id):
    season_id = int_param(request.GET.get("season"))
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_id, club__slug=club_slug)
    league_ids = readable_league_ids(request.user, player.club)
    if league_ids is not None:
        teams = Team.objects.filter(Q(player_a=player) | Q(player_b=player)).values("pk")
        shown = Result.objects.filter(Q(player=player) | Q(team__in=teams), season__league_id__in=league_ids)
        if season_id is not None:
            shown = shown.filter(season_id=season_id)
        if not shown.exists():  # not listed to this reader: ids reveal no roster
            raise Http404
    page = player_page(player, season_id, league_ids=league_ids, page=_page(request))
    readable = set(player.club.leagues.values_list("pk", flat=True)) if league_ids is None else set(league_ids)
    record = page.record
    return render(request, "league/person.html", {
        "name": player.name, "club": player.club, "r": record, "page": page,
        "ratings": player_ratings(player, readable), "games_html": games_html(record.results),
        "pager": _pager(request, record),
        "form_chart": player_form_chart(player.name, record.per_night, record.earlier_nights)})


@club_page
def team_detail(request, club_slug, league_slug, season_id, team_id):
    season = season_get(club_slug, league_slug, season_id)
    if not can_read_league(request.user, season.league):
        raise Http404
    team = get_object_or_404(Team.objects.select_related("player_a", "player_b"), pk=team_id, season=season)
    record = team_record(team, page=_page(request))
    return render(request, "league/person.html", {
        "name": team.name, "club": season.league.club, "r": record, "team": team, "season": season,
        "games_html": games_html(record.results), "pager": _pager(request, record),
        "form_chart": player_form_chart(team.name, record.per_night, record.earlier_nights),
    })
