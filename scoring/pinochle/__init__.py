"""Partnership Pinochle, four players in two sides (RULES.md §1).

:class:`PinochleRules` holds a club's variants; :func:`count_meld` counts one
player's meld; :func:`score_hand` scores a hand from what the table said.
"""
from .hand import HandScore, PinochleHand, round_tricks, score_hand
from .meld import MeldCount, MeldItem, count_meld
from .rules import SIDE_NAMES, PinochleRules

__all__ = [
    "SIDE_NAMES",
    "HandScore",
    "MeldCount",
    "MeldItem",
    "PinochleHand",
    "PinochleRules",
    "count_meld",
    "round_tricks",
    "score_hand",
]
