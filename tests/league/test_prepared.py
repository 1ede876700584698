"""``league.prepared``: a query compiled once answers what the ORM answers (model
instances, ``values_list`` and ``values`` rows, several values, lists of any length)."""
import datetime
import threading

import pytest

from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from league.models import Game, GameSide, Round
from league.prepared import Prepared
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


def _sides_won(game):
    """The game's sides, N–S marked as having won with 520 (a boolean of each value)."""
    GameSide.objects.filter(game=game, side=0).update(won=True, total=520)
    return game


def test_values_list_rows_equal_the_orms_with_its_types_converted(game):
    _sides_won(game)
    rows = Prepared(lambda pk: GameSide.objects.filter(game_id=pk).values_list(
        "side", "won", "total", "game__created_at", "game__rules"))
    with CaptureQueriesContext(connection) as queries:
        got = rows(game.pk)
    assert len(queries) == 1 and got == list(rows.build(game.pk)) and len(got) == 2
    (side, won, total, created, rules), (_, lost, *_rest) = got
    assert (side, won, lost, total) == (0, True, False, 520) and type(won) is bool
    assert created == game.created_at and created.utcoffset() == datetime.timedelta(0)
    assert rules == game.rules and isinstance(rules, dict)


def test_a_json_list_column_reads_as_a_list(club, players, organizer):
    game = league_table("partnership", club=club, players=players, organizer=organizer)
    Round.objects.filter(pk=game.table.round_id).update(sitting_out=[players[0].pk, 7])
    rows = Prepared(lambda night: Round.objects.filter(night_id=night).values_list("number", "sitting_out"))
    night = game.table.round.night_id
    assert rows(night) == list(rows.build(night)) == [(1, [players[0].pk, 7])]


def test_flat_values_list_gives_the_orms_values(game):
    _sides_won(game)
    won = Prepared(lambda pk: GameSide.objects.filter(game_id=pk).values_list("won", flat=True))
    assert won(game.pk) == list(won.build(game.pk)) == [True, False]


def test_named_values_list_gives_the_orms_namedtuples(game):
    sides = Prepared(lambda pk: GameSide.objects.filter(game_id=pk).values_list("side", "total", named=True))
    got = sides(game.pk)
    assert got == list(sides.build(game.pk)) and [(r.side, r.total) for r in got] == [(0, 0), (1, 0)]


def test_values_gives_the_orms_dicts(game):
    _sides_won(game)
    sides = Prepared(lambda pk: GameSide.objects.filter(game_id=pk).values("side", "won"))
    assert sides(game.pk) == list(sides.build(game.pk)) == [{"side": 0, "won": True}, {"side": 1, "won": False}]


def test_values_list_keeps_its_columns_order_around_an_expression(game):
    from django.db.models import F

    rows = Prepared(lambda pk: GameSide.objects.filter(game_id=pk).values_list(F("total") + 1, "side"))
    assert rows(game.pk) == list(rows.build(game.pk)) == [(1, 0), (1, 1)]


def test_a_query_takes_several_values(make_game):
    first, second = make_game(), make_game()
    _sides_won(second)
    sides = Prepared(lambda pk, side, status: GameSide.objects.filter(
        game_id=pk, side=side, game__status=status).values_list("game_id", "side", "won"))
    asked = [(first.pk, 0, "in_progress"), (second.pk, 0, "in_progress"), (second.pk, 1, "in_progress"),
             (second.pk, 0, "finished")]
    assert [sides(*a) for a in asked] == [list(sides.build(*a)) for a in asked] == [
        [(first.pk, 0, False)], [(second.pk, 0, True)], [(second.pk, 1, False)], []]


def test_a_list_value_of_each_length_reads_what_the_orm_reads(make_game):
    ids = [make_game().pk for _ in range(3)]
    sides = Prepared(lambda pks: GameSide.objects.filter(game_id__in=pks).order_by("game_id", "side")
                     .values_list("game_id", "side"))
    for asked in ([ids[1]], [ids[2], ids[0]], ids, [ids[0], ids[0]], {ids[2], ids[1]}, (ids[0], -5)):
        assert sides(asked) == list(sides.build(asked)), asked
    assert sides([ids[2], ids[0]]) == [(ids[0], 0), (ids[0], 1), (ids[2], 0), (ids[2], 1)]
    assert sorted(connections["default"].__dict__["_prepared_queries"][sides]) == [(1,), (2,), (3,)]


def test_a_list_is_compiled_once_for_its_length(make_game):
    first, second = make_game(), make_game()
    games = Prepared(lambda pks: Game.objects.filter(pk__in=pks).values_list("pk", flat=True))
    games([first.pk, second.pk])
    kept = connections["default"].__dict__["_prepared_queries"][games][(2,)]
    assert sorted(games([second.pk, first.pk])) == sorted([first.pk, second.pk])
    assert connections["default"].__dict__["_prepared_queries"][games][(2,)] is kept


def test_an_empty_list_reads_nothing_without_a_query(game):
    games = Prepared(lambda status, pks: Game.objects.filter(status=status, pk__in=pks).values_list("pk"))
    with CaptureQueriesContext(connection) as queries:
        assert games("in_progress", []) == [] == list(games.build("in_progress", []))
    assert len(queries) == 0


def test_a_value_of_another_type_is_refused_clearly(game):
    by_day = Prepared(lambda day: Game.objects.filter(created_at__date=day).values_list("pk"))
    with pytest.raises(TypeError, match="text, an integer or a list of them, not date"):
        by_day(datetime.date(2026, 12, 2))


def test_a_query_that_ignores_a_value_is_refused(game):
    ignores = Prepared(lambda pk, side: GameSide.objects.filter(game_id=pk).values_list("side"))
    with pytest.raises(ValueError, match="does not use its value 1"):
        ignores(game.pk, 0)


def test_a_lookup_that_changes_its_value_is_refused(game):
    named = Prepared(lambda name: Game.objects.filter(club__name__icontains=name).values_list("pk"))
    with pytest.raises(ValueError, match="does not use its value 0"):
        named("Test")


def test_datetimes_read_what_the_orm_reads(game):
    days = Prepared(lambda pk: Game.objects.filter(pk=pk).datetimes("created_at", "day"))
    assert days(game.pk) == list(days.build(game.pk)) and len(days(game.pk)) == 1


def test_the_night_overviews_queries_read_what_the_orm_reads(club, players, organizer):
    from league import services
    from league.games.inputs import PinochleHandInput
    from league.models import CheckIn, Hand, HandStatus
    from league.selectors import nights

    from .conftest import played

    game = _sides_won(league_table("partnership", club=club, players=players, organizer=organizer))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 300, (150, 60), (170, 80))))
    Hand.objects.filter(game=game, number=2).update(status=HandStatus.ENTERED)
    night = game.table.round.night
    walk_in = services.player_get_or_create(club=club, name="Eve")
    CheckIn.objects.create(night=night, player=walk_in)
    Round.objects.filter(pk=game.table.round_id).update(sitting_out=[walk_in.pk])
    for name in ("ROUNDS", "TABLES", "SEATS", "SIDES", "CHECKINS", "WAITING"):
        prepared = getattr(nights, name)
        assert prepared(night.pk) == list(prepared.build(night.pk)), name
    assert nights.WAITING(night.pk) == [1] and nights.ROUNDS(night.pk) == [(game.table.round_id, 1, [walk_in.pk])]
    assert nights.CHECKINS(night.pk)[-1][1:] == (walk_in.pk, None, "Eve")


def test_the_recent_games_queries_read_what_the_orm_reads(club, make_game):
    from league.selectors import recent

    ids = [make_game().pk for _ in range(3)]
    assert recent.GAMES("in_progress") == list(recent.GAMES.build("in_progress"))
    assert [g[0] for g in recent.GAMES_OF_CLUBS("in_progress", [club.pk])] == ids[::-1]
    assert recent.GAMES_OF_CLUBS("in_progress", [club.pk, -1]) == list(
        recent.GAMES_OF_CLUBS.build("in_progress", [club.pk, -1]))
    assert recent.SEATS(ids) == list(recent.SEATS.build(ids)) and len(recent.SEATS(ids)) == 12
    assert recent.TOTALS(ids[:2]) == list(recent.TOTALS.build(ids[:2])) and len(recent.TOTALS(ids[:2])) == 4
