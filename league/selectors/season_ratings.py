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

from league.models import RatingEvent
from league.services.ratings import by_entrant, season_family
from scoring.ratings.handicap import handicaps

RATING_METRICS = {"rating", "handicapped"}


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
    ratings = {e: round(v or 0.0, 2) for e, v in by_entrant(season, in_season, entrants).items()}
    if season.handicap_per_point <= 0:
        return ratings, {e: 0 for e in entrants}
    before = _last_ordinals(RatingEvent.objects.filter(
        club_id=season.league.club_id, family=family, played_on__lt=season.starts_on))
    start = by_entrant(season, before, entrants)
    return ratings, handicaps(start, season.handicap_per_point, season.handicap_cap)


def with_ratings(season, rows) -> tuple:
    """Standings rows with their entrants' ratings and handicaps filled in (two or three queries)."""
    ratings, caps = entrant_extras(season, [r.entrant for r in rows])
    return tuple(replace(r, rating=ratings.get(r.entrant, 0.0), handicap=caps.get(r.entrant, 0)) for r in rows)
