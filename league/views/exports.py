"""CSV exports of a club's games and hands (organizers), from the stored numbers."""
import csv

from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from league.models import Club, Game, HandSide
from league.permissions import can_manage_club


def _club(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    if not can_manage_club(request.user, club.pk):
        raise PermissionDenied
    return club


THREE_HANDED_SIDES = ("P1", "P2", "P3")
"""Three-handed games: each player is a side; seats are numbered 1..3."""


def _labels(game):
    """(seat letters, side labels) of a game: N E S W and N-S/E-W, or three numbered players."""
    if game.kind.seats == 3:
        return "123", THREE_HANDED_SIDES
    return "NESW", ("N-S", "E-W")


def _csv(name):
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def games_csv(request, club_slug):
    club = _club(request, club_slug)
    response = _csv(f"{club.slug}-games.csv")
    w = csv.writer(response)
    w.writerow(["game", "created", "status", "N", "E", "S", "W", "N-S total", "E-W total", "winner", "hands"])
    games = Game.objects.filter(club=club).prefetch_related("seats__player", "sides").order_by("pk")
    for g in games:
        seats = {s.seat: s.player.name for s in g.seats.all()}
        sides = {s.side: s.total for s in g.sides.all()}
        w.writerow([g.public_id, g.created_at.isoformat(), g.status, *(seats.get(i, "") for i in range(4)),
                    sides.get(0, ""), sides.get(1, ""),
                    "" if g.winner_side is None else _labels(g)[1][g.winner_side], g.hand_count])
    return response


def hands_csv(request, club_slug):
    club = _club(request, club_slug)
    response = _csv(f"{club.slug}-hands.csv")
    w = csv.writer(response)
    w.writerow(["game", "hand", "kind", "dealer", "bidder", "bid", "trump", "made", "status", "side",
                "meld", "tricks", "counted meld", "counted tricks", "score", "total"])
    rows = (HandSide.objects.filter(hand__game__club=club).select_related("hand__game")
            .order_by("hand__game_id", "hand__number", "side"))
    for r in rows.iterator(chunk_size=2000):
        h = r.hand
        seats, sides = _labels(h.game)
        w.writerow([h.game.public_id, h.number, h.kind, seats[h.dealer],
                    "" if h.bidder_seat is None else seats[h.bidder_seat], h.bid or "", h.trump,
                    "" if h.made is None else int(h.made), h.status, sides[r.side], r.meld,
                    "" if r.tricks is None else r.tricks, r.counted_meld, r.counted_tricks, r.delta, r.total])
    return response
