"""Standings and the pages around them: read the entrants' figures (kept at
write time, ``league.services.figures``: one row per entrant, not every
Result row), rank with ``scoring.standings``; a fixed number of queries and
about the same work whatever the season's size.

The ranked rows are cached. The key is everything the rows are computed
from: the season's ``results_version``, read fresh on every call (a random
token that every write of Result rows replaces in the same transaction:
the services give it a fresh one, ``league.services.results``, and a
database trigger marks any other write, a cascade, a bulk or raw write, as
stale, ``league.models.season.STALE``: a stale season's figures are derived
again, with a fresh token, before they are read); the entrants' names; the
precedence and the league format. A change to any of them is a different
key, so a cached entry is never served for data it was not computed from.
"""
import hashlib
from dataclasses import dataclass

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Q
from django.shortcuts import get_object_or_404

from league.models import Figures, LeagueFormat, Night, Player, Result, Season, Team
from league.models.season import STALE
from league.selectors.season_ratings import ratings_state, with_ratings
from league.services.figures import figures_rebuild
from scoring.standings import GameRecord, RankedRow, StandingRow, aggregate, parse_precedence, rank

RESULT_FIELDS = (
    "pk", "game_id", "night_id", "player_id", "team_id", "bye", "points_for", "points_against",
    "won", "bids_taken", "bids_made", "game_points", "margin", "opponents", "skunks_given", "skunks_taken",
)


@dataclass
class Standings:
    season: Season
    rows: tuple[RankedRow, ...]
    criteria: tuple
    night: Night | None = None
    state: tuple = ()  # the season's results as read for these rows: (results_version,)
    key: str = ""  # the cache key of these rows: the state, the names, the precedence (a page's fragments key on it)

    @property
    def split_rows(self) -> tuple[RankedRow, ...]:
        """The rows that a metric after the first split from the row above."""
        return tuple(r for r in self.rows if r.split_by_label)

    @property
    def fixed(self) -> bool:
        return self.season.league.format == LeagueFormat.FIXED


def entrant_names(season: Season) -> dict:
    """Entrant id → name: the season's teams, or the club's players (one query)."""
    if season.league.format == LeagueFormat.FIXED:
        return dict(Team.objects.filter(season=season).values_list("pk", "name"))
    return dict(Player.objects.filter(club_id=season.league.club_id).values_list("pk", "name"))


def _records(results) -> list[GameRecord]:
    records = []
    for r in results:
        entrant = r["team_id"] or r["player_id"]
        records.append(GameRecord(
            entrant=entrant, game_id=r["game_id"] if not r["bye"] else f"bye-{r['pk']}",
            night_id=r["night_id"], points_for=r["points_for"], points_against=r["points_against"],
            won=r["won"], bid_taken=r["bids_taken"], bid_made=r["bids_made"],
            game_points=r["game_points"], margin=r["margin"], opponents=tuple(r["opponents"]),
            skunks_given=r["skunks_given"], skunks_taken=r["skunks_taken"],
        ))
    return records


def results_state_and_names(season: Season) -> tuple[tuple, dict]:
    """``((results_version,), names)``: the state of the season's stored
    results, read now, and :func:`entrant_names` — in one query, written in
    SQL (the ORM's compiling of it cost many times its running). A stale
    version (rows written without their figures) has the season's figures
    derived again first, and the state read again."""
    fixed = season.league.format == LeagueFormat.FIXED
    entrants, on = (Team._meta.db_table, "season_id") if fixed else (Player._meta.db_table, "club_id")
    owner = season.pk if fixed else season.league.club_id
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT results_version FROM {Season._meta.db_table} WHERE id = %s), e.id, e.name"
            f" FROM (SELECT 1 AS one) AS one LEFT JOIN {entrants} e ON e.{on} = %s",
            [season.pk, owner],
        )
        rows = cursor.fetchall()
    if rows[0][0] is not None and rows[0][0].startswith(STALE):
        with transaction.atomic():
            figures_rebuild(season.pk)
        return results_state_and_names(season)
    state = (rows[0][0],)
    return state, {pk: name for _state, pk, name in rows if pk is not None}


def _cache_key(season: Season, night: Night | None, state: tuple, names: dict) -> str:
    digest = hashlib.sha256(repr((
        state, night.pk if night is not None else None, season.league.format,
        list(season.precedence), sorted(names.items()),
    )).encode()).hexdigest()
    return f"standings:{season.pk}:{digest}"


def standings(season: Season, *, night: Night | None = None) -> Standings:
    """The season's (or one night's) ranked standings: one query when cached
    (results version and names), two otherwise (and the results)."""
    state, names = results_state_and_names(season)
    rated = ratings_state(season)  # None (no query) unless the season ranks on ratings or has a handicap
    key = _cache_key(season, night, state if rated is None else (state, rated), names)
    ranked = cache.get(key)
    if ranked is None:
        rows = standing_rows(season, night, names)
        if rated is not None:
            rows = with_ratings(season, rows)
        ranked = rank(rows, season.precedence)
        cache.set(key, ranked, STANDINGS_CACHE_SECONDS)
    criteria = parse_precedence(season.precedence)
    return Standings(season=season, rows=ranked, criteria=criteria, night=night, state=state, key=key)


STANDINGS_CACHE_SECONDS = 24 * 3600
FIGURE_FIELDS = ("player_id", "team_id", "results", "wins", "points_for", "points_against", "bids_taken", "bids_made",
                 "game_points", "spread", "skunks_given", "skunks_taken", "nights", "head_to_head", "opponents")


@dataclass(frozen=True)
class KeptRow(StandingRow):
    """A :class:`~scoring.standings.StandingRow` read from the kept figures:
    the nights attended are the kept count (``nights_attended``), and the
    points of each night (``night_points``, one entry a night) are read only
    when the precedence ranks on the best N nights: decoding, ranking and
    caching them grew with every night of the season."""

    nights_attended: int = 0

    @property
    def nights(self) -> int:
        return self.nights_attended


def uses_night_points(precedence) -> bool:
    """Whether ranking on ``precedence`` needs each night's points (best N of M nights)."""
    return any(c.metric.parameter == "n" for c in parse_precedence(precedence))


def _standing_row(f: dict, night: Night | None, names: dict) -> KeptRow:
    entrant = f["team_id"] or f["player_id"]
    if night is not None:
        nights = [(night.pk, f["points_for"])]
    elif "night_points" in f:
        nights = sorted((int(n), points) for n, (points, _rows) in f["night_points"].items())
    else:
        nights = []
    return KeptRow(
        entrant=entrant, games=f["results"], wins=f["wins"], points_for=f["points_for"],
        points_against=f["points_against"], bids_taken=f["bids_taken"], bids_made=f["bids_made"],
        game_points=f["game_points"], spread=f["spread"], skunks_given=f["skunks_given"],
        skunks_taken=f["skunks_taken"], night_points=tuple(nights),
        head_to_head=tuple(sorted((int(o), f["head_to_head"].get(o, 0)) for o in f["opponents"])),
        name=str(names.get(entrant, "")), nights_attended=1 if night is not None else f["nights"],
    )


def standing_rows(season: Season, night: Night | None, names: dict) -> list[StandingRow]:
    """One :class:`KeptRow` per entrant from the stored figures (one query;
    :func:`results_state_and_names` has derived them again if they were stale)."""
    wanted = Q(night__isnull=True) if night is None else Q(night__isnull=True) | Q(night=night)
    fields = FIGURE_FIELDS + (("night_points",) if night is None and uses_night_points(season.precedence) else ())
    figures = list(Figures.objects.filter(wanted, season=season).values("night_id", *fields))
    scope = night.pk if night is not None else None
    return [_standing_row(f, night, names) for f in figures if f["night_id"] == scope]


def standing_rows_from_results(season: Season, night: Night | None, names: dict) -> tuple[StandingRow, ...]:
    """The same rows folded from every Result row (``scoring.standings.aggregate``): what the figures must equal."""
    results = Result.objects.filter(season=season)
    if night is not None:
        results = results.filter(night=night)
    return aggregate(_records(results.values(*RESULT_FIELDS)), names=names)


def season_get(club_slug: str, league_slug: str, season_id: int) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league__club", "league__rule_profile"),
        pk=season_id, league__slug=league_slug, league__club__slug=club_slug,
    )
