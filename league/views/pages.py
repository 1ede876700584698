"""Home page."""
from django.shortcuts import render

from league.models import Club, Game, League
from league.permissions import organizer_club_ids
from league.selectors import game_list


def home(request):
    user = request.user
    clubs = Club.objects.all() if user.is_superuser else Club.objects.filter(
        pk__in=organizer_club_ids(user)
    )
    return render(request, "league/home.html", {
        "clubs": list(clubs),
        "in_progress": game_list(status=Game.Status.IN_PROGRESS, limit=12),
        "finished": game_list(status=Game.Status.FINISHED, limit=12),
        "public_leagues": list(League.objects.filter(is_public=True).select_related("club")[:20]),
    })
