"""Ratings as a season's standings metric, its handicap and its seeding (docs/ratings.md).

A season ranks on ``rating`` or ``handicapped`` (its precedence) or has a
handicap (``Season.handicap_per_point`` > 0): then its standings rows carry each
entrant's rating (after its last rated game of the season; a team: the mean of
its two players) and handicap (from the ratings as they stood when the season
started, ``scoring.ratings.handicap``). Every function here reads a fixed number
of queries whatever the season's size.
"""
from dataclasses import replace

from django.db.models import Count, Max

from league.models import LeagueFormat, PlayerRating, RatingEvent, Team
from league.services.ratings import family_of
from scoring.ratings.handicap import handicaps

RATING_METRICS = {"rating", "handicapped"}


def season_family(season) -> str:
    profile = season.league.rule_profile
    return family_of(profile.game_type) if profile else "partnership"


def uses_ratings(season) -> bool:
    keys = {str(k).partition(":")[0].strip() for k in season.precedence or ()}
    return bool(keys & RATING_METRICS) or season.handicap_per_point > 0


def ratings_state(season) -> tuple | None:
    """What the ratings part of the standings depends on (one query), or None when unused:
    the count and highest id of the family's rating events (a rebuild writes new ids)."""
    if not uses_ratings(season):
        return None
    got = RatingEvent.objects.filter(club_id=season.league.club_id, family=season_family(season)).aggregate(
        n=Count("pk"), top=Max("pk"))
    return (got["n"], got["top"], season.handicap_per_point, season.handicap_cap)


def _team_players(season) -> dict:
    return {pk: (a, b) for pk, a, b in Team.objects.filter(season=season).values_list("pk", "player_a_id", "player_b_id")}


def _by_entrant(season, per_player: dict, entrants) -> dict:
    """Player ratings as entrant ratings: a team's is the mean of its players' (an unrated player: None)."""
    if season.league.format != LeagueFormat.FIXED:
        return {e: per_player.get(e) for e in entrants}
    teams = _team_players(season)
    out = {}
    for e in entrants:
        values = [per_player.get(p) for p in teams.get(e, ())]
        out[e] = None if not values or any(v is None for v in values) else sum(values) / len(values)
    return out


def _last_ordinals(events) -> dict:
    """Player -> ordinal after the player's last event in ``events`` (one query)."""
    last = {}
    for player, ordinal in events.order_by("order_key").values_list("player_id", "ordinal"):
        last[player] = ordinal
    return last


def entrant_extras(season, entrants) -> tuple[dict, dict]:
    """``(ratings, handicaps)`` of ``entrants``: the rating after the last rated game of this
    season (0 when none) and the handicap a game (0 without the option)."""
    family = season_family(season)
    in_season = _last_ordinals(RatingEvent.objects.filter(season=season, family=family))
    ratings = {e: round(v or 0.0, 2) for e, v in _by_entrant(season, in_season, entrants).items()}
    if season.handicap_per_point <= 0:
        return ratings, {e: 0 for e in entrants}
    before = _last_ordinals(RatingEvent.objects.filter(
        club_id=season.league.club_id, family=family, played_on__lt=season.starts_on))
    start = _by_entrant(season, before, entrants)
    return ratings, handicaps(start, season.handicap_per_point, season.handicap_cap)


def seeding_ratings(season, entrants) -> dict:
    """The entrants' current ratings for seeding a first round (one or two queries)."""
    family = season_family(season)
    players = list(entrants)
    if season.league.format == LeagueFormat.FIXED:
        players = [p for pair in _team_players(season).values() for p in pair]
    now = dict(PlayerRating.objects.filter(player_id__in=players, family=family).values_list("player_id", "ordinal"))
    return {e: (v or 0.0) for e, v in _by_entrant(season, now, entrants).items()}


def with_ratings(season, rows) -> tuple:
    """Standings rows with their entrants' ratings and handicaps filled in (two or three queries)."""
    ratings, caps = entrant_extras(season, [r.entrant for r in rows])
    return tuple(replace(r, rating=ratings.get(r.entrant, 0.0), handicap=caps.get(r.entrant, 0)) for r in rows)
