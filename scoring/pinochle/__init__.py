"""Partnership Pinochle, four players in two sides (RULES.md §1).

:class:`PinochleRules` holds a club's variants; :func:`count_meld` counts one
player's meld.
"""
from .meld import MeldCount, MeldItem, count_meld
from .rules import SIDE_NAMES, PinochleRules

__all__ = ["SIDE_NAMES", "MeldCount", "MeldItem", "PinochleRules", "count_meld"]
