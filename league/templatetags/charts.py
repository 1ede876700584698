"""``{% game_chart sheet %}`` (Pinochle), ``{% cribbage_chart board %}`` and
``{% rummy_chart board %}``: a game's running totals chart, inline SVG with its table."""
from functools import lru_cache

from django import template
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
    texts and the language alone, so the last ones drawn are kept in this
    process and a page polled with nothing new draws nothing."""
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
    """Any chart's figure (``_chart.html``), kept in this process as the game's
    is: the season race's table holds a number per night and entrant drawn
    (2,100 at 300 nights), the most of the season page's own rendering."""
    return _figure(get_language(), str(chart.title), str(chart.description), tuple(map(str, chart.x_labels)),
                   tuple((str(name), tuple(values), tuple(type(v) for v in values)) for name, values in chart.series),
                   testid)


@lru_cache(maxsize=64)
def _figure(language, title, description, x_labels, series, testid):
    chart = Chart(title=title, description=description, x_labels=list(x_labels),
                  series=[(name, list(values)) for name, values, _types in series])
    return mark_safe(render_to_string("league/_chart.html", {"chart": chart, "svg": svg(chart, testid),
                                                             "testid": testid}))
