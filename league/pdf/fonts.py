"""Fonts of the printable PDFs, registered once from the files bundled in
``static/league/fonts`` (see its README for sources and licences).

Names may be written in any of the seed languages' scripts, so text is set
in runs: each run in the font of its script (DejaVu Sans for Latin, Greek,
Cyrillic and the card suits; Loma for Thai; Droid Sans Fallback, a
TrueType CJK font, for Chinese). Every font is embedded as a subset of the
glyphs the document uses, so Chinese prints without relying on the viewer. Spaces and common punctuation stay in the run
they sit in when its font has them.

A character its script's font lacks (an emoji such as 🏆 or 👍 in a name or
a note) is set in the first bundled font that has it: DejaVu, then Noto
Emoji (monochrome, a subset of every single-character emoji DejaVu lacks),
then the Thai and CJK fonts. reportlab draws without a shaping engine, so
the joiners and modifiers of emoji sequences (zero-width joiner, variation
selectors, skin tones, tag characters, the keycap) are left out: a family
emoji prints as its people side by side, ❤️ as ❤. A character no bundled
font has prints as U+FFFD (�), never as an empty .notdef box.
"""
import functools
import unicodedata
from pathlib import Path
from xml.sax.saxutils import escape

from django.conf import settings
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

SANS, SANS_BOLD = "ClubSans", "ClubSans-Bold"
THAI, THAI_BOLD = "ClubThai", "ClubThai-Bold"
HAN = "ClubHan"
EMOJI = "ClubEmoji"

LATIN_SCRIPT, THAI_SCRIPT, HAN_SCRIPT = "latin", "thai", "han"
FONTS = {  # script -> (regular, bold)
    LATIN_SCRIPT: (SANS, SANS_BOLD),
    THAI_SCRIPT: (THAI, THAI_BOLD),
    HAN_SCRIPT: (HAN, HAN),
}
FILES = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    THAI: "Loma.ttf",
    THAI_BOLD: "Loma-Bold.ttf",
    HAN: "DroidSansFallbackFull.ttf",  # no bold face: bold Chinese uses the regular
    EMOJI: "NotoEmoji-Subset.ttf",  # one weight, for bold too
}
ELLIPSIS = "…"
REPLACEMENT = "\ufffd"  # drawn (by DejaVu) for a character no bundled font has
# Parts of emoji sequences that only a shaping engine could apply: left out.
_SEQUENCE_MARKS = frozenset({0x200D, 0xFE0E, 0xFE0F, 0x20E3}) | frozenset(range(0x1F3FB, 0x1F400)) | frozenset(
    range(0xE0020, 0xE0080))

_HAN_RANGES = (
    (0x2E80, 0x2FDF),  # radicals
    (0x3000, 0x303F),  # CJK punctuation
    (0x3100, 0x312F),  # bopomofo
    (0x31A0, 0x31BF),
    (0x3400, 0x4DBF),  # extension A
    (0x4E00, 0x9FFF),  # unified ideographs
    (0xF900, 0xFAFF),  # compatibility ideographs
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),  # full-width forms
    (0x20000, 0x3134F),
)


def font_dir() -> Path:
    return Path(settings.BASE_DIR) / "static" / "league" / "fonts"


def _to_unicode_cmap(fontname, subset):
    """reportlab's ``makeToUnicodeCMap`` with each character written as
    UTF-16BE, as the PDF format wants: reportlab writes ``<1F3C6>`` for 🏆
    (U+1F3C6), which text extraction misreads; the surrogate pair
    ``<D83CDFC6>`` reads back. Identical for characters up to U+FFFF."""
    return "\n".join([
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap", "/CIDSystemInfo",
        f"<< /Registry ({fontname})", f"/Ordering ({fontname})", "/Supplement 0", ">> def",
        f"/CMapName /{fontname} def", "/CMapType 2 def",
        "1 begincodespacerange", f"<00> <{len(subset) - 1:02X}>", "endcodespacerange",
        f"{len(subset)} beginbfchar",
        *(f"<{i:02X}> <{chr(v).encode('utf-16-be').hex().upper()}>" for i, v in enumerate(subset)),
        "endbfchar", "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end",
    ])


@functools.cache
def register_fonts() -> None:
    """Register the bundled fonts (once per process), and the ToUnicode
    fix for characters beyond U+FFFF (emoji, rare ideographs)."""
    ttfonts.makeToUnicodeCMap = _to_unicode_cmap
    for name, filename in FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(font_dir() / filename)))
    pdfmetrics.registerFontFamily(SANS, normal=SANS, bold=SANS_BOLD, italic=SANS, boldItalic=SANS_BOLD)
    pdfmetrics.registerFontFamily(THAI, normal=THAI, bold=THAI_BOLD, italic=THAI, boldItalic=THAI_BOLD)
    pdfmetrics.registerFontFamily(HAN, normal=HAN, bold=HAN, italic=HAN, boldItalic=HAN)
    pdfmetrics.registerFontFamily(EMOJI, normal=EMOJI, bold=EMOJI, italic=EMOJI, boldItalic=EMOJI)


def script_of(ch: str) -> str | None:
    """The script whose font must draw ``ch``; ``None`` for spaces and
    punctuation that any of the fonts can draw."""
    cp = ord(ch)
    if 0x0E00 <= cp <= 0x0E7F:
        return THAI_SCRIPT
    if any(lo <= cp <= hi for lo, hi in _HAN_RANGES):
        return HAN_SCRIPT
    if cp < 0x80 and not ch.isalnum():
        return None
    if unicodedata.category(ch) == "Zs":
        return None
    return LATIN_SCRIPT


@functools.lru_cache(maxsize=None)
def has_glyph(font: str, ch: str) -> bool:
    """Whether the bundled ``font`` draws ``ch`` (the CJK font has almost no
    Latin letters, digits or ASCII punctuation)."""
    register_fonts()
    return ord(ch) in pdfmetrics.getFont(font).face.charToGlyph


def font_with(ch: str, preferred: str, bold: bool = False) -> tuple[str, str]:
    """``(font, character)`` to draw ``ch``: ``preferred`` when it has the
    glyph, else the first bundled font that has it (Latin, emoji, Thai,
    CJK), else the Latin font with :data:`REPLACEMENT`."""
    if has_glyph(preferred, ch):
        return preferred, ch
    for script in (LATIN_SCRIPT, THAI_SCRIPT, HAN_SCRIPT):
        font = FONTS[script][1 if bold else 0]
        if has_glyph(font, ch):
            return font, ch
        if script == LATIN_SCRIPT and has_glyph(EMOJI, ch):
            return EMOJI, ch
    return FONTS[LATIN_SCRIPT][1 if bold else 0], REPLACEMENT


@functools.lru_cache(maxsize=4096)
def script_runs(text: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """``((font name, run), ...)`` covering ``text`` in order. A space or
    punctuation mark stays in the run it sits in when that run's font draws
    it, else it is set in the Latin font. A character its script's font
    lacks goes to the first font that has it (:func:`font_with`); the marks
    of emoji sequences are left out."""
    latin = FONTS[LATIN_SCRIPT][1 if bold else 0]
    if text.isascii():
        return ((latin, text),) if text else ()
    runs: list[list] = []
    pending = ""  # neutral characters before the first run
    for ch in text:
        if ord(ch) in _SEQUENCE_MARKS:
            continue
        script = script_of(ch)
        if script is None:
            if runs and has_glyph(runs[-1][0], ch):
                runs[-1][1] += ch
                continue
            if not runs:
                pending += ch
                continue
            script = LATIN_SCRIPT
        font, ch = font_with(ch, FONTS[script][1 if bold else 0], bold)
        if pending and not all(has_glyph(font, c) for c in pending):
            runs.append([latin, pending])
            pending = ""
        if runs and runs[-1][0] == font:
            runs[-1][1] += ch
        else:
            runs.append([font, pending + ch])
            pending = ""
    if pending:
        runs.append([latin, pending])
    return tuple((font, run) for font, run in runs)


def string_width(text: str, size: float, bold: bool = False) -> float:
    return sum(pdfmetrics.stringWidth(run, font, size) for font, run in script_runs(text, bold))


def draw_string(canvas, x: float, y: float, text: str, size: float, *, bold=False, align="left") -> float:
    """Draw ``text`` run by run with its baseline at ``y``; returns its width."""
    runs = script_runs(text, bold)
    widths = [pdfmetrics.stringWidth(run, font, size) for font, run in runs]
    total = sum(widths)
    if align == "right":
        x -= total
    elif align == "center":
        x -= total / 2
    for (font, run), width in zip(runs, widths):
        canvas.setFont(font, size)
        canvas.drawString(x, y, run)
        x += width
    return total


def markup(text: str, bold: bool = False) -> str:
    """Paragraph markup of ``text`` (escaped), one ``<font>`` per script run."""
    return "".join(f'<font name="{font}">{escape(run)}</font>' for font, run in script_runs(text, bold))


def fit(text: str, width: float, size: float, *, min_size: float = 5.5, bold=False) -> tuple[str, float]:
    """``(text, size)`` that fits ``width``: a smaller size down to ``min_size``,
    then the text cut at a character boundary and ended with an ellipsis."""
    while string_width(text, size, bold) > width and size - 0.5 >= min_size:
        size -= 0.5
    if string_width(text, size, bold) <= width:
        return text, size
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if string_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    while 0 < lo < len(text) and unicodedata.category(text[lo]) == "Mn":
        lo -= 1  # never strand a Thai vowel or tone mark from its consonant
    return (text[:lo].rstrip() + ELLIPSIS if lo else ""), size
