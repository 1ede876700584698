"""What each chart shows, built from numbers a page has already loaded (no query here)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from league.charts import Chart
from league.models.game import SIDE_LABELS


def game_totals_chart(sheet) -> Chart:
    """A Pinochle sheet's running totals, hand by hand, one line per side (from 0 before hand 1)."""
    names = [f"{label} {players}".strip() if label else players for label, players in sheet.side_names]
    rows = sheet.rows
    series = []
    for side, name in enumerate(names):
        series.append((name, [0] + [r.sides[side].total for r in rows if side < len(r.sides)]))
    finals = ", ".join(f"{n} {v[-1]}" for n, v in series)
    return Chart(
        title=_("Running totals, hand by hand"),
        description=_("Each side's total after every hand; after hand %(n)d: %(finals)s.")
        % {"n": len(rows), "finals": finals},
        x_labels=["0"] + [str(r.hand.number) for r in rows],
        series=series,
    )


def cribbage_totals_chart(board) -> Chart:
    """A cribbage board's running totals, deal by deal, one line per player (from 0 before deal 1)."""
    rows = board.rows
    series = [(name, [0] + [r.cells[p].row.total for r in rows]) for p, name in enumerate(board.names)]
    finals = ", ".join(f"{n} {v[-1]}" for n, v in series)
    return Chart(
        title=_("Running totals, deal by deal"),
        description=_("Each player's total after every deal; after deal %(n)d: %(finals)s.")
        % {"n": len(rows), "finals": finals},
        x_labels=["0"] + [str(r.hand.number) for r in rows],
        series=series,
    )


def rummy_totals_chart(board) -> Chart:
    """A rummy board's running totals, round by round, one line per team (from 0 before round 1)."""
    rows = board.rows
    series = [(f"{SIDE_LABELS[t]} {names}", [0] + [r.cells[t].row.total for r in rows])
              for t, names in enumerate(board.names)]
    finals = ", ".join(f"{n} {v[-1]}" for n, v in series)
    return Chart(
        title=_("Running totals, round by round"),
        description=_("Each team's total after every round; after round %(n)d: %(finals)s.")
        % {"n": len(rows), "finals": finals},
        x_labels=["0"] + [str(r.hand.number) for r in rows],
        series=series,
    )


def rating_chart(name: str, events, earlier: bool = False) -> Chart:
    """A player's rating (mu − 3 sigma) after each rated game of one family, in the order played
    (``earlier``: ``events`` are the last of more)."""
    values = [round(e.ordinal, 2) for e in events]
    text = (_("The rating after each of the last %(n)d rated games; now %(now)s.") if earlier
            else _("The rating after each of %(n)d rated games; now %(now)s."))
    return Chart(
        title=_("%(name)s: rating over time") % {"name": name},
        description=text % {"n": len(values), "now": values[-1] if values else "–"},
        x_labels=[f"{e.played_on:%m-%d}" for e in events],
        series=[(_("rating"), values)],
    )


def player_form_chart(name: str, nights, earlier: bool = False) -> Chart | None:
    """A player's (or team's) points per night from ``nights``, ``[(date, points)]`` oldest
    first, as the page has read them (``earlier``: the last nights of more); None without a game."""
    if not nights:
        return None
    ordered = list(nights)
    values = [p for _, p in ordered]
    text = (_("Points scored on each of the last %(n)d nights; best %(best)s, last %(last)s.") if earlier
            else _("Points scored on each of %(n)d nights; best %(best)s, last %(last)s."))
    return Chart(
        title=_("%(name)s: points per night") % {"name": name},
        description=text % {"n": len(values), "best": max(values), "last": values[-1]},
        x_labels=[f"{d:%m-%d}" for d, _ in ordered],
        series=[(_("points"), values)],
    )


METRIC_LABELS = {"points": gettext_lazy("Points"), "wins": gettext_lazy("Games won"),
                 "game_points": gettext_lazy("Game points"), "differential": gettext_lazy("Point differential")}

RACE_METRICS = {"points": "points_for", "wins": "wins", "game_points": "game_points",
                "differential": "differential", "handicapped": "points_for"}
"""The cumulative metric a race chart draws: the season's first ranking metric when it adds up
night by night, else total points (the handicap is its own column, not drawn)."""


def race_metric(season) -> str:
    first = str((season.precedence or ["points"])[0]).partition(":")[0]
    return first if first in RACE_METRICS and first != "handicapped" else "points"


RACE_LIMIT = 7
"""How many of the best-ranked entrants a race chart draws."""


def race_chart(title, description, x_labels, ranked, per_step, metric: str, limit: int = RACE_LIMIT,
               start=None) -> Chart:
    """Each of the ``limit`` best-ranked entrants' cumulative ``metric`` step by step.

    ``per_step``: ``{entrant: {step index: {field: value}}}``; an entrant with no game in a
    step keeps its total. ``start``: ``{entrant: total}`` before the first step (0 when absent:
    a chart of the season's last nights starts from the totals of the nights before them)."""
    field_name = RACE_METRICS[metric]
    start = start or {}
    series = []
    for r in list(ranked)[:limit]:
        steps, total, values = per_step.get(r.entrant, {}), start.get(r.entrant, 0), []
        for i in range(len(x_labels)):
            total += steps.get(i, {}).get(field_name, 0)
            values.append(total)
        series.append((r.row.name, values))
    return Chart(title=title, description=description, x_labels=x_labels, series=series)


def season_race_chart(season, nights, ranked, per_night, start=None, earlier: bool = False) -> Chart:
    """``earlier``: the season has nights with results before ``nights`` (the
    chart shows its last nights, from the totals before them)."""
    metric = race_metric(season)
    shown = min(len(ranked), RACE_LIMIT)
    values = {"metric": str(METRIC_LABELS[metric]), "n": shown, "nights": len(nights)}
    if earlier:
        description = ngettext(
            "%(metric)s added up night by night for the top %(n)d of the standings, over the season's last "
            "%(nights)d nights (from the totals before them).",
            "%(metric)s added up night by night for the top %(n)d of the standings, over the season's last "
            "%(nights)d nights (from the totals before them).", len(nights)) % values
    else:
        description = ngettext("%(metric)s added up night by night for the top %(n)d of the standings.",
                               "%(metric)s added up night by night for the top %(n)d of the standings.",
                               shown) % values
    return race_chart(_("The race, night by night"), description, [f"{n.date:%m-%d}" for n in nights], ranked,
                      per_night, metric, start=start)


def night_race_chart(rounds: list[int], ranked, per_round) -> Chart:
    shown = min(len(ranked), RACE_LIMIT)
    return race_chart(
        _("Tonight's race, round by round"),
        ngettext("Points added up round by round for the top %(n)d of tonight's standings.",
                 "Points added up round by round for the top %(n)d of tonight's standings.", shown) % {"n": shown},
        [str(n) for n in rounds], ranked, per_round, "points")
