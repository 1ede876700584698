"""Writes. Each service is ``entity_action(*, ...)``, one transaction, and
raises ``ValidationError`` keyed by input name, saving nothing, on bad input."""
from .games import game_create, player_get_or_create
from .confirm import hand_confirm, hand_counter, night_lock, night_reopen
from .hands import hand_delete, hand_record, hand_update
from .trust import Actor
from .cribbage import deal_confirm, deal_counter
from .rummy import round_confirm, round_counter
from .nights import (
    league_create, night_check_in, night_check_out, night_create, round_seat, round_swap_seats, round_unfinished_tables,
    round_unseat,
    season_create, team_create,
)

__all__ = [
    "game_create", "player_get_or_create", "hand_record", "hand_update", "hand_delete",
    "league_create", "season_create", "team_create", "night_create", "night_check_in",
    "night_check_out", "round_seat", "round_swap_seats", "round_unfinished_tables", "round_unseat",
    "Actor", "hand_confirm", "hand_counter", "night_lock", "night_reopen",
    "deal_confirm", "deal_counter", "round_confirm", "round_counter",
]
