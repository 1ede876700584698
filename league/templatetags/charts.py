"""``{% game_chart sheet %}``: a game's running totals chart, inline SVG with its table."""
from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from league.chart_data import game_totals_chart
from league.charts import Chart, svg

register = template.Library()


@register.simple_tag
def game_chart(sheet):
    """The chart's figure (``_chart.html``). Drawing it (reportlab's SVG) was a
    fifth of the game page; the figure is a function of the chart's numbers,
    texts and the language alone, so the last ones drawn are kept in this
    process and a page polled with nothing new draws nothing."""
    chart = game_totals_chart(sheet)
    return _figure(get_language(), chart.title, chart.description, tuple(chart.x_labels),
                   tuple((name, tuple(values)) for name, values in chart.series))


@lru_cache(maxsize=64)
def _figure(language, title, description, x_labels, series):
    chart = Chart(title=title, description=description, x_labels=list(x_labels),
                  series=[(name, list(values)) for name, values in series])
    return mark_safe(render_to_string("league/_chart.html", {
        "chart": chart, "svg": svg(chart, "game-chart"), "testid": "game-chart"}))


@register.inclusion_tag("league/_chart.html")
def chart(chart, testid="chart"):
    return {"chart": chart, "svg": svg(chart, testid), "testid": testid}
