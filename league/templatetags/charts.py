"""``{% game_chart sheet %}`` (Pinochle), ``{% cribbage_chart board %}`` and
``{% rummy_chart board %}``: a game's running totals chart, inline SVG with its table."""
import hashlib

from django import template
from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from league.chart_data import cribbage_totals_chart, game_totals_chart, rummy_totals_chart
from league.charts import Chart, svg

register = template.Library()


@register.simple_tag
def game_chart(sheet):
    """The chart's figure (``_chart.html``). Drawing it (reportlab's SVG) was a
    fifth of the game page; the figure is a function of the chart's numbers,
    texts and the language alone, so it is kept in Django's cache under them
    and a page polled with nothing new draws nothing."""
    return chart_figure(game_totals_chart(sheet), "game-chart")


@register.simple_tag
def cribbage_chart(board):
    """A cribbage game's running totals, deal by deal (the figure kept as the Pinochle one is)."""
    return chart_figure(cribbage_totals_chart(board), "game-chart")


@register.simple_tag
def rummy_chart(board):
    """A rummy game's running totals, round by round (the figure kept as the Pinochle one is)."""
    return chart_figure(rummy_totals_chart(board), "game-chart")


@register.simple_tag(name="chart")
def chart_figure(chart, testid="chart"):
    """Any chart's figure (``_chart.html``), kept in Django's cache as the
    game's is, under everything it is drawn from (its numbers and their types,
    its texts, the language, the release): the season race's table holds a
    number per night and entrant drawn (2,100 at 300 nights), the most of the
    season page's own rendering."""
    drawn = (get_language(), str(chart.title), str(chart.description), tuple(map(str, chart.x_labels)),
             tuple((str(name), tuple(values), tuple(type(v).__name__ for v in values)) for name, values in chart.series),
             testid, settings.CLUBTALLY_RELEASE)
    key = "chart:" + hashlib.sha256(repr(drawn).encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        chart = Chart(title=drawn[1], description=drawn[2], x_labels=list(drawn[3]),
                      series=[(name, list(values)) for name, values, _types in drawn[4]])
        html = render_to_string("league/_chart.html", {"chart": chart, "svg": svg(chart, testid), "testid": testid})
        cache.set(key, html, CHART_CACHE_SECONDS)
    return mark_safe(html)


CHART_CACHE_SECONDS = 24 * 3600
