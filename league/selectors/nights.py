"""A club night's overview: rounds, tables, seated players, running totals, hands entered."""
from dataclasses import dataclass, field

from django.db import connection
from django.http import Http404

from league.games import kind_for
from league.models import CheckIn, Game, GameSeat, GameSide, Hand, HandStatus, Night, Player, Round, Table, Team
from league.models.game import SIDE_LABELS
from league.selectors.recent import side_names
from league.tables import url_pattern


@dataclass
class TableView:
    table: "TableRow"
    game: "GameRow | None"
    sides: list = field(default_factory=list)  # [(label, names, total, won)]


@dataclass
class RoundView:
    round: "RoundRow"
    tables: list
    sitting_out: list


@dataclass
class NightOverview:
    night: Night
    rounds: list
    checkins: list
    hands_entered: int
    games_finished: int
    games: int
    waiting: int = 0


def night_get(club_slug, league_slug, season_id, night_id) -> Night:
    """The night with its season, league, club and rules (one query), or 404
    unless it is that club's league's season's: read by its id alone and the
    rest of the address compared on the row (filtering on the season, league
    and club slugs built three joins' lookups for the same answer)."""
    night = Night.objects.select_related("season__league__club", "season__league__rule_profile").filter(
        pk=night_id).first()
    if night is None or night.season_id != int(season_id) or night.season.league.slug != league_slug \
            or night.season.league.club.slug != club_slug:
        raise Http404
    return night


@dataclass
class RoundRow:
    """A round as the pages show it (``number``); not a model instance."""
    pk: int
    number: int


@dataclass
class TableRow:
    number: int


@dataclass
class GameRow:
    """A table's game as the round cards show it: its link, hands, whether finished."""
    pk: int
    public_id: str
    hand_count: int
    is_finished: bool
    url: str


@dataclass
class CheckInRow:
    """A check-in as the night page lists it: its id (the player's own link), who, and their name."""
    pk: int
    player_id: int | None
    team_id: int | None
    name: str


def _sql(text: str) -> str:
    """``text`` with ``{Model}`` replaced by that model's table."""
    return text.format(**{m.__name__: connection.ops.quote_name(m._meta.db_table)
                          for m in (CheckIn, Game, GameSeat, GameSide, Hand, Player, Round, Table, Team)})


IN_NIGHT = ("JOIN {Game} g ON g.id = x.game_id JOIN {Table} t ON t.id = g.table_id "
            "JOIN {Round} r ON r.id = t.round_id WHERE r.night_id = %s")
QUERIES = {name: _sql(text) for name, text in {
    "rounds": "SELECT id, number, sitting_out FROM {Round} WHERE night_id = %s ORDER BY number",
    "tables": "SELECT t.round_id, t.number, g.id, g.public_id, g.game_type, g.hand_count, g.status "
              "FROM {Table} t JOIN {Round} r ON r.id = t.round_id LEFT JOIN {Game} g ON g.table_id = t.id "
              "WHERE r.night_id = %s ORDER BY t.number",
    "seats": "SELECT x.game_id, x.seat, p.name FROM {GameSeat} x JOIN {Player} p ON p.id = x.player_id "
             + IN_NIGHT + " ORDER BY x.seat",
    "sides": "SELECT x.game_id, x.side, x.total, x.won FROM {GameSide} x " + IN_NIGHT,
    "checkins": "SELECT c.id, c.player_id, c.team_id, COALESCE(p.name, e.name) FROM {CheckIn} c "
                "LEFT JOIN {Player} p ON p.id = c.player_id LEFT JOIN {Team} e ON e.id = c.team_id "
                "WHERE c.night_id = %s ORDER BY c.id",
    "waiting": "SELECT COUNT(*) FROM {Hand} x " + IN_NIGHT + " AND x.status <> %s",
}.items()}


def _rows(name: str, *params) -> list:
    with connection.cursor() as cursor:
        cursor.execute(QUERIES[name], params)
        return cursor.fetchall()


def night_overview(night: Night) -> NightOverview:
    """Everything the night page and the live board show, in six queries.

    Plain rows of six SQL statements written once (``QUERIES``: no model
    instances, no prefetches, no query built per request) and one
    ``reverse`` per game kind: building the rounds' tables, games, seats and
    sides as model instances, and then compiling their six ORM queries, was
    most of the night page's and the board's work.
    """
    fixed = night.season.league.is_fixed
    sitting_out = Round._meta.get_field("sitting_out")
    rounds = [(pk, number, sitting_out.from_db_value(out, None, connection))
              for pk, number, out in _rows("rounds", night.pk)]
    tables = _rows("tables", night.pk)
    seats, sides = {}, {}
    for game_id, seat, name in _rows("seats", night.pk):
        seats.setdefault(game_id, []).append((seat, name))
    for game_id, side, total, won in _rows("sides", night.pk):
        sides.setdefault(game_id, []).append((side, total, bool(won)))
    checkins = [CheckInRow(*row) for row in _rows("checkins", night.pk)]
    names = {c.team_id if fixed else c.player_id: c.name for c in checkins}
    by_round, urls = {pk: [] for pk, _n, _o in rounds}, {}
    hands = finished = games = 0
    for round_id, number, game_id, public_id, game_type, hand_count, status in tables:
        game = None
        view = TableView(table=TableRow(number), game=None)
        if game_id is not None:
            kind = kind_for(game_type)
            if game_type not in urls:
                urls[game_type] = url_pattern(kind.game_url, [])
            game = view.game = GameRow(game_id, public_id, hand_count, status == Game.Status.FINISHED,
                                       urls[game_type](public_id))
            games += 1
            hands += hand_count
            finished += game.is_finished
            seat_names = side_names(seats.get(game_id, []))
            for side, total, won in sorted(sides.get(game_id, [])):
                label = SIDE_LABELS[side] if kind.has_partners else ""
                view.sides.append((label, seat_names[side], total, won))
        by_round[round_id].append(view)
    views = [RoundView(RoundRow(pk, number), by_round[pk], [names.get(e, "?") for e in out])
             for pk, number, out in rounds]
    (waiting,), = _rows("waiting", night.pk, HandStatus.CONFIRMED)
    return NightOverview(night, views, checkins, hands, finished, games, waiting)


def roster_names(night: Night) -> list:
    fixed = night.season.league.is_fixed
    if fixed:
        return list(Team.objects.filter(season=night.season).values_list("name", flat=True))
    return list(Player.objects.filter(club=night.season.league.club).values_list("name", flat=True))
