"""Player and team pages: their figures, summed from the per-season figures
kept at write time (``league.services.figures``), and one season's games.

A player page shows one season (``?season=``, by default the latest the
player played in) and the all-time figures summed from the per-season rows:
the same few queries whatever the number of seasons or games."""
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import F, Q
from django.shortcuts import get_object_or_404

from league.models import Figures, Player, Result, Team
from league.models.season import STALE
from league.services.figures import figures_rebuild

FIELDS = ("team_id", "game_id", "night_id", "night__date", "bye", "points_for", "points_against", "won",
          "bids_taken", "bids_made", "sets", "meld", "best_hand", "partners", "opponents",
          "game__public_id", "game__game_type")


GAME_FIELDS = ("night_id", "night__date", "bye", "points_for", "points_against", "won", "game__public_id",
               "game__game_type")
"""What a player page shows of each game of its season (the sums come from the figures)."""


@dataclass
class Record:
    games: int = 0
    wins: int = 0
    points_for: int = 0
    points_against: int = 0
    bids_taken: int = 0
    bids_made: int = 0
    sets: int = 0
    meld: int = 0
    best_hand: int = 0
    partners: list = field(default_factory=list)   # [(name, games)]
    opponents: list = field(default_factory=list)  # [(name, games)]
    form: list = field(default_factory=list)       # [(date, points, won, games)] last nights first
    results: list = field(default_factory=list)    # the games listed: one page of them
    per_night: list = field(default_factory=list)  # [(date, points)] oldest first: the last nights charted
    earlier_nights: bool = False                   # whether the season has nights before those
    page: int = 1                                  # which page of games ``results`` is
    more_games: bool = False                       # whether older games follow

    @property
    def average_meld(self) -> int:
        return round(self.meld / self.games) if self.games else 0


def _record(rows, player_names, team_names) -> Record:
    """Sum a list of result rows; partners and opponents are players, or teams for team rows."""
    rec = Record()
    partners, opponents = Counter(), Counter()
    nights = {}
    for r in rows:
        rec.results.append(r)
        if r["bye"]:
            continue
        rec.games += 1
        rec.wins += r["won"]
        rec.points_for += r["points_for"]
        rec.points_against += r["points_against"]
        rec.bids_taken += r["bids_taken"]
        rec.bids_made += r["bids_made"]
        rec.sets += r["sets"]
        rec.meld += r["meld"]
        rec.best_hand = max(rec.best_hand, r["best_hand"])
        kind = "team" if r["team_id"] else "player"
        partners.update((kind, p) for p in r["partners"])
        opponents.update((kind, p) for p in r["opponents"])
        n = nights.setdefault(r["night_id"], [r["night__date"], 0, 0, 0])
        n[1] += r["points_for"]
        n[2] += r["won"]
        n[3] += 1
    names = {"player": player_names, "team": team_names}
    rec.partners = [(names[k].get(p, "?"), c) for (k, p), c in partners.most_common()]
    rec.opponents = [(names[k].get(p, "?"), c) for (k, p), c in opponents.most_common()]
    latest = sorted((tuple(v) for v in nights.values()), key=lambda v: v[0], reverse=True)
    rec.form = latest[:FORM_LIST]
    rec.per_night = [(date, points) for date, points, _won, _games in latest[:FORM_NIGHTS][::-1]]
    rec.earlier_nights = len(latest) > FORM_NIGHTS
    return rec


@dataclass
class SeasonLink:
    pk: int
    name: str
    league: str
    current: bool


@dataclass
class PlayerPage:
    """One season of a player's page (``record``, with its games) and the
    player's figures over every season shown (``all_time``)."""

    record: Record
    all_time: Record
    seasons: list  # [SeasonLink], latest first
    season: SeasonLink | None


def _figures_record(rows, player_names, team_names) -> Record:
    """Sum per-season :class:`~league.models.Figures` rows (games only: byes taken out)."""
    rec = Record()
    partners, opponents = Counter(), Counter()
    for f in rows:
        rec.games += f["results"] - f["byes"]
        rec.wins += f["wins"]
        rec.points_for += f["points_for"] - f["bye_points"]
        for name in ("points_against", "bids_taken", "bids_made", "sets", "meld"):
            setattr(rec, name, getattr(rec, name) + f[name])
        rec.best_hand = max(rec.best_hand, f["best_hand"])
        kind = "team" if f["team_id"] else "player"
        partners.update({(kind, int(p)): n for p, n in f["partners"].items()})
        opponents.update({(kind, int(p)): n for p, n in f["opponents"].items()})
    names = {"player": player_names, "team": team_names}

    def named(counts):
        return sorted(((names[k].get(p, "?"), c) for (k, p), c in counts.items()), key=lambda x: (-x[1], x[0]))

    rec.partners, rec.opponents = named(partners), named(opponents)
    return rec


FIGURE_FIELDS = ("season_id", "team_id", "results", "byes", "bye_points", "wins", "points_for", "points_against",
                 "bids_taken", "bids_made", "sets", "meld", "best_hand", "partners", "opponents")


GAMES_PER_PAGE = 50
"""How many of a season's games a player or team page lists at once (``?page=``: older ones)."""
FORM_NIGHTS = 30
"""How many of a season's last nights a player or team page charts (points per night)."""
FORM_LIST = 8
"""How many of them its form list shows."""


def player_page(player: Player, season_id: int | None = None, league_ids=None, page: int = 1) -> PlayerPage:
    """The player's page for one season (default: the latest played), five
    queries whatever the number of seasons, nights or games: the per-season
    figures, the club's names (two), the season's last :data:`FORM_NIGHTS`
    nights from the per-night figures, and one page of the season's games
    (``page``, :data:`GAMES_PER_PAGE` a page, latest first). A season whose
    results are stale (``league.models.season.STALE``) has its figures
    derived again first, as the standings do. ``league_ids``: only these
    leagues (None: every league)."""
    teams = Team.objects.filter(Q(player_a=player) | Q(player_b=player)).values("pk")
    mine = Q(player=player) | Q(team__in=teams)
    figures = Figures.objects.filter(mine)
    if league_ids is not None:
        figures = figures.filter(season__league_id__in=league_ids)
    per_season = list(figures.filter(night__isnull=True).order_by("-season__starts_on", "-season_id").values(
        *FIGURE_FIELDS, "season__name", "season__league__name", "season__results_version"))
    stale = {f["season_id"] for f in per_season if f["season__results_version"].startswith(STALE)}
    if stale:  # Result rows written without their figures (a cascade, a raw write): derived again first
        with transaction.atomic():
            for pk in sorted(stale):
                figures_rebuild(pk)
        return player_page(player, season_id, league_ids, page)
    seasons, seen = [], set()
    for f in per_season:
        if f["season_id"] not in seen:
            seen.add(f["season_id"])
            seasons.append(SeasonLink(f["season_id"], f["season__name"], f["season__league__name"], False))
    if season_id is None and seasons:
        season_id = seasons[0].pk
    current = next((s for s in seasons if s.pk == season_id), None)
    if current is not None:
        current.current = True
    players = dict(Player.objects.filter(club_id=player.club_id).values_list("pk", "name"))
    team_names = dict(Team.objects.filter(season__league__club_id=player.club_id).values_list("pk", "name"))
    record = _figures_record([f for f in per_season if f["season_id"] == season_id], players, team_names)
    if season_id:
        _season_games(record, [f for f in per_season if f["season_id"] == season_id], player, season_id, page)
    return PlayerPage(record=record, all_time=_figures_record(per_season, players, team_names), seasons=seasons,
                      season=current)


def _latest_nights(field: str, limit: int, season, ids) -> list:
    """The entrants' (``field``: player or team) last ``limit`` nights of a season with a game, from the per-night figures."""
    return list(Figures.objects.filter(
        season_id=season, night__isnull=False, results__gt=F("byes"), **{f"{field}__in": ids})
        .order_by("-night__date", "-night_id")
        .values_list("night_id", "night__date", "points_for", "bye_points", "wins", "results", "byes")[:limit])


def _games_of_nights(field: str, season, ids, nights) -> list:
    """The entrants' games of a season's nights, latest first."""
    return list(Result.objects.filter(
        season_id=season, bye=False, night_id__in=nights, **{f"{field}__in": ids})
        .order_by("-night__date", "game_id").values(*GAME_FIELDS))


def _season_games(record: Record, rows: list, player: Player, season_id: int, page: int) -> None:
    """Fill ``record``'s last nights (form and chart) and its page of games.

    The season's entrant is the player or its team, as its season figures
    (``rows``) say: the reads go by that entrant's indexes, not through the
    season's rows. The last :data:`FORM_NIGHTS` nights (and one more, to
    know there are earlier ones) come from the per-night figures, with each
    night's number of games; the first page of games is read from as many of
    the latest nights as hold it (a few index lookups, where a sort of every
    game of the season grew with it), a later page by its offset."""
    if not rows:
        return
    teams = [f["team_id"] for f in rows if f["team_id"] is not None]
    field, ids = ("team_id", teams) if teams else ("player_id", [player.pk])  # a season's rows are of one kind
    nights = {}
    for night, date, points, bye_points, won, results, byes in _latest_nights(field, FORM_NIGHTS + 1, season_id, ids):
        n = nights.setdefault(night, [date, 0, 0, 0])  # a night's games: its rows less its byes (only points)
        n[1] += points - bye_points
        n[2] += won
        n[3] += results - byes
    latest = sorted(((pk, *v) for pk, v in nights.items()), key=lambda v: (v[1], v[0]), reverse=True)
    record.form = [tuple(v[1:]) for v in latest[:FORM_LIST]]
    record.per_night = [(date, points) for _pk, date, points, _won, _games in latest[:FORM_NIGHTS][::-1]]
    record.earlier_nights = len(latest) > FORM_NIGHTS
    held, wanted = 0, []
    for pk, _date, _points, _won, count in latest:
        wanted.append(pk)
        held += count
        if held > GAMES_PER_PAGE:
            break
    if page == 1 and (held > GAMES_PER_PAGE or len(latest) <= FORM_NIGHTS):  # these nights hold the first page
        listed = _games_of_nights(field, season_id, ids, wanted)
        more = len(listed) > GAMES_PER_PAGE or len(latest) > len(wanted)
    else:
        start = (page - 1) * GAMES_PER_PAGE
        games = Result.objects.filter(season_id=season_id, bye=False, **{f"{field}__in": ids})
        listed = list(games.order_by("-night__date", "game_id").values(*GAME_FIELDS)[
            start:start + GAMES_PER_PAGE + 1])
        more = len(listed) > GAMES_PER_PAGE
    record.results, record.more_games, record.page = listed[:GAMES_PER_PAGE], more, page


def player_record(club_slug: str, player_id: int, season_id: int | None = None, league_ids=None, player=None):
    """``(player, record)``: the player's record of one season (default: the latest played)."""
    if player is None:
        player = get_object_or_404(Player.objects.select_related("club"), pk=player_id, club__slug=club_slug)
    return player, player_page(player, season_id, league_ids).record


def team_record(team: Team, page: int = 1):
    """The team's record, summed from its Result rows, with one page of its games listed."""
    rows = list(Result.objects.filter(team=team).order_by("-night__date", "game_id").values(*FIELDS))
    teams = dict(Team.objects.filter(season_id=team.season_id).values_list("pk", "name"))
    record = _record(rows, {}, teams)
    games = [r for r in record.results if not r["bye"]]
    start = (page - 1) * GAMES_PER_PAGE
    record.results, record.more_games, record.page = (games[start:start + GAMES_PER_PAGE],
                                                      len(games) > start + GAMES_PER_PAGE, page)
    return record
