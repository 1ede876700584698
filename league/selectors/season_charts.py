"""Reads for the race charts (league.chart_data), whatever the season's size.

The season race reads the per-night figures kept at write time
(``league.services.figures``: each entrant's sums of a night, byes
included, as the standings count them) in one grouped SQL query: one row a
night, holding the charted metric of each entrant drawn (the top of the
standings); tonight's race adds up the night's game results round by round
from rows the recap has read (a bye has no round and is left out of that
chart)."""
from django.db import connection

from league.chart_data import RACE_LIMIT, RACE_METRICS, night_race_chart, race_metric, season_race_chart
from league.models import Figures


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


METRIC = {"points_for": "points_for", "wins": "wins", "game_points": "game_points",
          "differential": "points_for - points_against"}


def season_race(season, standings_rows, nights):
    """The season race chart over the nights with results (``nights``: the season's, any order), or None."""
    field = RACE_METRICS[race_metric(season)]
    drawn = [r.entrant for r in list(standings_rows)[:RACE_LIMIT]]
    entrant = "team_id" if season.league.is_fixed else "player_id"
    sums = "".join(f", SUM(CASE WHEN {entrant} = %s THEN {METRIC[field]} ELSE 0 END)" for _ in drawn)
    with connection.cursor() as cursor:  # in SQL: the ORM took longer to compile the sums than SQLite to run them
        cursor.execute(f"SELECT night_id{sums} FROM {Figures._meta.db_table}"
                       " WHERE season_id = %s AND night_id IS NOT NULL GROUP BY night_id", [*drawn, season.pk])
        rows = cursor.fetchall()
    played = {r[0] for r in rows}
    shown = sorted((n for n in nights if n.pk in played), key=lambda n: (n.date, n.pk))
    if not shown or not standings_rows:
        return None
    index = {n.pk: i for i, n in enumerate(shown)}
    per_night = {e: {index[r[0]]: {field: r[i + 1]} for r in rows if r[0] in index} for i, e in enumerate(drawn)}
    return season_race_chart(season, shown, standings_rows, per_night)


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
