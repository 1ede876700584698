"""Partnership Pinochle, four players in two sides (RULES.md §1).

:class:`PinochleRules` holds a club's variants; :func:`count_meld` counts one
player's meld; :func:`score_hand` scores a hand from what the table said;
:func:`game_result` decides the game's end; :func:`next_dealer` passes the deal.
"""
from .game import GameResult, game_result, game_winner, next_dealer
from .hand import HandScore, PinochleHand, round_tricks, score_hand
from .meld import MeldCount, MeldItem, count_meld
from .rules import SIDE_NAMES, PinochleRules

__all__ = [
    "SIDE_NAMES",
    "GameResult",
    "HandScore",
    "MeldCount",
    "MeldItem",
    "PinochleHand",
    "PinochleRules",
    "count_meld",
    "game_result",
    "game_winner",
    "next_dealer",
    "round_tricks",
    "score_hand",
]
