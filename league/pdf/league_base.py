"""What the league documents (table sheets, night recap, season standings)
share on top of :class:`~league.pdf.base.PdfDocument`: tables that note every
cell they draw (so tests can check that no text leaves its cell, whatever the
table), widths measured from the frame reportlab really gives, a one-line
text helper.
"""
from dataclasses import dataclass

from django.utils import formats
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle


from .base import FRAME_PADDING, PdfDocument
from .flowables import Box, FitText, RecordedTable
from .fonts import markup


@dataclass(frozen=True)
class Cell:
    """One drawn cell of a recorded table: page, rectangle in points, and
    which table (``tag``) and row/column of that table part it is."""

    page: int
    x: float
    y: float
    width: float
    height: float
    tag: str
    row: int
    col: int

    def holds(self, x: float, y: float) -> bool:
        return self.x - 0.01 <= x <= self.x + self.width + 0.01 and self.y - 0.01 <= y <= self.y + self.height + 0.01


class CellRecordedTable(RecordedTable):
    """A :class:`RecordedTable` that also notes in ``cells`` every part drawn,
    from which :func:`drawn_cells` lists a :class:`Cell` per cell (spanned
    cells once, at their full size). ``tag`` names the table for the tests (``"grid"``, ``"head"``...).
    Positions are on the page even for a table inside another table's cell,
    which reportlab draws in its parent's moved coordinates."""

    cells: list | None = None
    tag: str = ""

    def drawOn(self, canvas, x, y, _sW=0):
        Table.drawOn(self, canvas, x, y, _sW)
        a, b, c, d, e, f = canvas._currentMatrix  # only translations are used here
        left = self._hAlignAdjust(x, _sW)
        page = canvas.getPageNumber()
        if self.boxes is not None:
            self.boxes.append(Box(page, a * left + c * y + e, b * left + d * y + f, self._width, self._height))
        if self.cells is not None:  # the cells are listed when read (``drawn_cells``), not while drawing
            self.cells.append((self, page, (a, b, c, d, e, f), left, y))


def drawn_cells(parts) -> list[Cell]:
    """The :class:`Cell` of every cell of the table parts a document noted
    (``(table, page, matrix, left, bottom)`` each, in drawing order)."""
    out = []
    for table, page, (a, b, c, d, e, f), left, y in parts:
        def on_page(px, py):
            return a * px + c * py + e, b * px + d * py + f

        cols, rows = table._colpositions, table._rowpositions
        spans = getattr(table, "_spanRects", None) if table._spanCmds else None
        for r in range(table._nrows):
            for col in range(table._ncols):
                if spans is not None:
                    rect = spans.get((col, r))
                    if rect is None:
                        continue
                    cx, cy, w, h = rect
                else:
                    cx, cy, w, h = cols[col], rows[r + 1], cols[col + 1] - cols[col], rows[r] - rows[r + 1]
                out.append(Cell(page, *on_page(left + cx, y + cy), w, h, table.tag, r, col))
    return out


def cell_recorded_table(boxes: list, cells: list) -> type:
    return type("CellRecordedTable", (CellRecordedTable,), {"boxes": boxes, "cells": cells})


class LeagueDocument(PdfDocument):
    """A :class:`PdfDocument` whose tables note their cells in ``cell_boxes``."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.drawn_parts: list = []

    @property
    def cell_boxes(self) -> list[Cell]:
        """Every cell drawn by the last :meth:`render`, on the page."""
        return drawn_cells(self.drawn_parts)

    @property
    def content_height(self) -> float:
        return self.pagesize[1] - self.margin_top - self.margin_bottom - 2 * FRAME_PADDING

    def table_class(self) -> type:
        return cell_recorded_table(self.grid_boxes, self.drawn_parts)

    def styles(self) -> dict:
        styles = super().styles()
        styles["subheading"].keepWithNext = 1  # never a heading alone at the foot of a page
        for style in styles.values():
            # reportlab lets a line run over by 5% of its spaces, shrinking them only when
            # justifying: a left-aligned line would then end past its cell
            style.spaceShrinkage = 0
        return styles

    def table(self, rows, *, tag: str, col_widths, style=(), row_heights=None, **kwargs):
        """A recorded table tagged ``tag``; padding 0 unless ``style`` says otherwise."""
        table = self.table_class()(rows, colWidths=col_widths, rowHeights=row_heights, hAlign="LEFT", **kwargs)
        table.tag = tag
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            *style,
        ]))
        return table

    def render(self) -> bytes:
        self.drawn_parts.clear()
        return super().render()

    # -- text ----------------------------------------------------------------
    BOLD_STYLES = ("heading", "subheading", "label")

    def p(self, text: str, style: str = "body", bold: bool | None = None) -> Paragraph:
        """A paragraph of ``text`` in its scripts' fonts (bold for headings)."""
        bold = style in self.BOLD_STYLES if bold is None else bold
        return Paragraph(markup(str(text), bold), self.stylesheet[style])

    @staticmethod
    def line(text, size=9.0, *, bold=False, align="left", min_size=5.5, color=None) -> FitText:
        return FitText(str(text), size, bold=bold, align=align, min_size=min_size, color=color)

    @staticmethod
    def date(value) -> str:
        return formats.date_format(value, "DATE_FORMAT")

    def fields(self, pairs, *, size=9.0, label_share=0.32, tag="fields"):
        """Label / value lines, one pair a row, each fitted to its column."""
        width = self.content_width
        label = width * label_share
        rows = [[self.line(k, size, bold=True), self.line(v, size)] for k, v in pairs]
        return self.table(rows, tag=tag, col_widths=[label, width - label],
                          style=[("RIGHTPADDING", (0, 0), (0, -1), 2 * mm)])

