"""Models: clubs and people (``club``), rule profiles (``rules``), games and hands (``game``)."""
from .club import Club, Membership, Player
from .game import Game, GameSeat, GameSide, Hand, HandKind, HandSide
from .rules import GameType, RuleProfile

__all__ = [
    "Club", "Membership", "Player", "RuleProfile", "GameType",
    "Game", "GameSeat", "GameSide", "Hand", "HandKind", "HandSide",
]
