"""django-tables2 tables: the standings, sortable and exportable (CSV, XLSX).

Rows are plain dicts prepared once per page (:func:`standings_rows`); the
table object sorts, paginates and exports them, and ``_standings_table.html``
writes the cells straight from each record (django-tables2's generic cell
rendering cost more than the rest of the page).
"""
import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from league.i18n import render


def _narrow(cls):
    return {"th": {"class": cls}, "td": {"class": cls}}


class StandingsTable(tables.Table):
    """Ranked standings; ``#`` sorts by rank, every other column by its value."""

    rank = tables.Column(verbose_name=_("#"), accessor="rank_label", order_by=("rank",))
    name = tables.Column(verbose_name=_("Name"), accessor="name_html", order_by=("name",))
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


def standings_rows(ranked, url=None) -> list[dict]:
    """One dict per ranked row, with the entrant's page linked when ``url`` is given."""
    rows = []
    for r in ranked:
        row = r.row
        name_html = format_html('<a href="{}">{}</a>', url(r.entrant), row.name) if url else row.name
        rows.append({
            "rank": r.rank, "rank_label": r.rank_label, "name": row.name, "name_html": name_html,
            "games": row.games, "wins": row.wins, "points": row.points_for,
            "against": row.points_against, "differential": row.differential,
            "bids": f"{row.bids_made}/{row.bids_taken}", "nights": row.nights,
            "split": render(r.split_by_label) if r.split_by_label else "",
        })
    return rows
