"""Cribbage: the show, the play, the game (RULES.md §4, seed 001)."""
from .show import CribbageError, ShowItem, ShowScore, score_show

__all__ = ["CribbageError", "ShowItem", "ShowScore", "score_show"]
