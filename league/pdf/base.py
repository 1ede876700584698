"""The base of every printable document: page geometry as class attributes,
``story()`` and ``styles()`` hooks, a header and footer on every page (title,
club, date printed, "page N of M"), and ``render()`` returning the PDF bytes.

Every document says its language (``/Lang``, the reader's) and its title
(shown as the window's title, ``/DisplayDocTitle``), and uses only the bundled,
embedded fonts (the canvas starts in ``SANS``, not reportlab's unembedded
Helvetica). reportlab writes no structure tree (tagged PDF): the nearest it
offers is the outline, so each document's title and its heading and
subheading paragraphs are bookmarks (``_Template``), which a reader's
navigation pane and screen readers list.

Modelled on pretix's invoice renderer: a subclass sets its title and builds
its story; everything about the page lives here.
"""
from functools import cached_property
from io import BytesIO

from django.utils import formats, timezone
from django.utils.translation import get_language, to_locale
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate

from .flowables import MUTED, RULE, recorded_table
from .fonts import SANS, SANS_BOLD, draw_string, fit, register_fonts

PAPER_SIZES = {"a4": A4, "letter": LETTER}


FRAME_PADDING = 6  # reportlab's Frame pads each side by 6 points


class _NumberedCanvas(Canvas):
    """Keeps every page until the end so the footer can say "page N of M".
    A bookmark waits with its page (reportlab binds it to the page being
    written, which is only written then)."""

    def __init__(self, *args, furniture, **kwargs):
        super().__init__(*args, **kwargs)
        self._furniture = furniture
        self._page_states = []
        self._page_bookmarks = []

    def bookmarkPage(self, key, **kwargs):
        self._page_bookmarks.append((key, kwargs))

    def showPage(self):
        self._page_states.append(dict(self.__dict__))
        self._page_bookmarks = []
        self._startPage()

    def save(self):
        pages = len(self._page_states)
        for number, state in enumerate(self._page_states, 1):
            self.__dict__.update(state)
            for key, kwargs in self._page_bookmarks:
                Canvas.bookmarkPage(self, key, **kwargs)
            self._furniture(self, number, pages)
            super().showPage()
        super().save()


OUTLINE_LEVELS = {"heading": 1, "subheading": 2}


class _Template(SimpleDocTemplate):
    """The document's outline: its title (level 0), then every heading and
    subheading paragraph of the story where it is drawn."""

    def beforeDocument(self):
        self._outline_level = -1
        self._outline_count = 0

    def _outline(self, text: str, level: int, top=None) -> None:
        level = min(level, self._outline_level + 1)  # an outline may not skip a level
        self._outline_count += 1
        key = f"outline-{self._outline_count}"
        self.canv.bookmarkPage(key, fit="XYZ", top=top)  # the page scrolled to the heading, zoom kept
        self.canv.addOutlineEntry(text, key, level=level, closed=False)
        self._outline_level = level

    def afterFlowable(self, flowable):
        if self._outline_count == 0:
            self._outline(self.title, 0)
        if isinstance(flowable, Paragraph) and flowable.style.name in OUTLINE_LEVELS:
            top = self.frame._y + flowable.height + flowable.style.spaceBefore  # the frame's y is below it now
            self._outline(flowable.getPlainText(), OUTLINE_LEVELS[flowable.style.name], top=round(top, 1))


def document_language() -> str:
    """The reader's language as the PDF's ``/Lang`` (BCP 47: ``en``, ``th``,
    ``zh-Hans``, ``zh-Hant``), so a screen reader speaks it in that language."""
    return to_locale(get_language() or "en").replace("_", "-")


class PdfDocument:
    """Subclasses set ``title`` and implement :meth:`story`."""

    title = gettext_lazy("Document")
    margin_left = 15 * mm
    margin_right = 15 * mm
    margin_top = 20 * mm  # the header sits inside it
    margin_bottom = 16 * mm  # the footer sits inside it
    header_offset = 11 * mm  # header baseline, from the top edge
    footer_offset = 9 * mm  # footer baseline, from the bottom edge
    furniture_size = 8.0
    body_size = 9.0

    def __init__(self, *, paper: str = "a4", club_name: str = "", printed_at=None):
        if paper not in PAPER_SIZES:
            raise ValueError(f"paper must be one of {sorted(PAPER_SIZES)}, not {paper!r}")
        self.paper = paper
        self.club_name = club_name or ""
        self.printed_at = printed_at or timezone.now()
        self.grid_boxes = []  # filled by render(): where each part of each grid was drawn

    # -- geometry ---------------------------------------------------------
    @property
    def pagesize(self) -> tuple[float, float]:
        return PAPER_SIZES[self.paper]

    @property
    def frame_width(self) -> float:
        return self.pagesize[0] - self.margin_left - self.margin_right

    @property
    def content_width(self) -> float:
        """The width a flowable really gets: the frame less reportlab's padding,
        so a table this wide ends exactly at the right margin."""
        return self.frame_width - 2 * FRAME_PADDING

    # -- hooks ------------------------------------------------------------
    def document_title(self) -> str:
        return str(self.title)

    def styles(self) -> dict[str, ParagraphStyle]:
        """Paragraph styles by name; override to add or change them."""
        wrap = "CJK" if (get_language() or "").startswith(("zh", "th")) else None
        body = ParagraphStyle(
            "body", fontName=SANS, fontSize=self.body_size, leading=self.body_size * 1.3,
            alignment=TA_LEFT, wordWrap=wrap, splitLongWords=True,
        )
        return {
            "body": body,
            "small": ParagraphStyle("small", parent=body, fontSize=7.5, leading=9.5, textColor=MUTED),
            "heading": ParagraphStyle("heading", parent=body, fontName=SANS_BOLD, fontSize=14, leading=18,
                                      spaceAfter=2),
            "subheading": ParagraphStyle("subheading", parent=body, fontName=SANS_BOLD, fontSize=10,
                                         leading=13, spaceBefore=6, spaceAfter=3),
            "label": ParagraphStyle("label", parent=body, fontName=SANS_BOLD),
        }

    @cached_property
    def stylesheet(self) -> dict[str, ParagraphStyle]:
        return self.styles()

    def story(self) -> list:
        raise NotImplementedError

    def table_class(self) -> type:
        """A table class recording where its parts are drawn into ``grid_boxes``."""
        return recorded_table(self.grid_boxes)

    # -- page furniture ---------------------------------------------------
    def printed_label(self) -> str:
        when = formats.date_format(timezone.localtime(self.printed_at), "DATETIME_FORMAT")
        return _("Printed %(when)s") % {"when": when}

    def draw_furniture(self, canvas, page: int, pages: int) -> None:
        width, height = self.pagesize
        left, right = self.margin_left, width - self.margin_right
        size = self.furniture_size
        canvas.saveState()
        canvas.setFillColor(MUTED)
        half = (right - left) / 2 - 3 * mm
        title, title_size = fit(self.document_title(), half, size, bold=True)
        draw_string(canvas, left, height - self.header_offset, title, title_size, bold=True)
        club, club_size = fit(self.club_name, half, size)
        draw_string(canvas, right, height - self.header_offset, club, club_size, align="right")
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(left, height - self.header_offset - 2 * mm, right, height - self.header_offset - 2 * mm)
        printed, printed_size = fit(self.printed_label(), half, size)
        draw_string(canvas, left, self.footer_offset, printed, printed_size)
        number = _("Page %(page)d of %(pages)d") % {"page": page, "pages": pages}
        draw_string(canvas, right, self.footer_offset, number, size, align="right")
        canvas.restoreState()

    # -- output -----------------------------------------------------------
    def render(self) -> bytes:
        """The whole document as PDF bytes."""
        register_fonts()
        self.grid_boxes.clear()
        buffer = BytesIO()
        doc = _Template(
            buffer, pagesize=self.pagesize,
            leftMargin=self.margin_left, rightMargin=self.margin_right,
            topMargin=self.margin_top, bottomMargin=self.margin_bottom,
            title=self.document_title(), author=self.club_name, creator="Clubtally",
            lang=document_language(), displayDocTitle=True, initialFontName=SANS,
        )
        furniture = self.draw_furniture

        def canvasmaker(*args, **kwargs):
            return _NumberedCanvas(*args, furniture=furniture, **kwargs)

        doc.build(self.story(), canvasmaker=canvasmaker)
        return buffer.getvalue()
