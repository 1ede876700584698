"""The home page's recent games as plain rows (three queries a list, no model
instances): its link, the sides' player names, the totals, club and date.

Read with SQL written here and one ``reverse`` per game kind; the model
instances, prefetches and per-game ``{% url %}`` were most of the page, and
then building and compiling the ORM's queries half of what was left.
"""
from django.db import connection
from django.utils import timezone

from league.games import kind_for
from league.models import Club, Game, GameSeat, GameSide, Player
from league.tables import url_pattern


def side_names(seats: list[tuple[int, str]]) -> list[str]:
    """N–S and E–W as "Ann & Cy" with four seats; one name a seat otherwise
    (``Game.side_player_names``)."""
    if len(seats) != 4:
        return [name for _seat, name in seats]
    return [" & ".join(n for s, n in seats if s % 2 == side) for side in (0, 1)]


def _in(ids) -> str:
    return ", ".join(["%s"] * len(ids))


def _from_db(model, name: str):
    """A column's value as the ORM gives it (its backend's and field's converters: SQLite's
    text or naive datetimes become aware ones)."""
    field = model._meta.get_field(name)
    col = field.get_col(model._meta.db_table)
    converters = connection.ops.get_db_converters(col) + field.get_db_converters(connection)

    def convert(value):
        for converter in converters:
            value = converter(value, col, connection)
        return value
    return convert


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def recent_games(*, status: str, club_ids=None, limit: int = 12) -> list[dict]:
    """The newest ``limit`` games of that status (of those clubs), as rows for
    ``_recent_games.html``: three SQL statements written here (an ORM query
    built and compiled per request cost as much as reading its rows)."""
    where, params = "g.status = %s", [status]
    if club_ids is not None:
        club_ids = list(club_ids)
        if not club_ids:
            return []
        where += f" AND g.club_id IN ({_in(club_ids)})"
        params += club_ids
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT g.id, g.public_id, g.game_type, g.created_at, c.name FROM {_table(Game)} g "
                       f"JOIN {_table(Club)} c ON c.id = g.club_id WHERE {where} "
                       "ORDER BY g.created_at DESC, g.id DESC LIMIT %s", [*params, limit])
        games = cursor.fetchall()
        ids = [g[0] for g in games]
        seats, totals, urls = {}, {}, {}
        if ids:  # as the ORM, no query for an empty list
            cursor.execute(f"SELECT s.game_id, s.seat, p.name FROM {_table(GameSeat)} s "
                           f"JOIN {_table(Player)} p ON p.id = s.player_id WHERE s.game_id IN ({_in(ids)}) "
                           "ORDER BY s.seat", ids)
            for game_id, seat, name in cursor.fetchall():
                seats.setdefault(game_id, []).append((seat, name))
            cursor.execute(f"SELECT game_id, total FROM {_table(GameSide)} WHERE game_id IN ({_in(ids)}) "
                           "ORDER BY side", ids)
            for game_id, total in cursor.fetchall():
                totals.setdefault(game_id, []).append(total)
    created = _from_db(Game, "created_at")
    rows = []
    for game_id, public_id, game_type, created_at, club in games:
        if game_type not in urls:
            kind = kind_for(game_type)
            urls[game_type] = url_pattern(getattr(kind, "game_url", "league:game"), [])
        rows.append({
            "url": urls[game_type](public_id), "names": side_names(seats.get(game_id, [])),
            "totals": totals.get(game_id, []), "club": club,
            "date": timezone.localtime(created(created_at)).date().isoformat(),
            "finished": status == Game.Status.FINISHED,
        })
    return rows
