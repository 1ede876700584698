"""What a row of any game's sheet says about its entry's confirmation."""
from league.models import HandStatus


class EntryState:
    """For a row dataclass with a ``hand``: is the entry waiting for the other
    side's confirmation, or disputed (both versions kept for the organizer)?"""

    @property
    def waiting(self) -> bool:
        return self.hand.status == HandStatus.ENTERED

    @property
    def disputed(self) -> bool:
        return self.hand.status == HandStatus.DISPUTED


class NightOfGame:
    """For a board dataclass with a ``game`` read with its table, round, night,
    season and league: the night it is played on, is it locked, does its
    league ask the other side to confirm each entry?"""

    @property
    def table(self):
        return self.game.table if self.game.table_id else None

    @property
    def night(self):
        return self.game.table.round.night if self.game.table_id else None

    @property
    def locked(self) -> bool:
        night = self.night
        return night is not None and night.status == "locked"

    @property
    def confirmation(self) -> bool:
        night = self.night
        return night is not None and night.season.league.confirmation
