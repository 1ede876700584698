"""A player's ratings and their history, as the reader may see them."""

from django.db.models import Case, Count, IntegerField, Max, Value, When

from league.chart_data import rating_chart
from league.games.registry import rating_family_choices
from league.models import RatingEvent

RATING_GAMES = 100
"""How many of a family's last rated games the player page charts (the count shown is of every one)."""


def player_ratings(player, readable_league_ids: set[int]) -> list[dict]:
    """One entry per family the player is rated in: the rating now, the number
    of rated games, the last :data:`RATING_GAMES` of them and their chart.

    A rating that counts a game of a league the reader may not read is not shown
    (members-only leagues: docs/ratings.md). One query counts each family's
    games and finds an unreadable league among them (on the index of the
    player's families and leagues), and one a family shown reads its last
    games: a page reads at most :data:`RATING_GAMES` rows a family however
    many games were rated."""
    out = []
    for f in _families(player.pk, sorted(readable_league_ids)):  # no readable league: no query, none shown
        if f["hidden"]:
            continue
        history = _history(RATING_GAMES, player.pk, f["family"])[::-1]  # rows, not instances
        out.append({"family": dict(rating_family_choices())[f["family"]], "key": f["family"], "now": history[-1],
                    "games": f["games"], "history": history,
                    "chart": rating_chart(player.name, history, earlier=f["games"] > len(history))})
    return out


def _families(player, readable) -> list:
    return list(RatingEvent.objects.filter(player_id=player).values("family").annotate(
        games=Count("pk"), hidden=Max(Case(When(league_id__in=readable, then=Value(0)), default=Value(1),
        output_field=IntegerField()))).order_by("family"))


def _history(limit: int, player, family) -> list:
    return list(RatingEvent.objects.filter(player_id=player, family=family)
                .order_by("-order_key").values_list("ordinal", "played_on", named=True)[:limit])
