"""Reads for the race charts (league.chart_data), whatever the season's size.

The season race reads the figures kept at write time
(``league.services.figures``: each entrant's sums of a night, byes
included, as the standings count them, and of the whole season): the
season's last :data:`RACE_NIGHTS` nights with results (one query) and, for
the entrants drawn (the top of the standings), their rows of those nights
and of the season (one query, at most 7 × 21 rows). The chart starts from
each entrant's total before those nights (the season's sum less theirs),
so its last point is the standings' total however long the season; the
printed report draws every night. Tonight's race adds up the night's game
results round by round from rows the recap has read (a bye has no round and
is left out of that chart)."""
from django.db.models import Exists, OuterRef, Q

from league.chart_data import RACE_LIMIT, RACE_METRICS, night_race_chart, race_metric, season_race_chart
from league.models import Figures, Night

RACE_NIGHTS = 20
"""How many of the season's last nights with results the season page's race draws."""


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


def _played(season):
    return Night.objects.filter(season_id=season).filter(Exists(Figures.objects.filter(
        season_id=OuterRef("season_id"), night_id=OuterRef("pk")))).order_by("-date", "-id")


def _every_played(season) -> list:
    return list(_played(season).values_list("pk", "date", named=True))


def _last_played(season) -> list:
    return list(_played(season).values_list("pk", "date", named=True)[:RACE_NIGHTS + 1])
FIGURE_COLUMNS = ("night_id", "points_for", "points_against", "wins", "game_points")


def _drawn(entrant: str, season, entrants, nights) -> list:
    """The drawn entrants' (``entrant``: ``player_id`` or ``team_id``) figures of those nights and of the season."""
    return list(Figures.objects.filter(
        Q(night_id__in=nights) | Q(night__isnull=True), season_id=season, **{f"{entrant}__in": entrants})
        .order_by().values_list(entrant, *FIGURE_COLUMNS))


def _value(field: str, row) -> int:
    _entrant, _night, points_for, points_against, wins, game_points = row
    return {"points_for": points_for, "wins": wins, "game_points": game_points,
            "differential": points_for - points_against}[field]


def season_race(season, standings_rows, every_night: bool = False):
    """The season race chart over its last :data:`RACE_NIGHTS` nights with
    results (``every_night``: over all of them), or None before a result."""
    field = RACE_METRICS[race_metric(season)]
    drawn = [r.entrant for r in list(standings_rows)[:RACE_LIMIT]]
    nights = (_every_played if every_night else _last_played)(season.pk)
    earlier = len(nights) > RACE_NIGHTS and not every_night
    shown = nights[:RACE_NIGHTS][::-1] if not every_night else nights[::-1]
    if not shown or not drawn:
        return None
    index = {n.pk: i for i, n in enumerate(shown)}
    rows = _drawn("team_id" if season.league.is_fixed else "player_id", season.pk, drawn, list(index))
    per_night, start = {}, {}
    for row in rows:
        entrant, night = row[0], row[1]
        if night is None:
            start[entrant] = start.get(entrant, 0) + _value(field, row)
        else:
            step = per_night.setdefault(entrant, {}).setdefault(index[night], {field: 0})
            step[field] += _value(field, row)
            start[entrant] = start.get(entrant, 0) - _value(field, row)
    return season_race_chart(season, shown, standings_rows, per_night, start=start, earlier=earlier)


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
