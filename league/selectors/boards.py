"""One board selector for every game kind.

``load_board(public_id=…)`` or ``load_board(token=…)`` reads the game with
its club, rule profile, table, night, season and league (or its event's
round and event) *and* its sides in one query, then asks the game's kind for its board (``kind.board(game,
sides)``: the Pinochle sheet, the cribbage board or the rummy board), which
reads the seats and entries it shows.
"""
from django.http import Http404

from league.models import GameSide

GAME_WITH = ("game__club", "game__rule_profile", "game__table__round__night__season__league__club",
             "game__table__round__night__season__league__rule_profile",
             # an event's game: its round (the clock's calls shown on the pad) and its event (linked back)
             "game__tournament_match__match__round__stage__tournament__club")

def _by_public_id(v) -> list:
    return list(GameSide.objects.select_related(*GAME_WITH).filter(game__public_id=v).order_by("side"))


def _by_token(v) -> list:
    return list(GameSide.objects.select_related(*GAME_WITH).filter(game__access_token=v).order_by("side"))


def load_board(public_id: str | None = None, *, token: str | None = None):
    """The board of the game with that public id (or that table link's token); 404 if none."""
    if not (public_id or token):
        raise Http404
    sides = _by_public_id(str(public_id)) if token is None else _by_token(str(token))
    if not sides:
        raise Http404
    game = sides[0].game
    for side in sides:
        side.game = game
    return game.kind.board(game, sides)


def event_round(game):
    """The event round (``StageRound``, with its stage and event) of an event's game, or
    None; read with the board (:data:`GAME_WITH`), no query of its own."""
    match_game = getattr(game, "tournament_match", None)
    return match_game.match.round if match_game is not None else None
