"""Emoji and symbols in a name or a note print as their glyphs, not as empty
boxes: the bundled monochrome Noto Emoji subset is embedded for what DejaVu
lacks, the joiners and modifiers of emoji sequences are left out, and a
character no bundled font draws prints as U+FFFD (league/pdf/fonts.py)."""
import io
import shutil
import subprocess

import pytest
from PIL import Image, ImageChops
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from league import services
from league.pdf.fonts import EMOJI, HAN, REPLACEMENT, SANS, SANS_BOLD, THAI, register_fonts, script_runs

from .conftest import played
from .test_pdf_fonts import fragments, page_size, pdf_text
from .test_pdf_game_sheet import new_game, render
from league.games.pinochle.hand_inputs import PinochleHandInput

needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")
NAMES = ["Ada 🏆", "Ben 👍🏽", "Cleo ♠♥", "Dana ❤️🃏"]


@pytest.fixture(autouse=True)
def _fonts():
    register_fonts()


@pytest.mark.parametrize("text, bold, runs", [
    pytest.param("Ada 🏆", False, [(SANS, "Ada "), (EMOJI, "🏆")], id="an emoji DejaVu lacks: Noto Emoji"),
    pytest.param("Ada 🏆", True, [(SANS_BOLD, "Ada "), (EMOJI, "🏆")], id="bold text: the one emoji weight"),
    pytest.param("♠♥ 🃏", False, [(SANS, "♠♥ 🃏")], id="suits and the joker card: DejaVu has them"),
    pytest.param("❤️", False, [(SANS, "❤")], id="variation selector left out"),
    pytest.param("👍🏽", False, [(EMOJI, "👍")], id="skin tone left out"),
    pytest.param("👨‍👩‍👧", False, [(EMOJI, "👨👩👧")], id="zero-width joiners left out: the people side by side"),
    pytest.param("王 🀄", False, [(HAN, "王 "), (EMOJI, "🀄")], id="after a Chinese run"),
    pytest.param("สมชาย 🙏", False, [(THAI, "สมชาย "), (EMOJI, "🙏")], id="after a Thai run"),
    pytest.param("x\U0010FFFD", False, [(SANS, "x" + REPLACEMENT)], id="no bundled font has it: U+FFFD"),
])
def test_script_runs_with_emoji(text, bold, runs):
    assert list(script_runs(text, bold)) == runs


@pytest.fixture
def sheet(club, organizer):
    game = new_game(club, organizer, NAMES)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    return render(game)


@needs_poppler
def test_pdffonts_lists_the_emoji_font_embedded_as_a_subset(sheet, tmp_path):
    path = tmp_path / "sheet.pdf"
    path.write_bytes(sheet)
    out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True).stdout
    rows = [line.split() for line in out.splitlines() if "NotoEmoji" in line]
    assert len(rows) == 1, out
    assert rows[0][-5:-2] == ["yes", "yes", "yes"], out  # embedded, subset, with a ToUnicode map
    assert len(sheet) < 200_000


def test_the_names_text_keeps_the_emoji(sheet):
    text = pdf_text(sheet)
    for name in ("Ada 🏆", "Ben 👍", "Cleo ♠♥", "Dana ❤🃏"):
        assert name in text, name
    assert REPLACEMENT not in text


def _crop(data: bytes, x: float, y: float, size: float, tmp_path, name: str, dpi=200) -> Image.Image:
    """The square of side ``1.2 × size`` points whose baseline starts at (x, y), rendered by pdftoppm."""
    source = tmp_path / f"{name}.pdf"
    source.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", "1", "-singlefile", str(source),
                    str(tmp_path / name)], check=True, capture_output=True)
    image = Image.open(tmp_path / f"{name}.png").convert("L")
    height = page_size(data)[1]
    k = dpi / 72
    return image.crop((round(x * k), round((height - y - size) * k), round((x + 1.2 * size) * k),
                       round((height - y + 0.2 * size) * k)))


def _notdef_box(page: tuple[float, float], x: float, y: float, size: float) -> bytes:
    """The same character drawn in DejaVu, which lacks it: the .notdef box."""
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=page)
    c.setFont(SANS, size)
    c.drawString(x, y, "🏆")
    c.save()
    return buffer.getvalue()


def ink(image: Image.Image) -> int:
    return sum(image.histogram()[:160])


@needs_poppler
def test_the_rendered_emoji_is_its_glyph_not_the_notdef_box(sheet, tmp_path):
    seat = next(f for f in fragments(sheet) if f.text.startswith("N · Ada "))  # the header's seat line
    x = seat.x + stringWidth("N · Ada ", seat.font, seat.size)  # where "🏆" starts
    y, size = seat.y, seat.size
    drawn = _crop(sheet, x, y, size, tmp_path, "sheet")
    box = _crop(_notdef_box(page_size(sheet), x, y, size), x, y, size, tmp_path, "box")
    assert ink(box) > 20  # the reference really is a drawn box
    assert ink(drawn) > 20  # something is printed where the trophy is
    differing = ink(ImageChops.difference(drawn, box).point(lambda v: 0 if v > 96 else 255))
    assert differing > 0.4 * max(ink(drawn), ink(box))  # and it is not the box


def test_a_chart_label_is_set_in_its_scripts_fonts():
    """The running-totals chart in a PDF names the sides: a Chinese name with
    an emoji is drawn run by run, ending where the one-font label would."""
    from reportlab.graphics.shapes import Group, String

    from league.pdf.charts import in_script_fonts

    group = in_script_fonts(Group(String(100, 10, "王小明 🏆", fontName=SANS, fontSize=11, textAnchor="end")))
    parts = group.contents[0].contents
    assert [(p.fontName, p.text) for p in parts] == [(HAN, "王小明 "), (EMOJI, "🏆")]
    end = parts[-1].x + stringWidth(parts[-1].text, EMOJI, 11)
    assert abs(end - 100) < 0.01 and all(p.textAnchor == "start" for p in parts)


def test_a_latin_chart_label_is_left_as_it_is():
    from reportlab.graphics.shapes import Group, String

    from league.pdf.charts import in_script_fonts

    label = String(5, 5, "1500", fontName=SANS, fontSize=11)
    assert in_script_fonts(Group(label)).contents == [label]
