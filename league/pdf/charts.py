"""Charts inside PDFs: the same reportlab Drawing the pages show as SVG (league.charts)."""
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Spacer

from league.chart_data import game_totals_chart
from league.charts import HEIGHT, WIDTH, drawing

from .fonts import SANS, script_runs

PDF_WIDTH = 170 * mm


def in_script_fonts(group: Group) -> Group:
    """Each label of ``group`` (a player's name may be Chinese, Thai or carry
    an emoji) set run by run in the font of its script, as the rest of the
    PDF is, keeping its anchor; a label of one run in its own font is kept."""
    for index, node in enumerate(group.contents):
        if isinstance(node, Group):
            in_script_fonts(node)
        elif isinstance(node, String):
            runs = script_runs(node.text)
            if runs == ((node.fontName, node.text),):
                continue
            widths = [stringWidth(run, font, node.fontSize) for font, run in runs]
            x = node.x - {"end": sum(widths), "middle": sum(widths) / 2}.get(node.textAnchor, 0)
            parts = Group()
            for (font, run), width in zip(runs, widths):
                parts.add(String(x, node.y, run, fontName=font, fontSize=node.fontSize, fillColor=node.fillColor))
                x += width
            group.contents[index] = parts
    return group


def scaled(chart, width: float = PDF_WIDTH) -> Drawing:
    """The chart's drawing scaled to ``width`` (the page's text width unless told)."""
    factor = width / WIDTH
    inner = in_script_fonts(Group(*drawing(chart, font=SANS).contents))
    inner.scale(factor, factor)
    outer = Drawing(width, HEIGHT * factor, initialFontName=SANS)  # not reportlab's unembedded Helvetica
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
