"""Standings and the pages around them: read stored results, rank with
``scoring.standings``; a fixed number of queries whatever the season's size."""
from dataclasses import dataclass

from django.shortcuts import get_object_or_404

from league.models import LeagueFormat, Night, Player, Result, Season, Team
from scoring.standings import GameRecord, RankedRow, aggregate, parse_precedence, rank

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


def standings(season: Season, *, night: Night | None = None) -> Standings:
    """The season's (or one night's) ranked standings: two queries."""
    results = Result.objects.filter(season=season)
    if night is not None:
        results = results.filter(night=night)
    rows = aggregate(_records(results.values(*RESULT_FIELDS)), names=entrant_names(season))
    criteria = parse_precedence(season.precedence)
    return Standings(season=season, rows=rank(rows, season.precedence), criteria=criteria, night=night)


def season_get(club_slug: str, league_slug: str, season_id: int) -> Season:
    return get_object_or_404(
        Season.objects.select_related("league__club", "league__rule_profile"),
        pk=season_id, league__slug=league_slug, league__club__slug=club_slug,
    )
