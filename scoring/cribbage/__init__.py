"""Cribbage: the show, the play, the game and advice (docs/rules.md §6, the Chinese cribbage text).

``score_show`` and ``peg_points`` are the scoring API the league calls; the game
(:mod:`.game`) applies a deal's counts in order and settles the result.
"""
from .game import (
    MAX_PEGGING,
    MAX_PEGGING_DEALER,
    MAX_PEGGING_PONE,
    CribbageRules,
    CribbageRulesError,
    Deal,
    DealEvent,
    DealResult,
    Outcome,
    game_outcome,
    next_dealer,
    play_deal,
)
from .helpers import DiscardOption, PeggingAdvice, discard_options, pegging_advice
from .pegging import count_of, go_point, peg_points
from .show import (
    IMPOSSIBLE_SHOW_TOTALS,
    POSSIBLE_SHOW_TOTALS,
    CribbageError,
    ShowItem,
    ShowScore,
    rank_points,
    score_show,
)

__all__ = [
    "IMPOSSIBLE_SHOW_TOTALS", "MAX_PEGGING", "MAX_PEGGING_DEALER", "MAX_PEGGING_PONE", "POSSIBLE_SHOW_TOTALS",
    "CribbageError", "CribbageRules", "CribbageRulesError", "Deal", "DealEvent",
    "DealResult", "DiscardOption", "Outcome", "PeggingAdvice", "ShowItem", "ShowScore",
    "count_of", "discard_options", "game_outcome", "go_point", "next_dealer",
    "peg_points", "pegging_advice", "play_deal", "rank_points", "score_show",
]
