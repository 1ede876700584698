"""Player and team pages: their results, summed from stored per-game results."""
from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Q
from django.shortcuts import get_object_or_404

from league.models import Player, Result, Team

FIELDS = ("team_id", "game_id", "night_id", "night__date", "bye", "points_for", "points_against", "won",
          "bids_taken", "bids_made", "sets", "meld", "best_hand", "partners", "opponents",
          "game__public_id", "game__game_type")


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
    results: list = field(default_factory=list)

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
    rec.form = sorted((tuple(v) for v in nights.values()), key=lambda v: v[0], reverse=True)[:8]
    return rec


def player_record(club_slug: str, player_id: int, season_id: int | None = None, league_ids=None, player=None):
    """A player's record (one season or all), partners and opponents by name: three queries.
    ``league_ids``: only the results of these leagues (None: every league)."""
    if player is None:
        player = get_object_or_404(Player.objects.select_related("club"), pk=player_id, club__slug=club_slug)
    teams = Team.objects.filter(Q(player_a=player) | Q(player_b=player)).values("pk")
    rows = Result.objects.filter(Q(player=player) | Q(team__in=teams))
    if league_ids is not None:
        rows = rows.filter(season__league_id__in=league_ids)
    if season_id:
        rows = rows.filter(season_id=season_id)
    rows = list(rows.order_by("-night__date", "game_id").values(*FIELDS))
    players = dict(Player.objects.filter(club=player.club).values_list("pk", "name"))
    teams = dict(Team.objects.filter(season__league__club=player.club).values_list("pk", "name"))
    return player, _record(rows, players, teams)


def team_record(team: Team):
    rows = list(Result.objects.filter(team=team).order_by("-night__date", "game_id").values(*FIELDS))
    teams = dict(Team.objects.filter(season_id=team.season_id).values_list("pk", "name"))
    return _record(rows, {}, teams)
