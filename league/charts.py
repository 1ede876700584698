"""Line charts drawn once with reportlab.graphics: the same Drawing is written
as SVG into pages (``renderSVG``) and drawn inside PDFs.

A chart is a :class:`Chart` (title, description, x labels, series of numbers);
:func:`drawing` lays it out in a fixed 640×320 box, :func:`svg` returns the
markup for a page: ``viewBox`` with width 100% (readable at 390 px), a
``<title>`` and ``<desc>``, presentation attributes only (no script, no style
attribute), and each series' points as ``data-values`` on its ``<g>``, so a
test can read back what was plotted. The numbers also go in a table for
screen readers (``templates/league/_chart.html``).
Colours: Okabe–Ito (colour-blind safe; two darkened for contrast), each line also dashed differently.
"""
import re
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing, Group, Line, PolyLine, String
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

WIDTH, HEIGHT = 640, 320
LEFT, RIGHT, TOP, BOTTOM = 56, 150, 16, 36
#: Okabe–Ito (colour-blind safe); its orange darkened and its sky blue replaced by a dark purple,
#: so that every line passes WCAG's 3:1 for graphics against white (tests/league/test_season_charts.py).
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#B07A00", "#6A3D9A", "#000000")
DASHES = (None, (6, 3), (2, 2), (8, 3, 2, 3), (4, 4), (1, 3), (10, 2))
MAX_SERIES = 7


@dataclass
class Chart:
    title: str
    description: str
    x_labels: list[str]
    series: list[tuple[str, list[float]]] = field(default_factory=list)

    @property
    def rows(self):
        """The table for screen readers: one row per x label, one cell per series."""
        return [(label, [values[i] if i < len(values) else "" for _, values in self.series])
                for i, label in enumerate(self.x_labels)]


def _bounds(chart):
    values = [v for _, vs in chart.series for v in vs] or [0]
    low, high = min(min(values), 0), max(max(values), 1)
    return low, high


def scale(chart):
    """``(x(i), y(value))`` functions of the plot area (reportlab's origin is bottom left)."""
    low, high = _bounds(chart)
    n = max(len(chart.x_labels) - 1, 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i):
        return LEFT + plot_w * i / n

    def y(v):
        return BOTTOM + plot_h * (v - low) / (high - low)
    return x, y


def _fmt(v):
    return f"{v:.2f}" if isinstance(v, float) and not float(v).is_integer() else str(int(v))


def _ticks(chart, low, high) -> list:
    """The value axis' three labels: bottom, middle, top. A chart of whole
    numbers (scores, points) has whole-number labels, its middle one rounded
    to the nearest whole number and drawn at that value (not "72.50")."""
    middle = (low + high) / 2
    if all(float(v).is_integer() for _name, values in chart.series for v in values):
        return [int(low), int(round(middle)), int(high)]
    return [low, middle, high]


def drawing(chart, font: str = "Helvetica") -> Drawing:
    """The chart in reportlab shapes; ``font``: a PDF passes its registered font."""
    d = Drawing(WIDTH, HEIGHT)
    x, y = scale(chart)
    low, high = _bounds(chart)
    grey = HexColor("#595959")
    d.add(Line(LEFT, BOTTOM, WIDTH - RIGHT, BOTTOM, strokeColor=grey))
    d.add(Line(LEFT, BOTTOM, LEFT, HEIGHT - TOP, strokeColor=grey))
    for v in _ticks(chart, low, high):
        d.add(String(LEFT - 6, y(v) - 4, _fmt(round(v, 2)), fontSize=11, textAnchor="end", fillColor=grey, fontName=font))
    labels = chart.x_labels
    step = max(1, len(labels) // 8)
    for i in range(0, len(labels), step):
        d.add(String(x(i), BOTTOM - 16, labels[i], fontSize=11, textAnchor="middle", fillColor=grey,
                     fontName=font))
    for k, (name, values) in enumerate(chart.series[:MAX_SERIES]):
        colour = HexColor(COLOURS[k])
        g = Group()
        points = [c for i, v in enumerate(values) for c in (x(i), y(v))]
        if len(values) == 1:
            points += [points[0] + 0.01, points[1]]
        g.add(PolyLine(points, strokeColor=colour, strokeWidth=2.5, strokeDashArray=DASHES[k]))
        if values:
            g.add(String(WIDTH - RIGHT + 6, y(values[-1]) - 4, _fit(name, font), fontSize=11, fillColor=colour,
                         fontName=font))
        d.add(g)
    return d


def _fit(text: str, font: str, size: float = 11) -> str:
    """``text`` cut (with "…") to the label column right of the plot."""
    room = RIGHT - 10
    if stringWidth(text, font, size) <= room:
        return text
    while text and stringWidth(text + "…", font, size) > room:
        text = text[:-1]
    return text + "…"


def svg(chart, testid: str = "chart") -> str:
    """The chart as inline SVG for a page. Drawing it through renderSVG was a
    quarter of the player page's CPU: the figure it goes into is kept in
    Django's cache under the chart's numbers and texts (``{% chart %}``,
    :mod:`league.templatetags.charts`), so a chart is drawn once per change."""
    return _svg(chart, testid)


def _svg(chart, testid: str) -> str:
    text = renderSVG.drawToString(drawing(chart))
    text = text[text.index("<svg"):]
    text = re.sub(r'<svg[^>]*?>', lambda m: (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'role="img" aria-labelledby="{testid}-title {testid}-desc" data-testid={quoteattr(testid)} '
        f'preserveAspectRatio="xMidYMid meet"><title id="{testid}-title">{escape(chart.title)}</title>'
        f'<desc id="{testid}-desc">{escape(chart.description)}</desc>'), text, count=1)
    text = _inline_style_to_attributes(text)
    text = text.replace("\t<title>...</title>\n", "").replace("\t<desc>...</desc>\n", "")
    text = text.replace('fill="None"', 'fill="none"').replace('id="group" ', "")
    text = text.replace('id="clip"', f'id="{testid}-clip"').replace("url(#clip)", f"url(#{testid}-clip)")
    marks = iter(chart.series[:MAX_SERIES])

    def mark(m):
        name, values = next(marks)
        return (f"<polyline data-series={quoteattr(name)} "
                f"data-values={quoteattr(' '.join(_fmt(v) for v in values))} points=")
    return re.sub(r"<polyline points=", mark, text)


def _inline_style_to_attributes(text: str) -> str:
    """renderSVG writes ``style="stroke: …; fill: …"``; a CSP without 'unsafe-inline' styles would
    drop those, so each declaration becomes a presentation attribute."""
    def attrs(m):
        decls = [d.split(":", 1) for d in m.group(1).split(";") if ":" in d]
        return " ".join(f'{k.strip()}={quoteattr(v.strip())}' for k, v in decls)
    return re.sub(r'style="([^"]*)"', attrs, text)


def plotted(svg_text: str, chart) -> list[list[float]]:
    """Invert the scale: the values each polyline's points stand for (for tests)."""
    _x, y = scale(chart)
    low, high = _bounds(chart)
    y0, y1 = y(low), y(high)
    out = []
    for pts in re.findall(r'<polyline[^>]*points="([^"]*)"', svg_text):
        nums = [float(n) for n in re.split(r"[ ,]+", pts.strip()) if n]
        ys = nums[1::2]  # the drawing's group flips the y axis, the points keep reportlab's
        out.append([round(low + (v - y0) * (high - low) / (y1 - y0), 2) for v in ys])
    return out
