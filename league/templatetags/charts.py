"""``{% game_chart sheet %}``: a game's running totals chart, inline SVG with its table."""
from django import template

from league.chart_data import game_totals_chart
from league.charts import svg

register = template.Library()


@register.inclusion_tag("league/_chart.html")
def game_chart(sheet):
    chart = game_totals_chart(sheet)
    return {"chart": chart, "svg": svg(chart, "game-chart"), "testid": "game-chart"}


@register.inclusion_tag("league/_chart.html")
def chart(chart, testid="chart"):
    return {"chart": chart, "svg": svg(chart, testid), "testid": testid}
