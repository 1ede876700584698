"""The QR codes on the sheets: drawn as one 1-bit image per code, module for
module the symbol ``segno`` encodes (read back from the page poppler renders,
sharp black and white at a sheet's size), with the quiet zone light; the mask
chosen fast is the one segno's own scoring chooses; a code on a rendered
sheet decodes (zxing-cpp) to the table's link."""
import io
import subprocess

import segno
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from league.pdf.flowables import QUIET_ZONE, QrCode, qr_image

URL = "http://testserver/t/4kq9ZpXcR2sT7bLm/"
PX = 4  # pixels per module at 72 dpi when a module is 4 points


def _rendered(tmp_path, value: str, size: float, dpi: int = 72) -> Image.Image:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size, size))
    code = QrCode(value, size)
    code.wrapOn(canvas, size, size)
    code.drawOn(canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    (tmp_path / "qr.pdf").write_bytes(buffer.getvalue())
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(tmp_path / "qr.pdf"),
                    str(tmp_path / "qr")], check=True, capture_output=True)
    return Image.open(tmp_path / "qr.png").convert("L")


def _modules_read(image: Image.Image, side: int) -> list[list[bool]]:
    """Dark or light at the centre of each module, quiet zone included."""
    pixels, unit = image.load(), image.width / side
    return [[pixels[int((c + 0.5) * unit), int((r + 0.5) * unit)] < 128 for c in range(side)] for r in range(side)]


def _modules_expected(value: str) -> list[list[bool]]:
    matrix = segno.make(value, error="m", micro=False, boost_error=False).matrix
    light = [False] * QUIET_ZONE
    rows = [light + [bool(m) for m in row] + light for row in matrix]
    blank = [[False] * len(rows[0]) for _ in range(QUIET_ZONE)]
    return blank + rows + blank


def test_each_module_on_the_page_is_the_one_segno_encodes(tmp_path):
    side, width, _samples = qr_image(URL)
    assert side == len(segno.make(URL, error="m", micro=False, boost_error=False).matrix) + 2 * QUIET_ZONE
    assert _modules_read(_rendered(tmp_path, URL, side * PX), side) == _modules_expected(URL)


def test_a_code_printed_at_a_sheets_size_is_sharp_black_and_white_module_for_module(tmp_path):
    size = 30 * mm  # a table sheet's code: 150 dpi gives no whole number of pixels a module
    side, _width, _samples = qr_image(URL)
    image = _rendered(tmp_path, URL, size, dpi=150)
    assert image.width / side != image.width // side
    histogram = image.histogram()
    assert sum(histogram[1:255]) == 0  # no grey: the modules' edges are not smoothed
    assert _modules_read(image, side) == _modules_expected(URL)


def test_a_code_is_one_image_mask_of_one_bit_a_module_not_interpolated():
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200))
    code = QrCode(URL, 100)
    code.wrapOn(canvas, 100, 100)
    code.drawOn(canvas, 0, 0)
    side, width, samples = qr_image(URL)
    ops = "\n".join(canvas._code)
    assert ops.count(" BI ") == 1 and ops.count(" EI ") == 1
    assert f"BI /W {width} /H {width} /IM true /D [1 0] /F /AHx ID {samples}> EI" in ops
    assert len(samples) == 2 * width * ((width + 7) // 8)  # hexadecimal, rows padded to whole bytes
    assert "/Interpolate" not in ops
    assert not any(op.strip().endswith((" re", " f", "f*")) or op.strip() in ("f", "f*") for op in canvas._code)


def test_the_bitmap_holds_the_symbols_rows_high_bit_first():
    from league.pdf import qr

    symbol = qr.encode(URL)
    row_bytes = (symbol.width + 7) // 8
    bitmap = symbol.bitmap()
    assert len(bitmap) == symbol.width * row_bytes
    for r, row in enumerate(symbol.matrix):
        bits = format(int.from_bytes(bitmap[r * row_bytes:(r + 1) * row_bytes], "big"), f"0{8 * row_bytes}b")
        assert bits == "".join(str(m) for m in row) + "0" * (8 * row_bytes - symbol.width), r


# -- the mask: the standard's choice, as segno makes it ---------------------------------
def _links() -> list[str]:
    """Several hundred links of the shapes the app prints: table links
    (``/t/<token>/``), players' night links (signed), game links, on
    short and long hosts; and longer ones, up to version 13."""
    import random

    from django.urls import reverse

    from league.models.game import new_access_token, new_public_id
    from league.night_links import night_secret

    rnd = random.Random(15)
    hosts = ["http://testserver", "https://club.example.org", "http://192.168.1.20:8000",
             "https://pinochle-and-cribbage-club.example.com"]
    out = []
    for i in range(360):
        host = hosts[i % len(hosts)]
        path = (reverse("league:table", args=[new_access_token()]),
                reverse("league:player_night", args=[night_secret(rnd.randrange(1, 10 ** 6))]),
                reverse("league:game", args=[new_public_id()]))[i % 3]
        out.append(host + path)
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
    out += [f"https://club.example.org/t/{''.join(rnd.choice(alphabet) for _ in range(n))}/"
            for n in range(60, 300, 3)]
    return out


def test_the_mask_chosen_is_segnos_own_and_the_symbol_module_for_module():
    from league.pdf import qr

    seen_masks, seen_versions = set(), set()
    for link in _links():
        reference = segno.make(link, error="m", micro=False, boost_error=False)  # mask=None: segno scores all 8
        symbol = qr.encode(link)
        assert (symbol.version, symbol.mask) == (reference.version, reference.mask), link
        assert symbol.matrix == tuple(bytes(row) for row in reference.matrix), link
        seen_masks.add(symbol.mask)
        seen_versions.add(symbol.version)
    assert seen_masks == set(range(8))  # every mask won somewhere: the choice is really made
    assert min(seen_versions) <= 4 and max(seen_versions) >= 10  # with and without version information


def test_each_masks_penalty_is_segnos_score_of_that_masked_symbol():
    from segno import encoder

    from league.pdf import qr

    for link in ["http://testserver/t/4kq9ZpXcR2sT7bLm/", "https://club.example.org/g/AbCdEfGhIjKlMnOp/",
                 "https://club.example.org/t/" + "x" * 140 + "/"]:
        lay, unmasked = qr._unmasked(link)
        for mask, pattern in enumerate(lay.masks):
            masked = unmasked ^ pattern  # format and version areas empty, as segno scores them
            text = format(masked >> lay.offset, f"0{lay.width * lay.stride}b")[::-1]
            rows = [bytearray(int(b) for b in text[r * lay.stride:r * lay.stride + lay.width])
                    for r in range(lay.width)]
            assert qr.penalty(masked, lay) == encoder.evaluate_mask(rows, lay.width, lay.width), (link, mask)
            forced = segno.make(link, error="m", micro=False, boost_error=False, mask=mask)
            assert qr.encode(link, mask=mask).matrix == tuple(bytes(row) for row in forced.matrix)


def test_a_qr_code_on_a_printed_table_sheet_decodes_to_the_tables_link(tmp_path, club, organizer):
    import datetime

    import zxingcpp

    from league import services
    from league.pdf import TableSheets
    from league.selectors.pdf import night_tables_for_print

    from .test_pdf_league import NAMES, link, make_season

    season = make_season(club)
    night = services.night_create(season=season, date=datetime.date(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=[services.player_get_or_create(club=club, name=n)
                                                  for n in NAMES])
    services.round_seat(night=night, by=organizer)
    tables = night_tables_for_print(night, 1)
    (tmp_path / "sheets.pdf").write_bytes(TableSheets(night, tables, link=link, round_number=1).render())
    for page, table in enumerate(tables, 1):
        subprocess.run(["pdftoppm", "-r", "150", "-png", "-singlefile", "-f", str(page), "-l", str(page),
                        str(tmp_path / "sheets.pdf"), str(tmp_path / f"page{page}")], check=True,
                       capture_output=True)
        found = zxingcpp.read_barcodes(Image.open(tmp_path / f"page{page}.png"))
        assert [(b.format, b.text) for b in found] == [(zxingcpp.BarcodeFormat.QRCode, link(table.game))]
