"""Models: clubs and people (``club``), rule profiles (``rules``), games and hands (``game``), one-day events (``tournament``)."""
from .club import Club, Invite, Membership, Player, PlayerMerge
from .figures import Figures, GameFigures
from .game import Game, GameSeat, GameSide, Hand, HandKind, HandRevision, HandSide, HandStatus
from .ratings import PlayerRating, RatingEvent
from .rules import GameType, RuleProfile
from .tournament import Entrant, Match, MatchGame, MatchSide, SidePool, Stage, StageRound, Tournament
from .season import (
    DEFAULT_PRECEDENCE, ChangeLog, CheckIn, League, LeagueFormat, LeagueRole, Night, Result, Round, Season, Table, Team,
)

__all__ = [
    "Club", "Invite", "Membership", "Player", "PlayerMerge", "RuleProfile", "GameType",
    "Game", "GameSeat", "GameSide", "Hand", "HandKind", "HandSide", "HandStatus", "HandRevision", "ChangeLog",
    "League", "LeagueFormat", "LeagueRole", "Season", "Team", "Night", "CheckIn", "Round", "Table", "Result",
    "DEFAULT_PRECEDENCE", "Tournament", "Entrant", "Stage", "StageRound", "Match", "MatchSide", "MatchGame", "SidePool",
    "Figures", "GameFigures", "PlayerRating", "RatingEvent",
]
