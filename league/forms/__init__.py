"""Forms check types and ranges; services and ``scoring`` check the rules.
Each game's entry and new-game forms live in its folder (``league/games/<kind>/forms.py``)."""
from .errors import attach_errors, edit_version
from .leagues import CheckInForm, LeagueForm, NightForm, NightReopenForm, SeasonForm, SwapSeatsForm, TeamForm

__all__ = [
    "attach_errors", "edit_version",
    "LeagueForm", "SeasonForm", "NightForm", "CheckInForm", "TeamForm", "NightReopenForm", "SwapSeatsForm",
]
