"""Printable PDFs rendered with reportlab: one document class per sheet, page
geometry as class attributes, ``render()`` returning bytes."""
from .base import PAPER_SIZES, PdfDocument
from .blank import BlankSheet
from .board_sheets import CribbageGameSheet, RummyGameSheet
from .game_sheet import CompletedGameSheet
from .recap import NightRecap
from .standings import SeasonStandingsReport
from .table_sheets import TableSheets

__all__ = ["PAPER_SIZES", "PdfDocument", "BlankSheet", "CompletedGameSheet", "CribbageGameSheet", "NightRecap",
           "RummyGameSheet", "SeasonStandingsReport", "TableSheets"]
