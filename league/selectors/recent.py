"""The home page's recent games as plain rows (three queries a list, no model
instances): its link, the sides' player names, the totals, club and date.

Read with ``values_list`` queries and one ``reverse`` per game kind; the
model instances, prefetches and per-game ``{% url %}`` were most of the page.
"""
from django.utils import timezone

from league.games import kind_for
from league.models import Game, GameSeat, GameSide
from league.tables import url_pattern

RECENT = 12  # games a list


def side_names(seats: list[tuple[int, str]]) -> list[str]:
    """N–S and E–W as "Ann & Cy" with four seats; one name a seat otherwise
    (``Game.side_player_names``)."""
    if len(seats) != 4:
        return [name for _seat, name in seats]
    return [" & ".join(n for s, n in seats if s % 2 == side) for side in (0, 1)]


def _games(status, **clubs):
    return Game.objects.filter(status=status, **clubs).order_by("-created_at", "-id").values_list(
        "id", "public_id", "game_type", "created_at", "club__name")[:RECENT]


def _latest(status) -> list:
    return list(_games(status))


def _latest_of_clubs(status, clubs) -> list:
    return list(_games(status, club_id__in=clubs))


def _seats(games) -> list:
    return list(GameSeat.objects.filter(game_id__in=games).order_by("seat")
        .values_list("game_id", "seat", "player__name"))


def _totals(games) -> list:
    return list(GameSide.objects.filter(game_id__in=games).order_by("side")
        .values_list("game_id", "total"))


def recent_games(*, status: str, club_ids=None) -> list[dict]:
    """The newest ``RECENT`` games of that status (of those clubs), as rows for
    ``_recent_games.html``: three queries (none for no clubs, one for no
    games), each compiled once per connection (an ORM query built and
    compiled per request cost as much as reading its rows)."""
    games = _latest(status) if club_ids is None else _latest_of_clubs(status, list(club_ids))
    ids = [g[0] for g in games]
    seats, totals, urls = {}, {}, {}
    for game_id, seat, name in _seats(ids):  # as the ORM, no query for an empty list
        seats.setdefault(game_id, []).append((seat, name))
    for game_id, total in _totals(ids):
        totals.setdefault(game_id, []).append(total)
    rows = []
    for game_id, public_id, game_type, created_at, club in games:
        if game_type not in urls:
            kind = kind_for(game_type)
            urls[game_type] = url_pattern(getattr(kind, "game_url", "league:game"), [])
        rows.append({
            "url": urls[game_type](public_id), "names": side_names(seats.get(game_id, [])),
            "totals": totals.get(game_id, []), "club": club,
            "date": timezone.localtime(created_at).date().isoformat(),
            "finished": status == Game.Status.FINISHED,
        })
    return rows
