"""Reads for the race charts (league.chart_data), whatever the season's size.

The season race adds up each entrant's stored results night by night (byes
included, as the standings count them), in one aggregate query; tonight's race
adds up the night's game results round by round from rows the recap has read
(a bye has no round and is left out of that chart)."""
from django.db.models import Count, Q, Sum

from league.chart_data import night_race_chart, season_race_chart
from league.models import Result


def _per_step(rows, step_of) -> dict:
    out = {}
    for r in rows:
        step = step_of(r)
        if step is None:
            continue
        entrant = r["team_id"] or r["player_id"]
        out.setdefault(entrant, {})[step] = {
            "points_for": r["pf"], "wins": r["w"], "game_points": r["gp"], "differential": r["pf"] - r["pa"]}
    return out


SUMS = {"pf": Sum("points_for"), "pa": Sum("points_against"), "w": Count("pk", filter=Q(won=True)),
        "gp": Sum("game_points")}


def season_race(season, standings_rows, nights):
    """The season race chart over the nights with results (``nights``: the season's, any order), or None."""
    rows = list(Result.objects.filter(season=season).values("night_id", "team_id", "player_id")
                .annotate(**SUMS).order_by())
    played = {r["night_id"] for r in rows}
    shown = sorted((n for n in nights if n.pk in played), key=lambda n: (n.date, n.pk))
    if not shown or not standings_rows:
        return None
    index = {n.pk: i for i, n in enumerate(shown)}
    return season_race_chart(season, shown, standings_rows, _per_step(rows, lambda r: index.get(r["night_id"])))


def night_race(night, standings_rows, results):
    """Tonight's race chart over the rounds with results, or None. ``results``: the season's game
    result rows as :func:`league.selectors.awards.season_rows` read them (no query here)."""
    per = {}
    for r in results:
        if r["night_id"] != night.pk or r["round_no"] is None:
            continue
        key = (r["team_id"], r["player_id"], r["round_no"])
        t = per.setdefault(key, {"team_id": r["team_id"], "player_id": r["player_id"], "number": r["round_no"],
                                 "pf": 0, "pa": 0, "w": 0, "gp": 0})
        t["pf"] += r["points_for"]
        t["pa"] += r["points_against"]
        t["w"] += bool(r["won"])
        t["gp"] += r["game_points"]
    rows = list(per.values())
    rounds = sorted({r["number"] for r in rows})
    if not rounds or not standings_rows:
        return None
    index = {n: i for i, n in enumerate(rounds)}
    return night_race_chart(rounds, standings_rows, _per_step(rows, lambda r: index.get(r["number"])))
