"""Home page."""
from django.shortcuts import render

from league.models import Club, Game, League, Tournament
from league.permissions import member_club_ids, organizer_club_ids
from league.selectors.recent import recent_games


def home(request):
    """The user's clubs and their recent games (a game's link is private to its
    club: strangers see only the public leagues and events)."""
    user = request.user
    clubs = Club.objects.all() if user.is_superuser else Club.objects.filter(
        pk__in=organizer_club_ids(user)
    )
    seen = None if user.is_superuser else member_club_ids(user)
    return render(request, "league/home.html", {
        "clubs": list(clubs),
        "in_progress": recent_games(status=Game.Status.IN_PROGRESS, club_ids=seen) if seen != set() else [],
        "finished": recent_games(status=Game.Status.FINISHED, club_ids=seen) if seen != set() else [],
        "public_leagues": list(League.objects.filter(is_public=True).select_related("club")[:20]),
        "public_events": list(Tournament.objects.filter(is_public=True).select_related("club")[:20]),
    })


def rules_help(request):
    """The players' rules: how each game is scored, one section per game, in
    the reader's language (the template's catalog entries). The developers'
    version, with every source and option, is docs/rules.md."""
    return render(request, "league/rules_help.html")
