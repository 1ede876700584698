"""Forms check types and ranges; services and ``scoring`` check the rules."""
from .hands import HandForm, NewGameForm, attach_errors
from .cribbage import CribbageGameForm, DealForm, attach_deal_errors  # noqa: F401  (cribbage, issue 5)
from .leagues import CheckInForm, LeagueForm, NightForm, SeasonForm, SwapSeatsForm, TeamForm

__all__ = [
    "HandForm", "NewGameForm", "attach_errors",
    "LeagueForm", "SeasonForm", "NightForm", "CheckInForm", "TeamForm", "SwapSeatsForm",
]
