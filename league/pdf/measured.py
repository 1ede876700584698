"""Flowables that remember their last wrap, for the head of a table sheet.

reportlab wraps a flowable inside a table cell every time it measures or
draws the table: the head of a table sheet (a table of tables of
paragraphs) is measured by the sheet's layout, by the frame, and again cell
by cell while drawn, so each of its paragraphs was broken into lines about
four times (docs/performance.md). These keep the size of their last wrap and
answer the same width with it; the head never splits, so nothing else reads
a wrap's state in between.
"""
from copy import copy

from reportlab.platypus import Paragraph

from .flowables import FitText


class WrapOnce:
    """Mixin: ``wrap`` at the width of the last wrap returns its size again."""

    def wrap(self, avail_width, avail_height):
        if self.__dict__.get("_wrapped_at") != avail_width:
            self._wrapped_size = super().wrap(avail_width, avail_height)
            self._wrapped_at = avail_width
        return self._wrapped_size


class KeptParagraph(WrapOnce, Paragraph):
    pass


class KeptFitText(WrapOnce, FitText):
    pass


def kept_table_class(table_cls: type) -> type:
    """``table_cls`` (a document's recorded table class) that keeps its wrap."""
    return type(table_cls.__name__, (WrapOnce, table_cls), {})


class ParagraphCache:
    """Paragraphs of the same markup and style parsed once a document: each
    call returns a new :class:`KeptParagraph` on copies of the first one's
    fragments (the rule lines and the note under the grid repeat on every
    sheet)."""

    def __init__(self):
        self.parsed = {}

    def get(self, key, make) -> KeptParagraph:
        first = self.parsed.get(key)
        if first is None:
            first = self.parsed[key] = make()
        return KeptParagraph(first.text, first.style, frags=[copy(f) for f in first.frags])
