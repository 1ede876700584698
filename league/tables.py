"""django-tables2 tables: the standings, sortable and exportable (CSV, XLSX)."""
import django_tables2 as tables
from django.utils.translation import gettext_lazy as _


class StandingsTable(tables.Table):
    """Ranked rows from ``scoring.standings.rank`` (``RankedRow`` objects)."""

    rank = tables.Column(verbose_name=_("#"), accessor="rank_label", order_by=("rank",))
    name = tables.Column(verbose_name=_("Name"), accessor="row__name")
    games = tables.Column(verbose_name=_("Games"), accessor="row__games")
    wins = tables.Column(verbose_name=_("Won"), accessor="row__wins")
    points = tables.Column(verbose_name=_("Points"), accessor="row__points_for")
    against = tables.Column(verbose_name=_("Against"), accessor="row__points_against",
                            attrs={"th": {"class": "col-against"}, "td": {"class": "col-against"}})
    differential = tables.Column(verbose_name=_("Diff."), accessor="row__differential")
    bids = tables.Column(verbose_name=_("Bids made"), accessor="row__bids_made", orderable=False,
                         attrs={"th": {"class": "col-bids"}, "td": {"class": "col-bids"}})
    nights = tables.Column(verbose_name=_("Nights"), accessor="row__nights",
                           attrs={"th": {"class": "col-nights"}, "td": {"class": "col-nights"}})
    split = tables.Column(verbose_name=_("Split by"), accessor="split_by_label", orderable=False,
                          default="")

    class Meta:
        attrs = {"class": "standings", "data-testid": "standings"}
        orderable = True

    def __init__(self, *args, name_url=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.name_url = name_url

    def render_name(self, value, record):
        from django.utils.html import format_html

        if self.name_url:
            return format_html('<a href="{}">{}</a>', self.name_url(record.entrant), value)
        return value

    def value_name(self, value):
        return value

    def render_bids(self, value, record):
        return f"{record.row.bids_made}/{record.row.bids_taken}"

    def render_split(self, value):
        from league.i18n import render

        return render(value) if value else ""

    value_split = render_split
