"""The club ratings table (django-tables2), sortable and exportable as CSV and XLSX
(``django_tables2.export`` with tablib): the player plain text in exports, linked on the page."""
import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from league.views.exports import safe_cell


class RatingsTable(tables.Table):
    rank = tables.Column(verbose_name=_("#"))
    player = tables.Column(verbose_name=_("Player"))
    rating = tables.Column(verbose_name=_("Rating"), attrs={"td": {"class": "num"}})
    mu = tables.Column(verbose_name=_("mu"), attrs={"td": {"class": "num"}})
    sigma = tables.Column(verbose_name=_("sigma"), attrs={"td": {"class": "num"}})
    games = tables.Column(verbose_name=_("Games rated"), attrs={"td": {"class": "num"}})
    last_change = tables.Column(verbose_name=_("Last change"), attrs={"td": {"class": "num"}})
    last_played = tables.DateColumn(verbose_name=_("Last game"), format="Y-m-d")

    class Meta:
        attrs = {"class": "standings", "data-testid": "ratings-table"}
        orderable = True

    def __init__(self, *args, player_url=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.player_url = player_url

    def render_player(self, value, record):
        from django.utils.html import format_html
        if self.player_url is None:
            return value
        return format_html('<a href="{}">{}</a>', self.player_url(record["player_id"]), value)

    def value_player(self, value):
        return safe_cell(value)

    def render_rating(self, value):
        return f"{value:.2f}"

    def render_mu(self, value):
        return f"{value:.2f}"

    def render_sigma(self, value):
        return f"{value:.2f}"

    def render_last_change(self, value):
        return f"{value:+.2f}"

    def value_rating(self, value):
        return value

    def value_mu(self, value):
        return value

    def value_sigma(self, value):
        return value

    def value_last_change(self, value):
        return value

    def value_last_played(self, value):
        return value.isoformat() if value else ""
