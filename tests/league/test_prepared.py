"""``league.prepared``: the board's query compiled once answers what the ORM answers."""
import threading

from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from league.models import GameSide
from league.selectors.boards import BY_PUBLIC_ID, BY_TOKEN, GAME_WITH

from .kind_cases import league_table


def _chain(side):
    """The side and every object read with it, in ``GAME_WITH``'s order (None where there is none)."""
    game = side.game
    night = game.table.round.night if game.table_id else None
    league = night.season.league if night else None
    return [side, game, game.club, game.rule_profile, game.table if game.table_id else None,
            game.table.round if game.table_id else None, night, night.season if night else None, league,
            league.club if league else None, league.rule_profile if league else None]


def _values(obj):
    if obj is None:
        return None
    return type(obj).__name__, [(f.attname, getattr(obj, f.attname)) for f in obj._meta.concrete_fields]


def _orm(**lookup):
    return list(GameSide.objects.select_related(*GAME_WITH).filter(**lookup).order_by("side"))


def test_a_league_games_board_query_reads_what_the_orm_reads_in_one_query(club, players, organizer):
    game = league_table("partnership", club=club, players=players, organizer=organizer)
    with CaptureQueriesContext(connection) as queries:
        by_id, by_token = BY_PUBLIC_ID(game.public_id), BY_TOKEN(game.access_token)
    assert len(queries) == 2
    expected = [[_values(o) for o in _chain(s)] for s in _orm(game__public_id=game.public_id)]
    assert len(expected) == 2 and expected[0][6][0] == "Night" and expected[0][10][0] == "RuleProfile"
    assert [[_values(o) for o in _chain(s)] for s in by_id] == expected
    assert [[_values(o) for o in _chain(s)] for s in by_token] == expected


def test_a_casual_games_board_query_reads_no_table(game):
    sides = BY_PUBLIC_ID(game.public_id)
    assert [s.side for s in sides] == [0, 1] and sides[0].game.table_id is None
    assert [[_values(o) for o in _chain(s)] for s in sides] == [
        [_values(o) for o in _chain(s)] for s in _orm(game__public_id=game.public_id)]
    assert sides[0].game.rules == game.rules and sides[0].game.created_at == game.created_at  # JSON and dates converted


def test_an_unknown_id_reads_nothing(game):
    assert BY_PUBLIC_ID("no-such-game") == [] and BY_TOKEN(game.public_id) == []


def test_each_thread_compiles_for_its_own_connection(game):
    BY_PUBLIC_ID(game.public_id)
    mine = connections["default"].__dict__["_prepared_queries"][BY_PUBLIC_ID]
    seen = {}

    def other():
        try:
            seen["kept"] = connections["default"].__dict__.get("_prepared_queries", {}).get(BY_PUBLIC_ID)
        finally:
            connections.close_all()

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert mine is not None and seen["kept"] is None


def test_the_seats_with_the_games_state_read_what_the_orm_reads(game, organizer):
    from django.db.models.expressions import RawSQL

    from league import services
    from league.models import GameSeat
    from league.selectors.games import SEAT_STATE, SEATS_WITH_STATE

    from .conftest import played
    from league.games.inputs import PinochleHandInput

    for dealer in (0, 1):
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(
            dealer=dealer, **played(0, 300, (150, 60), (170, 80))))
    orm = GameSeat.objects.filter(game=game).select_related("player").order_by("seat").annotate(
        **{name: RawSQL(sql, [game.pk]) for name, sql in SEAT_STATE.items()})

    def seen(seats):
        return [(_values(s), _values(s.player), s.revisions, s.last_revision, s.last_dealer, s.waiting) for s in seats]

    assert seen(SEATS_WITH_STATE(game.pk)) == seen(orm)
    assert [(s.revisions, s.last_dealer, s.waiting) for s in SEATS_WITH_STATE(game.pk)] == [(3, 1, 0)] * 4
