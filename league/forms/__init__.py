"""Forms check types and ranges; services and ``scoring`` check the rules."""
from .hands import HandForm, NewGameForm, attach_errors, edit_version
from .cribbage import CribbageGameForm, DealForm, attach_deal_errors
from .leagues import CheckInForm, LeagueForm, NightForm, NightReopenForm, SeasonForm, SwapSeatsForm, TeamForm

__all__ = [
    "HandForm", "NewGameForm", "attach_errors", "edit_version", "CribbageGameForm", "DealForm", "attach_deal_errors",
    "LeagueForm", "SeasonForm", "NightForm", "CheckInForm", "TeamForm", "NightReopenForm", "SwapSeatsForm",
]
