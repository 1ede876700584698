"""PDF fonts: each script in its own font, text fitted to a cell, the bundled
files small and licensed. Also the helpers the other PDF tests read PDFs with:
text, positioned fragments (pypdf's visitor) and page 1 as an image (pdftoppm)."""
import io
import subprocess
from dataclasses import dataclass

import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from league.pdf import fonts
from league.pdf.fonts import HAN, SANS, SANS_BOLD, THAI, fit, register_fonts, script_runs, string_width


# -- helpers shared by the PDF tests ------------------------------------------
def pdf_text(data: bytes) -> str:
    """All pages' text with runs of whitespace folded to one space."""
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


@dataclass(frozen=True)
class Fragment:
    page: int
    text: str
    x: float
    y: float
    font: str  # the registered reportlab name
    size: float

    @property
    def width(self) -> float:
        return pdfmetrics.stringWidth(self.text, self.font, self.size)


def _registered_names() -> dict:
    register_fonts()
    names = {}
    for name in fonts.FILES:
        face = pdfmetrics.getFont(name).face.name
        names[face.decode() if isinstance(face, bytes) else face] = name
    return names


def fragments(data: bytes) -> list[Fragment]:
    """Every text-showing operation with its position, font and size (points)."""
    names = _registered_names()
    out = []
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages, 1):
        def visit(text, cm, tm, font_dict, font_size, number=number):
            text = text.rstrip("\n")
            if not text.strip() or font_dict is None:
                return
            base = str(font_dict.get("/BaseFont", "")).lstrip("/").split("+")[-1]
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            out.append(Fragment(number, text, x, y, names[base], font_size * tm[0] * cm[0]))

        page.extract_text(visitor_text=visit)
    return out


def page_count(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def page_size(data: bytes) -> tuple[float, float]:
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    return float(box.width), float(box.height)


def page_image(data: bytes, tmp_path) -> Image.Image:
    """Page 1 rendered by poppler at 50 dpi, in grey levels."""
    source = tmp_path / "doc.pdf"
    source.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-f", "1", "-l", "1", "-singlefile",
                    str(source), str(tmp_path / "page")], check=True, capture_output=True)
    return Image.open(tmp_path / "page.png").convert("L")


def ruled_lines(image: Image.Image, share=0.6, threshold=200) -> int:
    """Horizontal lines darker than ``threshold`` across ``share`` of the width."""
    width, height = image.size
    pixels = image.load()
    dark = [y for y in range(height) if sum(pixels[x, y] < threshold for x in range(width)) > share * width]
    return sum(1 for i, y in enumerate(dark) if i == 0 or dark[i - 1] != y - 1)


def dark_share(image: Image.Image) -> float:
    histogram = image.histogram()
    return sum(histogram[:200]) / sum(histogram)


# -- the font rules -------------------------------------------------------------
@pytest.fixture(autouse=True)
def _fonts():
    register_fonts()


@pytest.mark.parametrize("text, bold, runs", [
    pytest.param("Ada Byrne", False, [(SANS, "Ada Byrne")], id="latin: one DejaVu run"),
    pytest.param("Ελένη & Фёдор", True, [(SANS_BOLD, "Ελένη & Фёдор")], id="greek and cyrillic: DejaVu bold"),
    pytest.param("สมชาย", False, [(THAI, "สมชาย")], id="thai: Loma"),
    pytest.param("王小明", False, [(HAN, "王小明")], id="chinese: Droid Sans Fallback"),
    pytest.param("N 王小明 & สมชาย", False,
                 [(SANS, "N "), (HAN, "王小明 "), (SANS, "& "), (THAI, "สมชาย")],
                 id="mixed: spaces stay in their run, '&' (not in the CJK font) is DejaVu"),
    pytest.param(" ·王", False, [(SANS, " ·"), (HAN, "王")], id="punctuation the CJK font lacks goes to DejaVu"),
    pytest.param("王（小明）：", False, [(HAN, "王（小明）：")], id="full-width punctuation stays in the CJK run"),
    pytest.param("(สม)", False, [(THAI, "(สม)")], id="leading punctuation joins the first run when its font has it"),
    pytest.param("–", False, [(SANS, "–")], id="en dash is DejaVu"),
])
def test_script_runs(text, bold, runs):
    assert list(script_runs(text, bold)) == runs


def test_fit_keeps_text_that_fits_at_its_size():
    assert fit("Ada", 100, 8) == ("Ada", 8)


def test_fit_shrinks_before_cutting():
    width = string_width("Dana Kowalski", 7)
    assert fit("Dana Kowalski", width, 8) == ("Dana Kowalski", 7)


def test_fit_cuts_with_an_ellipsis_at_the_smallest_size():
    text, size = fit("W" * 60, 50, 8, min_size=6)
    assert size == 6 and text.endswith("…") and text[:-1] == "W" * (len(text) - 1)
    assert string_width(text, size) <= 50


def test_fit_never_strands_a_thai_mark():
    name = "สมศักดิ์" * 10
    for width in range(10, 120, 3):
        text, size = fit(name, width, 8)
        assert string_width(text, size) <= width
        if text:
            assert text[:-1] == name[: len(text) - 1]
            assert name[len(text) - 1] not in "ิ์่้"  # the next character is not a mark cut from its base


def test_bundled_fonts_are_small_and_licensed():
    files = list(fonts.font_dir().iterdir())
    names = {f.name for f in files}
    assert {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "Loma.ttf", "Loma-Bold.ttf", "DroidSansFallbackFull.ttf",
            "NotoEmoji-Subset.ttf"} <= names
    assert {"LICENSE-DejaVu.txt", "LICENSE-TLWG.txt", "GPL-2.txt", "LICENSE-Apache-2.0.txt",
            "LICENSE-OFL-NotoEmoji.txt", "README.md"} <= names
    # The CJK font (every Han character a name may use) is 3.9 MB of the total,
    # the emoji subset (every single-character emoji DejaVu lacks) 0.7 MB.
    assert sum(f.stat().st_size for f in files) < 6.5 * 1024 * 1024
