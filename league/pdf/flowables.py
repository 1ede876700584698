"""Small flowables shared by the documents: a line of text that always fits
its cell, a table that notes where it was drawn, and a QR code."""
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str
from reportlab.platypus import Flowable, Table

from . import qr
from .fonts import draw_string, fit


class FitText(Flowable):
    """One line of text that never leaves its cell: set smaller down to
    ``min_size``, then cut with an ellipsis (``fonts.fit``). Its height is the
    one of the requested size, so rows stay even."""

    def __init__(self, text, size=8.0, *, bold=False, align="left", min_size=5.5, color=None):
        super().__init__()
        self.text = "" if text is None else str(text)
        self.size, self.bold, self.align, self.min_size = size, bold, align, min_size
        self.color = color
        self.fitted, self.fitted_size = self.text, size

    def wrap(self, avail_width, avail_height):
        self.width = avail_width
        self.height = self.size * 1.2
        self.fitted, self.fitted_size = fit(
            self.text, avail_width, self.size, min_size=self.min_size, bold=self.bold
        )
        return self.width, self.height

    def draw(self):
        if not self.fitted:
            return
        x = {"left": 0, "center": self.width / 2, "right": self.width}[self.align]
        if self.color is not None:
            self.canv.setFillColor(self.color)
        draw_string(
            self.canv, x, self.size * 0.25, self.fitted, self.fitted_size,
            bold=self.bold, align=self.align,
        )


@dataclass(frozen=True)
class Box:
    """Where one part of a table was drawn: page number and rectangle in points."""

    page: int
    x: float
    y: float
    width: float
    height: float


class RecordedTable(Table):
    """A ``Table`` that appends a :class:`Box` to ``boxes`` for every part of it
    drawn (a split table draws one part per page). Use :func:`recorded_table`
    to get a subclass bound to one document's list, since reportlab builds the
    parts of a split table through ``self.__class__``."""

    boxes: list | None = None

    def drawOn(self, canvas, x, y, _sW=0):
        super().drawOn(canvas, x, y, _sW)
        if self.boxes is not None:
            left = self._hAlignAdjust(x, _sW)
            self.boxes.append(Box(canvas.getPageNumber(), left, y, self._width, self._height))


def recorded_table(boxes: list) -> type:
    return type("RecordedTable", (RecordedTable,), {"boxes": boxes})


QUIET_ZONE = 4  # light modules around the symbol, as the QR standard asks


@lru_cache(maxsize=512)
def qr_runs(value: str) -> tuple[int, tuple]:
    """``(modules, runs)`` of the QR code of ``value`` (error correction level M,
    ``segno``'s symbol with the standard's mask choice, made fast by
    :func:`league.pdf.qr.encode`): the side in modules with the quiet zone,
    and each horizontal run of dark modules as ``(row, column, length)``,
    row 0 on top."""
    symbol = qr.encode(value)
    return symbol.width + 2 * QUIET_ZONE, tuple(symbol.runs(QUIET_ZONE))


class QrCode(Flowable):
    """A QR code of ``value``, ``size`` points square with its quiet zone, drawn
    as one filled path of one rectangle per run of dark modules (reportlab's
    own barcode drew a rectangle per module: most of a packet's time,
    docs/performance.md)."""

    def __init__(self, value: str, size: float):
        super().__init__()
        self.value, self.width, self.height = value, size, size

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):
        side, runs = qr_runs(self.value)
        unit = self.width / side
        top = self.height
        # each rectangle written as reportlab's path.rect writes it, the numbers formatted once a code
        xs = [fp_str(c * unit) for c in range(side + 1)]
        ys = [fp_str(top - (r + 1) * unit) for r in range(side)]
        path = self.canv.beginPath()
        path._code.extend(f"{xs[c]} {ys[r]} {xs[n]} {xs[1]} re" for r, c, n in runs)
        self.canv.setFillColor(colors.black)
        self.canv.drawPath(path, stroke=0, fill=1)


def qr_code(url: str, size: float) -> QrCode:
    """A QR code of ``url``, ``size`` points square (error correction level M)."""
    return QrCode(url, size)


SET_TINT = colors.Color(0.99, 0.89, 0.89)
RULE = colors.Color(0.45, 0.45, 0.45)
HEADER_TINT = colors.Color(0.92, 0.92, 0.92)
MUTED = colors.Color(0.35, 0.35, 0.35)
RED = colors.Color(0.75, 0.05, 0.05)
