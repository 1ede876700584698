"""The generated season is the same rows for the same seed: pinned here, so a
faster ``sample_season_create`` is proved to write exactly what it wrote."""
import hashlib
import json

from django.contrib.auth import get_user_model

from league.models import (
    CheckIn, Club, Figures, Game, GameSeat, GameSide, Hand, HandSide, League, Night, Player, PlayerRating, RatingEvent,
    Result, Round, RuleProfile, Season, Table,
)
from league.sample_season import sample_season_create

# Every stored value of the rows below, ids replaced by what they stand for;
# only what differs from run to run is left out (ids, a game's random public
# id and access token, the times rows were written).
VARYING = {"id", "public_id", "access_token", "created_at", "entered_at", "trail_digest"}  # the digest covers times


def _natural_keys(season):
    nights = {n: d.isoformat() for n, d in Night.objects.filter(season=season).values_list("id", "date")}
    rounds = {r: (nights[n], k) for r, n, k in Round.objects.filter(night__season=season)
              .values_list("id", "night_id", "number")}
    tables = {t: (*rounds[r], k) for t, r, k in Table.objects.filter(round__night__season=season)
              .values_list("id", "round_id", "number")}
    games = {g: tables[t] for g, t in Game.objects.filter(table__round__night__season=season)
             .values_list("id", "table_id")}
    hands = {h: (*games[g], k) for h, g, k in Hand.objects.filter(game__in=games).values_list("id", "game_id", "number")}
    named = {model: dict(model.objects.values_list("id", field)) for model, field in (
        (Player, "name"), (Club, "slug"), (League, "slug"), (Season, "name"), (RuleProfile, "name"),
        (get_user_model(), "username"))}
    return {Night: nights, Round: rounds, Table: tables, Game: games, Hand: hands, **named}


def _rows(model, queryset, keys):
    rows = []
    for values in queryset.values():
        row = {}
        for field in model._meta.concrete_fields:
            if field.name in VARYING:
                continue
            value = values[field.attname]
            if field.is_relation and value is not None:
                related = field.related_model
                value = keys[related][value]
            row[field.name] = value
        if model is Result:
            row["partners"] = [keys[Player][p] for p in row["partners"]]
            row["opponents"] = [keys[Player][p] for p in row["opponents"]]
        rows.append(json.dumps(row, sort_keys=True, default=str))
    return sorted(rows)


def season_digest(season):
    """Counts and a SHA-256 over every row the season's generation wrote."""
    keys = _natural_keys(season)
    tables = {
        Night: Night.objects.filter(season=season),
        CheckIn: CheckIn.objects.filter(night__season=season),
        Round: Round.objects.filter(night__season=season),
        Table: Table.objects.filter(round__night__season=season),
        Game: Game.objects.filter(table__round__night__season=season),
        GameSeat: GameSeat.objects.filter(game__table__round__night__season=season),
        GameSide: GameSide.objects.filter(game__table__round__night__season=season),
        Hand: Hand.objects.filter(game__table__round__night__season=season),
        HandSide: HandSide.objects.filter(hand__game__table__round__night__season=season),
        Result: Result.objects.filter(season=season),
    }
    digest = hashlib.sha256()
    counts = {}
    for model, queryset in tables.items():
        rows = _rows(model, queryset, keys)
        counts[model.__name__] = len(rows)
        digest.update("\n".join([model.__name__, *rows]).encode())
    counts["Figures"] = Figures.objects.filter(season=season).count()
    counts["RatingEvent"] = RatingEvent.objects.filter(season=season).count()
    counts["PlayerRating"] = PlayerRating.objects.filter(player__name__startswith="Sample player").count()
    return counts, digest.hexdigest()


def test_the_same_seed_writes_the_same_rows(club):
    season = sample_season_create(club=club, nights=2, players=8, rounds=2, hands_per_game=6, seed=5)
    counts, digest = season_digest(season)
    assert counts == {
        "Night": 2, "CheckIn": 16, "Round": 4, "Table": 8, "Game": 8, "GameSeat": 32, "GameSide": 16,
        "Hand": 48, "HandSide": 96, "Result": 32, "Figures": 24, "RatingEvent": 32, "PlayerRating": 8,
    }
    assert digest == "b53704409c0750474a58ce57ab5d091441bdbabb2dda1d9628a31f7b1a13fe59"


def test_a_one_game_season_has_these_exact_totals(club):
    season = sample_season_create(club=club, nights=1, players=4, rounds=1, hands_per_game=4, seed=9)
    game = Game.objects.get(table__round__night__season=season)
    assert [(s.side, s.total, s.won) for s in game.sides.order_by("side")] == [(0, 1180, True), (1, -1370, False)]
    assert list(Hand.objects.filter(game=game).values_list("number", "bidder_seat", "bid", "made")) == [(1, 1, 250, False), (2, 1, 300, False), (3, 1, 340, False),
                                                                                      (4, 1, 480, False)]
    assert list(Result.objects.filter(game=game).order_by("player__name").values_list(
        "player__name", "points_for", "points_against", "bids_taken", "bids_made", "sets", "meld", "best_hand")) == [
        ("Sample player 00", 1180, -1370, 0, 0, 0, 420, 390), ("Sample player 01", -1370, 1180, 4, 0, 4, 600, 0),
        ("Sample player 02", 1180, -1370, 0, 0, 0, 420, 390), ("Sample player 03", -1370, 1180, 0, 0, 0, 600, 0),
    ]
