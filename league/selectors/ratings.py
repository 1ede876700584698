"""A player's ratings and their history, as the reader may see them (one query)."""
from collections import defaultdict

from league.chart_data import rating_chart
from league.models import RatingEvent, RatingFamily


def player_ratings(player, readable_league_ids: set[int]) -> list[dict]:
    """One entry per family the player is rated in: the rating now, the history and its chart.

    A rating that counts a game of a league the reader may not read is not shown
    (members-only leagues: docs/ratings.md)."""
    events = RatingEvent.objects.filter(player=player).order_by("order_key").values_list(
        "family", "league_id", "ordinal", "played_on", named=True)  # rows, not instances: one per game ever rated
    by_family = defaultdict(list)
    for e in events:
        by_family[e.family].append(e)
    out = []
    for family, history in sorted(by_family.items()):
        if any(e.league_id not in readable_league_ids for e in history):
            continue
        out.append({"family": RatingFamily(family).label, "key": family, "now": history[-1], "history": history,
                    "chart": rating_chart(player.name, history)})
    return out
