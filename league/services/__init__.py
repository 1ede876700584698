"""Writes. Each service is ``entity_action(*, ...)``, one transaction, and
raises ``ValidationError`` keyed by input name, saving nothing, on bad input."""
from .games import game_create, player_get_or_create
from .hands import hand_delete, hand_record, hand_update

__all__ = [
    "game_create", "player_get_or_create", "hand_record", "hand_update", "hand_delete",
]
