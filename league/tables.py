"""django-tables2 tables: the standings, sortable and exportable (CSV, XLSX).

Rows are plain dicts prepared once per page (:func:`standings_rows`); the
table object sorts and paginates them, and ``_standings_table.html`` writes
the cells straight from each record (django-tables2's generic cell rendering
cost more than the rest of the page). The season page keeps the whole table
in ``{% cache %}`` under the standings' state (``season_detail.html``), so the
template runs once per change of the season's results.
"""
import django_tables2 as tables
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from league.i18n import render


def _narrow(cls):
    return {"th": {"class": cls}, "td": {"class": cls}}


class StandingsTable(tables.Table):
    """Ranked standings; ``#`` sorts by rank, every other column by its value."""

    rank = tables.Column(verbose_name=_("#"), accessor="rank_label", order_by=("rank",))
    name = tables.Column(verbose_name=_("Name"), accessor="name", order_by=("name",))
    games = tables.Column(verbose_name=_("Games"))
    wins = tables.Column(verbose_name=_("Won"))
    points = tables.Column(verbose_name=_("Points"))
    against = tables.Column(verbose_name=_("Against"), attrs=_narrow("col-against"))
    differential = tables.Column(verbose_name=_("Diff."))
    bids = tables.Column(verbose_name=_("Bids made"), orderable=False, attrs=_narrow("col-bids"))
    nights = tables.Column(verbose_name=_("Nights"), attrs=_narrow("col-nights"))
    split = tables.Column(verbose_name=_("Split by"), orderable=False, default="")

    class Meta:
        attrs = {"class": "standings", "data-testid": "standings"}
        orderable = True


EXTRA_COLUMNS = {"rating": _("Rating"), "handicap": _("Handicap"), "handicapped": _("With handicap")}
"""Columns a season shows when it ranks on ratings or has a handicap (docs/ratings.md),
after the usual ones: the handicap is its own column, the points stay raw."""


def extra_columns(season) -> list[str]:
    keys = {str(k).partition(":")[0].strip() for k in season.precedence or ()}
    out = ["rating"] if "rating" in keys else []
    if season.handicap_per_point > 0 or "handicapped" in keys:
        out += ["handicap", "handicapped"]
    return out


def best_n(result) -> tuple[int, int] | None:
    """``(N, M)`` when the standings rank on the best N nights: N from the
    precedence, M the nights of the season with a result so far; else None."""
    for criterion in result.criteria:
        if criterion.metric.key == "best_n" and criterion.arg:
            played = {night for r in result.rows for night, _points in r.row.night_points}
            return int(criterion.arg), len(played)
    return None


def best_n_label(n: int, m: int) -> str:
    """``best 3 of 5 nights``: the best-N column's header and the metric's name on the page."""
    return ngettext("best %(n)s of %(m)s night", "best %(n)s of %(m)s nights", m) % {"n": n, "m": m}


def criteria_labels(result) -> list[str]:
    """Each ranking metric's name as the page says it, the best N with its numbers."""
    best = best_n(result)
    return [best_n_label(*best) if best and c.metric.key == "best_n" else render(c.label) for c in result.criteria]


def standings_rows(ranked, url=None, extra=(), best=None) -> list[dict]:
    """One dict per ranked row, with the entrant's page (``url``: a function of
    the entrant id, or None) and ``extra_cells``: the values of the ``extra``
    columns (keys of :data:`EXTRA_COLUMNS`, and ``best_n``: the sum of the
    row's best N nights, ``best`` being ``(N, M)``), in their order."""
    rows = []
    for r in ranked:
        row = r.row
        record = {
            "rank": r.rank, "rank_label": r.rank_label, "name": row.name, "url": url(r.entrant) if url else "",
            "games": row.games, "wins": row.wins, "points": row.points_for,
            "against": row.points_against, "differential": row.differential,
            "bids": f"{row.bids_made}/{row.bids_taken}", "nights": row.nights,
            "split": render(r.split_by_label) if r.split_by_label else "",
        }
        if extra:
            record.update(rating=f"{row.rating:.2f}", handicap=row.handicap, handicapped=row.handicapped_points)
            if best:
                record["best_n"] = row.best_nights(best[0])
        record["extra_cells"] = [record[k] for k in extra]
        rows.append(record)
    return rows


def url_pattern(viewname: str, args: list):
    """``entrant -> reverse(viewname, args=[*args, entrant])`` with one ``reverse``
    for the whole table (the entrant id is the path's last argument)."""
    marker = 987654321
    head, tail = reverse(viewname, args=[*args, marker]).rsplit(str(marker), 1)
    return lambda entrant: f"{head}{entrant}{tail}"
