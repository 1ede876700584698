"""The club ratings table: one family's ratings as the reader may see them (docs/ratings.md).

A rating that counts a game of a league the reader may not read (a
members-only league, for a reader who is not a member) is left out, as on the
player page. One query for the families, one for the rows, whatever the club's size.
"""
from django.db.models import Exists, F, OuterRef, Subquery

from league.games.registry import rating_family_choices
from league.models import PlayerRating, RatingEvent


def rated_families(club) -> list[str]:
    """The families with at least one rating in the club, in the order of the game kinds."""
    present = set(PlayerRating.objects.filter(club=club).values_list("family", flat=True).distinct())
    return [f for f, _label in rating_family_choices() if f in present]


def club_ratings(club, family: str, readable_league_ids: set[int] | None) -> list[dict]:
    """Ranked rows: rank (equal ratings share it), player, ordinal, mu, sigma, games, last change, last game date.

    ``readable_league_ids`` None: the reader reads every league of the club."""
    last = RatingEvent.objects.filter(player=OuterRef("player"), family=family).order_by("-order_key")
    rows = (PlayerRating.objects.filter(club=club, family=family)
            .annotate(last_change=Subquery(last.annotate(
                d=F("ordinal") - (F("mu_before") - 3 * F("sigma_before"))).values("d")[:1]),
                      last_played=Subquery(last.values("played_on")[:1]))
            .values("player_id", "player__name", "ordinal", "mu", "sigma", "games", "last_change", "last_played")
            .order_by("-ordinal", "player__name", "player_id"))
    if readable_league_ids is not None:
        hidden = RatingEvent.objects.filter(player=OuterRef("player"), family=family).exclude(
            league_id__in=readable_league_ids)
        rows = rows.filter(~Exists(hidden))
    out, previous, rank = [], None, 0
    for n, r in enumerate(rows, 1):
        ordinal = round(r["ordinal"], 2)
        if ordinal != previous:
            rank, previous = n, ordinal
        out.append({
            "rank": rank, "player_id": r["player_id"], "player": r["player__name"], "rating": ordinal,
            "mu": round(r["mu"], 2), "sigma": round(r["sigma"], 2), "games": r["games"],
            "last_change": round(r["last_change"] or 0.0, 2), "last_played": r["last_played"],
        })
    return out
