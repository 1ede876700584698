"""Reads: each selector fetches one page's data in a fixed number of queries."""
from .games import GameSheet, game_list, game_sheet

__all__ = ["GameSheet", "game_sheet", "game_list"]
