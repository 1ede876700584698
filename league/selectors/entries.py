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
