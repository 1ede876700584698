"""One board selector for every game kind.

``load_board(public_id=…)`` or ``load_board(token=…)`` reads the game with
its club, rule profile, table, night, season and league *and* its sides in
one query, then asks the game's kind for its board (``kind.board(game,
sides)``: the Pinochle sheet, the cribbage board or the rummy board), which
reads the seats and entries it shows. The query is compiled once per
database connection (:mod:`league.prepared`).
"""
from django.http import Http404

from league.models import GameSide
from league.prepared import Prepared

GAME_WITH = ("game__club", "game__rule_profile", "game__table__round__night__season__league__club",
             "game__table__round__night__season__league__rule_profile")

# compiled once per connection (league.prepared): compiling this join cost ten times running it
BY_PUBLIC_ID = Prepared(lambda v: GameSide.objects.select_related(*GAME_WITH).filter(game__public_id=v).order_by("side"))
BY_TOKEN = Prepared(lambda v: GameSide.objects.select_related(*GAME_WITH).filter(game__access_token=v).order_by("side"))


def load_board(public_id: str | None = None, *, token: str | None = None):
    """The board of the game with that public id (or that table link's token); 404 if none."""
    if not (public_id or token):
        raise Http404
    sides = BY_PUBLIC_ID(str(public_id)) if token is None else BY_TOKEN(str(token))
    if not sides:
        raise Http404
    game = sides[0].game
    for side in sides:
        side.game = game
    return game.kind.board(game, sides)
