"""Writes. Each service is ``entity_action(*, ...)``, one transaction, and
raises ``ValidationError`` keyed by input name, saving nothing, on bad input.
Every kind's entries go through one workflow: ``entry_record``, ``entry_update``,
``entry_delete``, ``entry_confirm`` and ``entry_counter``."""
from .games import game_create, player_get_or_create
from .confirm import night_lock, night_lock_refusal, night_open_tables, night_reopen
from .entries import entry_confirm, entry_counter
from .trust import Actor
from .workflow import entry_delete, entry_record, entry_update
from .nights import (
    league_create, night_check_in, night_check_out, night_create, round_seat, round_swap_seats, round_unfinished_tables,
    round_unseat,
    season_create, team_create,
)

__all__ = [
    "game_create", "player_get_or_create", "entry_record", "entry_update", "entry_delete",
    "league_create", "season_create", "team_create", "night_create", "night_check_in",
    "night_check_out", "round_seat", "round_swap_seats", "round_unfinished_tables", "round_unseat",
    "Actor", "entry_confirm", "entry_counter", "night_lock", "night_lock_refusal",
    "night_open_tables", "night_reopen",
]
