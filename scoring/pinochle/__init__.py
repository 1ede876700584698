"""Pinochle: partnership (docs/rules.md §5), three-handed (§2) and double-deck (§1).

:class:`PinochleRules` holds a club's variants (``players=3`` for three-handed
play); :class:`DoubleDeckRules` those of the 80-card game. :func:`count_meld`
counts one player's meld; :func:`score_hand` scores a hand from what the table
said; :func:`game_result` decides the game's end; :func:`next_dealer` passes
the deal; :func:`settle_hand` and :func:`settle_sitting` pay three-handed hands
in units under auction settlement; :func:`game_stakes` settles the game and
set stakes of a cut-throat game to the target.
"""
from .auction import AuctionLedger, AuctionRow, Payment, hand_value, settle_hand, settle_sitting, settle_up
from .bid_values import DEFAULT_BID_VALUES, bid_units
from .double_deck import DOUBLE_DECK_MELD, DoubleDeckRules
from .game import GameResult, game_result, game_winner, next_dealer
from .hand import HandScore, PinochleHand, round_tricks, score_hand
from .meld import MeldCount, MeldItem, count_meld
from .rules import PLAYER_NAMES, SIDE_NAMES, PinochleRules
from .stakes import StakeLedger, game_stakes, set_count

__all__ = [
    "DEFAULT_BID_VALUES",
    "DOUBLE_DECK_MELD",
    "PLAYER_NAMES",
    "SIDE_NAMES",
    "AuctionLedger",
    "AuctionRow",
    "DoubleDeckRules",
    "GameResult",
    "HandScore",
    "MeldCount",
    "MeldItem",
    "Payment",
    "PinochleHand",
    "PinochleRules",
    "bid_units",
    "count_meld",
    "game_result",
    "game_winner",
    "hand_value",
    "next_dealer",
    "round_tricks",
    "score_hand",
    "settle_hand",
    "settle_sitting",
    "settle_up",
    "StakeLedger",
    "game_stakes",
    "set_count",
]
