"""Printable PDFs rendered with reportlab: one document class per sheet, page
geometry as class attributes, ``render()`` returning bytes."""
from .base import PAPER_SIZES, PdfDocument
from .blank import BlankSheet
from .game_sheet import GameSheet
from .recap import NightRecap
from .standings import SeasonStandingsReport
from .table_sheets import TableSheets

__all__ = ["PAPER_SIZES", "PdfDocument", "BlankSheet", "GameSheet", "NightRecap", "SeasonStandingsReport",
           "TableSheets"]
