"""Charts inside PDFs: the same reportlab Drawing the pages show as SVG (league.charts)."""
from reportlab.graphics.shapes import Drawing, Group
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Spacer

from league.chart_data import game_totals_chart
from league.charts import HEIGHT, WIDTH, drawing

from .fonts import SANS

PDF_WIDTH = 170 * mm


def scaled(chart, width: float = PDF_WIDTH) -> Drawing:
    """The chart's drawing scaled to ``width`` (the page's text width unless told)."""
    factor = width / WIDTH
    inner = Group(*drawing(chart, font=SANS).contents)
    inner.scale(factor, factor)
    outer = Drawing(width, HEIGHT * factor)
    outer.add(inner)
    return outer


def chart_block(chart, heading, width: float = PDF_WIDTH) -> list:
    """``heading(text)``: the document's own heading paragraph (its registered fonts)."""
    return [CondPageBreak(HEIGHT * width / WIDTH + 12 * mm), Spacer(1, 4 * mm),
            heading(chart.title), scaled(chart, width)]


def chart_flowables(sheet, heading) -> list:
    """The running totals of a game sheet with hands (none for an empty sheet)."""
    if not sheet.rows:
        return []
    return chart_block(game_totals_chart(sheet), heading)
