"""Rummy-style "Pinochle" with wild cards, in partnerships (docs/rules.md §3, the Thai text).

:class:`RummyRules` holds a club's options; :func:`score_round` scores a round
from each team's :class:`RoundEntry`, with the barbele opening check;
:func:`game_end` decides the end; :func:`run_rounds` scores a whole sheet;
:func:`cards_value` counts cards (jokers and deuces wild, 30).
"""
from .cards import WILD, card_value, cards_value, rank_value
from .game import GameEnd, RummyLedger, game_end, run_rounds
from .round import Rescue, RoundEntry, RoundScore, ScoreLine, has_barbele, meld_factor, rescue_points, score_round
from .rules import TEAM_NAMES, RummyRules

__all__ = [
    "TEAM_NAMES",
    "WILD",
    "GameEnd",
    "Rescue",
    "RoundEntry",
    "RoundScore",
    "RummyLedger",
    "RummyRules",
    "ScoreLine",
    "card_value",
    "cards_value",
    "game_end",
    "has_barbele",
    "meld_factor",
    "rank_value",
    "rescue_points",
    "run_rounds",
    "score_round",
]
