"""Models: clubs and people (``club``), rule profiles (``rules``), games and hands (``game``)."""
from .club import Club, Membership, Player
from .game import Game, GameSeat, GameSide, Hand, HandKind, HandSide
from .rules import GameType, RuleProfile
from .season import (
    DEFAULT_PRECEDENCE, CheckIn, League, LeagueFormat, Night, Result, Round, Season, Table, Team,
)

__all__ = [
    "Club", "Membership", "Player", "RuleProfile", "GameType",
    "Game", "GameSeat", "GameSide", "Hand", "HandKind", "HandSide",
    "League", "LeagueFormat", "Season", "Team", "Night", "CheckIn", "Round", "Table", "Result",
    "DEFAULT_PRECEDENCE",
]
