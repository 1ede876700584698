"""Small flowables shared by the documents: a line of text that always fits
its cell, a table that notes where it was drawn, and a QR code."""
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str
from reportlab.platypus import Flowable, Table

from . import qr
from .fonts import SANS, draw_string, fit


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

    def __init__(self, *args, style=None, **kwargs):
        # Cells set in the bundled (embedded) sans, not reportlab's default Helvetica,
        # which an empty text cell would otherwise leave in the file unembedded.
        super().__init__(*args, **kwargs)
        self.setStyle([("FONTNAME", (0, 0), (-1, -1), SANS)])
        if style is not None:
            self.setStyle(style)

    def drawOn(self, canvas, x, y, _sW=0):
        super().drawOn(canvas, x, y, _sW)
        if self.boxes is not None:
            left = self._hAlignAdjust(x, _sW)
            self.boxes.append(Box(canvas.getPageNumber(), left, y, self._width, self._height))


def recorded_table(boxes: list) -> type:
    return type("RecordedTable", (RecordedTable,), {"boxes": boxes})


QUIET_ZONE = 4  # light modules around the symbol, as the QR standard asks


@lru_cache(maxsize=512)
def qr_image(value: str) -> tuple[int, int, str]:
    """``(modules, width, samples)`` of the QR code of ``value`` (error
    correction level M, ``segno``'s symbol with the standard's mask choice,
    made fast by :func:`league.pdf.qr.encode`): the side in modules with the
    quiet zone, the symbol's side, and its 1-bit image (one bit a module,
    :meth:`league.pdf.qr.Symbol.bitmap`) in hexadecimal."""
    symbol = qr.encode(value)
    return symbol.width + 2 * QUIET_ZONE, symbol.width, symbol.bitmap().hex()


class QrCode(Flowable):
    """A QR code of ``value``, ``size`` points square with its quiet zone,
    drawn as one inline image mask of one bit a module, painted black where
    a module is dark; not interpolated, so viewers and printers scale it
    without smoothing. (reportlab's own barcode drew a rectangle per module,
    then a path of a rectangle per run of dark modules: most of a packet's
    time, docs/performance.md.)"""

    def __init__(self, value: str, size: float):
        super().__init__()
        self.value, self.width, self.height = value, size, size

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self):
        side, width, samples = qr_image(self.value)
        unit = self.width / side
        scale, at = fp_str(width * unit), fp_str(QUIET_ZONE * unit)
        self.canv.setFillColor(colors.black)
        # the unit square's image, scaled to the symbol and placed inside the quiet zone
        self.canv._code.append(f"q {scale} 0 0 {scale} {at} {at} cm BI /W {width} /H {width} /IM true "
                               f"/D [1 0] /F /AHx ID {samples}> EI Q")


def qr_code(url: str, size: float) -> QrCode:
    """A QR code of ``url``, ``size`` points square (error correction level M)."""
    return QrCode(url, size)


SET_TINT = colors.Color(0.99, 0.89, 0.89)
RULE = colors.Color(0.45, 0.45, 0.45)
HEADER_TINT = colors.Color(0.92, 0.92, 0.92)
MUTED = colors.Color(0.35, 0.35, 0.35)
RED = colors.Color(0.75, 0.05, 0.05)
