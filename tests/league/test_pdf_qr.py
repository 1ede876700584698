"""The QR codes on the sheets: drawn as one path per code, module for module
the symbol ``segno`` encodes (read back from the page poppler renders), with
the quiet zone light."""
import io
import subprocess

import segno
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from league.pdf.flowables import QUIET_ZONE, QrCode, qr_runs

URL = "http://testserver/t/4kq9ZpXcR2sT7bLm/"
PX = 4  # pixels per module at 72 dpi when a module is 4 points


def _rendered(tmp_path, value: str, size: float) -> Image.Image:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size, size))
    code = QrCode(value, size)
    code.wrapOn(canvas, size, size)
    code.drawOn(canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    (tmp_path / "qr.pdf").write_bytes(buffer.getvalue())
    subprocess.run(["pdftoppm", "-r", "72", "-png", "-singlefile", str(tmp_path / "qr.pdf"),
                    str(tmp_path / "qr")], check=True, capture_output=True)
    return Image.open(tmp_path / "qr.png").convert("L")


def test_each_module_on_the_page_is_the_one_segno_encodes(tmp_path):
    symbol = segno.make(URL, error="m", micro=False, boost_error=False)
    side, _runs = qr_runs(URL)
    assert side == len(symbol.matrix) + 2 * QUIET_ZONE
    pixels = _rendered(tmp_path, URL, side * PX).load()
    for r in range(side):
        for c in range(side):
            inside = QUIET_ZONE <= r < side - QUIET_ZONE and QUIET_ZONE <= c < side - QUIET_ZONE
            dark = bool(symbol.matrix[r - QUIET_ZONE][c - QUIET_ZONE]) if inside else False
            grey = pixels[c * PX + PX // 2, r * PX + PX // 2]
            assert (grey < 128) == dark, (r, c, grey)


def test_a_code_is_one_path_whatever_its_modules(tmp_path):
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200))
    code = QrCode(URL, 100)
    code.wrapOn(canvas, 100, 100)
    code.drawOn(canvas, 0, 0)
    ops = canvas._code
    assert sum(1 for op in ops if op.rstrip().endswith((" f", "f*")) or op.strip() in ("f", "f*")) == 1

