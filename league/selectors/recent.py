"""The home page's recent games as plain rows (three queries a list, no model
instances): its link, the sides' player names, the totals, club and date.

Built from ``values()`` with one ``reverse`` per game kind; the model
instances, prefetches and per-game ``{% url %}`` were most of the page.
"""
from django.utils import timezone

from league.games import kind_for
from league.models import Game, GameSeat, GameSide
from league.tables import url_pattern


def side_names(seats: list[tuple[int, str]]) -> list[str]:
    """N–S and E–W as "Ann & Cy" with four seats; one name a seat otherwise
    (``Game.side_player_names``)."""
    if len(seats) != 4:
        return [name for _seat, name in seats]
    return [" & ".join(n for s, n in seats if s % 2 == side) for side in (0, 1)]


def recent_games(*, status: str, club_ids=None, limit: int = 12) -> list[dict]:
    qs = Game.objects.filter(status=status)
    if club_ids is not None:
        qs = qs.filter(club_id__in=club_ids)
    games = list(qs.order_by("-created_at", "-id").values(
        "id", "public_id", "game_type", "created_at", "club__name")[:limit])
    ids = [g["id"] for g in games]
    seats, totals, urls = {}, {}, {}
    for game_id, seat, name in GameSeat.objects.filter(game_id__in=ids).order_by("seat").values_list(
            "game_id", "seat", "player__name"):
        seats.setdefault(game_id, []).append((seat, name))
    for game_id, total in GameSide.objects.filter(game_id__in=ids).order_by("side").values_list("game_id", "total"):
        totals.setdefault(game_id, []).append(total)
    rows = []
    for g in games:
        if g["game_type"] not in urls:
            kind = kind_for(g["game_type"])
            urls[g["game_type"]] = url_pattern(getattr(kind, "game_url", "league:game"), [])
        rows.append({
            "url": urls[g["game_type"]](g["public_id"]), "names": side_names(seats.get(g["id"], [])),
            "totals": totals.get(g["id"], []), "club": g["club__name"],
            "date": timezone.localtime(g["created_at"]).date().isoformat(),
            "finished": status == Game.Status.FINISHED,
        })
    return rows
