"""A generated season for benchmarks and query-count tests: many nights of
progressive play, every number derived by ``scoring`` and written in bulk.

``sample_season_create(club=..., nights=30, players=40)`` makes a league with
one season of ``nights`` nights × ``rounds`` rounds × players/4 tables, each
table a game of ``hands_per_game`` hands (a club night's "N hands per round"; 30 nights of 40 players make 20,700 hands),
with seats, hands, per-side rows and results, as the services would store them
(the results, with bids, sets, meld and best hand, by the services' own code,
handed the rows just written as prefetched sets rather than reading them back).
Hands and side rows go in with one ``executemany`` each, their values as
``bulk_create`` would send them; the same seed writes the same rows
(``tests/league/test_sample_season.py`` pins them).
"""
import datetime
import gc
import random

from django.db import connection, models, transaction
from django.db.models import QuerySet

from league.dbstats import analyze
from league.services.figures import figures_rebuild
from league.services.ratings import ratings_rebuild
from league.models import (
    CheckIn, Figures, Game, GameSeat, GameSide, Hand, HandSide, League, Night, Player, Result, Round,
    RuleProfile, Season, Table,
)
from league.models.game import SIDE_LABELS
from league.services.results import _rows as result_rows
from scoring.ledger import run_game
from scoring.pinochle import PinochleHand, PinochleRules, next_dealer


def _hands(rng, n):
    hands = []
    for i in range(n):
        bidder = rng.randrange(2)
        meld = (rng.randrange(0, 25) * 10, rng.randrange(0, 25) * 10)
        tricks = rng.randrange(0, 26) * 10
        bid = max(250, min(meld[bidder] + rng.randrange(15, 30) * 10, 600) // 10 * 10)
        hands.append(PinochleHand(bidder, bid, meld, (tricks, 250 - tricks)))
    return hands


def sample_season_create(*, club, nights=30, players=40, rounds=3, hands_per_game=23, seed=1) -> Season:
    # Python's cycle collector would walk every object of the process again and
    # again while the ~100,000 instances of a 30-night season are made (a
    # quarter of the time in a test process); it is paused meanwhile, as it was
    # found (nothing made here is garbage until the season is written).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _season_create(club=club, nights=nights, players=players, rounds=rounds,
                              hands_per_game=hands_per_game, seed=seed)
    finally:
        if collecting:
            gc.enable()


@transaction.atomic
def _season_create(*, club, nights, players, rounds, hands_per_game, seed) -> Season:
    rng = random.Random(seed)
    rules = PinochleRules(target=100_000)
    profile, _ = RuleProfile.objects.get_or_create(club=club, name="Sample (no target)",
                                                   defaults={"options": rules.as_dict()})
    league = League.objects.create(club=club, name=f"Sample {seed}", slug=f"sample-{seed}", rule_profile=profile)
    start = datetime.date(2026, 1, 5)
    season = Season.objects.create(league=league, name="Sample season", starts_on=start,
                                   ends_on=start + datetime.timedelta(days=7 * nights),
                                   precedence=["points", "wins", "differential"])
    roster = [Player.objects.get_or_create(club=club, name=f"Sample player {i:02d}")[0] for i in range(players)]
    for n in range(nights):
        night = Night.objects.create(season=season, date=start + datetime.timedelta(days=7 * n),
                                     rounds=rounds, status=Night.Status.LOCKED)
        CheckIn.objects.bulk_create(CheckIn(night=night, player=p) for p in roster)
        for r in range(1, rounds + 1):
            rnd = Round.objects.create(night=night, number=r)
            order = roster[:]
            rng.shuffle(order)
            tables = Table.objects.bulk_create(Table(round=rnd, number=t + 1) for t in range(players // 4))
            _games(rng, club, profile, rules, night, season, tables, order, hands_per_game)
    ratings_rebuild(club.pk, "partnership")  # written by results_sync for games played on the pad
    figures_rebuild(season.pk)  # results_sync keeps them game by game; the same sums at once
    analyze(Night, CheckIn, Round, Table, Game, GameSeat, GameSide, Hand, HandSide, Result, Figures, Player)
    return season


def _games(rng, club, profile, rules, night, season, tables, order, hands_per_game):
    games, seats, sides, hand_rows, side_rows, results = [], [], [], [], [], []
    ledgers, inputs = [], []
    for i, table in enumerate(tables):
        hands = _hands(rng, hands_per_game)
        ledger = run_game(rules, hands, hand_limit=hands_per_game, names=SIDE_LABELS)
        ledgers.append(ledger)
        inputs.append(hands)
        games.append(Game(club=club, rule_profile=profile, rules=rules.as_dict(), table=table,
                          hand_limit=hands_per_game, hand_count=hands_per_game, status=Game.Status.FINISHED,
                          winner_side=ledger.winner,
                          end_reason=ledger.reason.as_data() if ledger.reason else None))
    Game.objects.bulk_create(games)
    for i, (game, ledger) in enumerate(zip(games, ledgers)):
        four = order[4 * i: 4 * i + 4]
        seats += [GameSeat(game=game, seat=s, player=p) for s, p in enumerate(four)]
        sides += [GameSide(game=game, side=s, total=ledger.totals[s], won=ledger.winner == s) for s in (0, 1)]
        dealer = 0
        for number, (hand, row) in enumerate(zip(inputs[i], ledger.rows), start=1):
            hand_rows.append(_new_hand(game_id=game.pk, number=number, dealer=dealer, kind="played",
                                         bidder_seat=hand.bidder, bid=hand.bid, trump="SHDC"[number % 4],
                                         made=row.score.made, notes=[m.as_data() for m in row.score.notes]))
            dealer = next_dealer(dealer)
    GameSeat.objects.bulk_create(seats)
    GameSide.objects.bulk_create(sides)
    _insert(hand_rows)
    by_game = {}
    for h in hand_rows:
        by_game.setdefault(h.game_id, []).append(h)
    ids = Hand.objects.filter(game__in=games).values_list("game_id", "number", "id")
    for game_id, number, pk in ids:
        hand = by_game[game_id][number - 1]
        hand.pk, hand._state.adding, hand._state.db = pk, False, connection.alias
    for game, ledger, hands in zip(games, ledgers, inputs):
        for hand, row, given in zip(by_game[game.pk], ledger.rows, hands):
            for s in (0, 1):
                side_rows.append(_new_side(hand_id=hand.pk, side=s, meld=given.meld[s], tricks=given.tricks[s],
                                             counted_meld=row.score.counted_meld[s],
                                             counted_tricks=row.score.tricks[s], delta=row.score.deltas[s],
                                             total=row.totals[s]))
    _insert(side_rows)
    # the Result rows real entry writes (bids taken/made/set, meld, best hand), by its own code, which
    # reads each game's seats, sides and hands: handed the rows just written rather than reading them back
    seats_of, sides_of, rows_of = {}, {}, {}
    for seat in seats:
        seats_of.setdefault(seat.game_id, []).append(seat)
    for side in sides:
        sides_of.setdefault(side.game_id, []).append(side)
    for row in side_rows:
        rows_of.setdefault(row.hand_id, []).append(row)
    for game in games:
        for hand in by_game[game.pk]:
            hand._prefetched_objects_cache = {"side_rows": _written(HandSide, rows_of[hand.pk])}
        game._prefetched_objects_cache = {"seats": _written(GameSeat, seats_of[game.pk]),
                                          "sides": _written(GameSide, sides_of[game.pk]),
                                          "hands": _written(Hand, by_game[game.pk], attached={"side_rows"})}
        results += result_rows(game, night)
    Result.objects.bulk_create(results)


class _Written(QuerySet):
    """Rows just written, as Django's prefetch cache holds a related set
    (``game.seats.all()`` is then answered without a query). ``attached``
    names the sets each row already carries, so ``prefetch_related`` of those
    is this same list; any other chained call reads the database as usual."""

    attached = frozenset()

    def prefetch_related(self, *lookups):
        if lookups and set(lookups) <= self.attached:
            return self
        return super().prefetch_related(*lookups)


def _written(model, rows, attached=()):
    """``rows`` (in the model's ordering) as a prefetched queryset."""
    queryset = _Written(model=model)
    queryset._result_cache, queryset._prefetch_done, queryset.attached = rows, True, frozenset(attached)
    return queryset


# The one Python type a field's column takes as it is (an int for an integer
# or a foreign key, a str for text, a bool for a boolean); any other value
# (JSON, a date, a choices enum, a bool given for a number) goes through its
# field, as bulk_create would send it.
_AS_IS = ((models.BooleanField, bool), (models.IntegerField, int), (models.ForeignKey, int), (models.CharField, str))


def _as_is(field):
    return next((kind for cls, kind in _AS_IS if isinstance(field, cls)), None)


def _insert(rows):
    """INSERT ``rows`` (instances of one model, in order) with every field's
    value as ``bulk_create`` would send it (``auto_now_add`` filled in, JSON
    and other values through ``get_db_prep_save``), in one ``executemany``:
    bulk_create compiles each of the hundreds of thousands of values of a
    season through the ORM. The instances get no primary key."""
    model = type(rows[0])
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    for field in fields:
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            for row in rows:
                field.pre_save(row, True)
    plain = [_as_is(f) for f in fields]
    json = {}  # (field, repr) -> the adapted value: a season repeats a few shapes of notes and details

    def value(field, as_is, v):
        if v is None or type(v) is as_is:
            return v  # None is SQL NULL for every field (JSON's too, as get_db_prep_save has it)
        if isinstance(field, models.JSONField):
            key = (field, repr(v))
            if key not in json:
                json[key] = field.get_db_prep_save(v, connection)
            return json[key]
        return field.get_db_prep_save(v, connection)

    quote = connection.ops.quote_name
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        quote(model._meta.db_table), ", ".join(quote(f.column) for f in fields), ", ".join(["%s"] * len(fields)))
    params = [[value(f, p, getattr(row, f.attname)) for f, p in zip(fields, plain)] for row in rows]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


class _Instances:
    """Builds instances of ``model`` from field values by attname, every other
    field its default, through Django's positional ``__init__`` (the path
    ``from_db`` takes): the keyword path looks each of a Hand's 27 fields up
    by name for each of 20,700 hands. The instance is the same; a default
    that is a callable (``list``, ``dict``) is called for each instance."""

    def __init__(self, model):
        self.model = model
        fields = model._meta.concrete_fields
        self.position = {f.attname: i for i, f in enumerate(fields)}
        self.template = [None if f.primary_key else f.get_default() for f in fields]
        self.fresh = [(i, f) for i, f in enumerate(fields) if not f.primary_key and callable(f.default)]

    def __call__(self, **values):
        args = self.template.copy()
        for i, field in self.fresh:
            args[i] = field.get_default()
        for name, value in values.items():
            args[self.position[name]] = value
        return self.model(*args)


_new_hand, _new_side = _Instances(Hand), _Instances(HandSide)
