"""A score grid drawn straight on the canvas: the header cells, one path of
thin rules, one of heavy rules and the few cells written in advance, where a
reportlab ``Table`` laid out and drew every one of its cells (about 350 a
table sheet, 7,000 a round packet of 20 tables: most of its time,
docs/performance.md).

It looks as :func:`league.pdf.grid.grid_table` draws the same grid: the same
columns and widths, the header (a spanning label per side or player over its
columns' labels, tinted), the row heights, thin rules between cells, heavy
ones round the grid, under the header and before each group; each text is
fitted to its cell as :class:`~league.pdf.flowables.FitText` fits it, placed
where the table placed it. Like the recorded tables it notes where it was
drawn (``boxes``) and lists its cells when read (``cells``, read by
``league_base.drawn_cells``: the same attributes a table has), so the tests
that keep every text inside its cell read it as they read a table.
"""
from functools import cached_property, lru_cache

from reportlab.lib import colors
from reportlab.platypus import Flowable

from .flowables import HEADER_TINT, RULE, Box, FitText
from reportlab.pdfbase.pdfmetrics import stringWidth

from .fonts import fit, script_runs

PADDING = 2  # left and right, as grid_table's cells
THIN, HEAVY = 0.4, 0.9
# The same labels and dealer names at the same widths come back on every sheet of a packet.
_fit = lru_cache(maxsize=4096)(fit)


class RuledGrid(Flowable):
    """``RuledGrid(columns, groups, rows, row_height=...)``: ``rows`` are lists
    of cells, one per column, as :func:`league.pdf.grid.cells` builds them (a
    :class:`FitText`, or ``()`` for a blank cell). The whole grid must fit
    the frame it is drawn in (it does not split across pages)."""

    def __init__(self, columns, groups, rows, *, row_height, header_size=7.0, header_height=None,
                 boxes=None, cells=None, tag="grid"):
        super().__init__()
        self.columns, self.groups, self.rows = tuple(columns), tuple(groups), rows
        self.header_size, self.tag = header_size, tag
        self.boxes, self.cells = boxes, cells
        header_height = header_height or header_size * 1.9
        self.header_rows = 2 if self.groups else 1
        self._rowHeights = [header_height] * self.header_rows + [row_height] * len(rows)
        self._colWidths = [c.width for c in self.columns]
        self._ncols, self._nrows = len(self.columns), len(self._rowHeights)
        self._spanCmds = bool(self.groups)  # read by drawn_cells: use _spanRects
        cols = [0.0]
        for w in self._colWidths:
            cols.append(cols[-1] + w)
        self._colpositions = cols
        top = sum(self._rowHeights)
        rows_at = [top]
        for h in self._rowHeights:
            rows_at.append(rows_at[-1] - h)
        self._rowpositions = rows_at
        self.width, self.height = cols[-1], top
        self._width, self._height = self.width, self.height
        index = {c.key: i for i, c in enumerate(self.columns)}
        self.spans = [(index[g.first], index[g.last], g.label) for g in self.groups]

    # -- the header: (first column, first row, last column, last row, label) --
    @cached_property
    def header_cells(self) -> list[tuple[int, int, int, int, str]]:
        if not self.groups:
            return [(i, 0, i, 0, str(c.label)) for i, c in enumerate(self.columns)]
        out, grouped = [], {}
        for first, last, label in self.spans:
            for i in range(first, last + 1):
                grouped[i] = (first, last, label)
        for i, column in enumerate(self.columns):
            group = grouped.get(i)
            if group is None:
                out.append((i, 0, i, 1, str(column.label)))
            elif i == group[0]:
                out.append((i, 0, group[1], 0, str(group[2])))
        out += [(i, 1, i, 1, str(c.label)) for i, c in enumerate(self.columns) if i in grouped]
        return sorted(out, key=lambda cell: (cell[1], cell[0]))

    def _rect(self, c0, r0, c1, r1) -> tuple[float, float, float, float]:
        x, y = self._colpositions[c0], self._rowpositions[r1 + 1]
        return x, y, self._colpositions[c1 + 1] - x, self._rowpositions[r0] - y

    @property
    def _spanRects(self) -> dict:
        """``{(col, row): (x, y, width, height)}`` as a spanning table has it
        (``None`` for a cell under another's span); built when read."""
        rects = {}
        for c0, r0, c1, r1, _label in self.header_cells:
            for c in range(c0, c1 + 1):
                for r in range(r0, r1 + 1):
                    rects[c, r] = None
            rects[c0, r0] = self._rect(c0, r0, c1, r1)
        for r in range(self.header_rows, self._nrows):
            for c in range(self._ncols):
                rects[c, r] = self._rect(c, r, c, r)
        return rects

    # -- layout and drawing ---------------------------------------------------
    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def split(self, avail_width, avail_height):
        return []

    def drawOn(self, canvas, x, y, _sW=0):
        super().drawOn(canvas, x, y, _sW)
        a, b, c, d, e, f = canvas._currentMatrix  # only translations are used here
        left = self._hAlignAdjust(x, _sW)
        page = canvas.getPageNumber()
        if self.boxes is not None:
            self.boxes.append(Box(page, a * left + c * y + e, b * left + d * y + f, self.width, self.height))
        if self.cells is not None:
            self.cells.append((self, page, (a, b, c, d, e, f), left, y))

    def _text(self, out, x, y, width, height, text, size, *, bold=False, align="left", min_size=5.5):
        """``text`` fitted into the cell at ``(x, y, width, height)`` as a
        middle-aligned FitText in a table cell padded 2 points left and right,
        set run by run in its scripts' fonts (``fonts.draw_string``) into the
        text object ``out``."""
        inner = width - 2 * PADDING
        fitted, fitted_size = _fit(text, inner, size, min_size=min_size, bold=bold)
        if not fitted:
            return
        left = x + PADDING + {"left": 0, "center": inner / 2, "right": inner}[align]
        baseline = y + (height - size * 1.2) / 2 + size * 0.25
        runs = script_runs(fitted, bold)
        widths = [stringWidth(run, font, fitted_size) for font, run in runs]
        if align == "right":
            left -= sum(widths)
        elif align == "center":
            left -= sum(widths) / 2
        for (font, run), run_width in zip(runs, widths):
            out.setFont(font, fitted_size)
            out.setTextOrigin(left, baseline)
            out.textOut(run)
            left += run_width
        out._code.append("ET BT")  # each text its own text block, as drawString writes it (text readers join
        # the texts of one block with spaces)

    def draw(self):
        canv = self.canv
        cols, rows_at = self._colpositions, self._rowpositions
        width, top = self.width, self.height
        header_bottom = rows_at[self.header_rows]
        canv.saveState()
        canv.setFillColor(HEADER_TINT)
        canv.rect(0, header_bottom, width, top - header_bottom, stroke=0, fill=1)
        canv.setFillColor(colors.black)
        out = canv.beginText()  # one text object for every text of the grid
        for c0, r0, c1, r1, label in self.header_cells:
            self._text(out, *self._rect(c0, r0, c1, r1), label, self.header_size, bold=True, align="center")
        color = colors.black
        for r, row in enumerate(self.rows, self.header_rows):
            y, height = rows_at[r + 1], self._rowHeights[r]
            for c, cell in enumerate(row):
                if not isinstance(cell, FitText) or not cell.text:
                    continue
                wanted = cell.color or colors.black
                if wanted != color:
                    out.setFillColor(wanted)
                    color = wanted
                self._text(out, cols[c], y, cols[c + 1] - cols[c], height, cell.text, cell.size, bold=cell.bold,
                           align=cell.align, min_size=cell.min_size)
        canv.drawText(out)
        canv.setStrokeColor(RULE)
        canv.setLineCap(1)
        canv.setLineJoin(1)
        inside = {i for first, last, _label in self.spans for i in range(first + 1, last + 1)}
        grouped = {i for first, last, _label in self.spans for i in range(first, last + 1)}
        thin = canv.beginPath()
        for r in range(1, self._nrows):  # between rows; under a side's label only over its columns
            if r < self.header_rows:
                for i in sorted(grouped):
                    thin.moveTo(cols[i], rows_at[r])
                    thin.lineTo(cols[i + 1], rows_at[r])
            elif r > self.header_rows:
                thin.moveTo(0, rows_at[r])
                thin.lineTo(width, rows_at[r])
        for i in range(1, self._ncols):  # between columns; not through a side's label
            thin.moveTo(cols[i], 0)
            thin.lineTo(cols[i], rows_at[1] if i in inside else top)
        canv.setLineWidth(THIN)
        canv.drawPath(thin, stroke=1, fill=0)
        heavy = canv.beginPath()
        heavy.rect(0, 0, width, top)
        heavy.moveTo(0, header_bottom)
        heavy.lineTo(width, header_bottom)
        for first, _last, _label in self.spans:
            heavy.moveTo(cols[first], 0)
            heavy.lineTo(cols[first], top)
        canv.setLineWidth(HEAVY)
        canv.drawPath(heavy, stroke=1, fill=0)
        canv.restoreState()


def ruled_grid(table_cls, columns, groups, rows, *, row_height, header_size=7.0, header_height=None,
               tag="grid") -> RuledGrid:
    """A :class:`RuledGrid` noting its parts where ``table_cls`` (a document's
    ``table_class()``) notes a table's: its ``boxes`` and ``cells`` lists."""
    return RuledGrid(columns, groups, rows, row_height=row_height, header_size=header_size,
                     header_height=header_height, boxes=getattr(table_cls, "boxes", None),
                     cells=getattr(table_cls, "cells", None), tag=tag)
