"""``/n/<secret>/``: a player's own link for the night (league/night_links.py)."""
from django.http import Http404
from django.shortcuts import redirect, render

from league.night_links import checkin_of, current_table


def player_night(request, secret):
    checkin = checkin_of(secret)
    if checkin is None:
        raise Http404
    round_number, url = current_table(checkin)
    if url is not None:
        return redirect(url)
    return render(request, "league/night_link.html", {
        "who": checkin.player or checkin.team, "round_number": round_number, "night": checkin.night,
    })
