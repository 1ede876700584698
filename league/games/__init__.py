"""The registry of game kinds: the only list of the club's game types.

``kind_of(game)`` and ``kind_for(game_type)`` return the :class:`GameKind`
that says what differs between games; ``kinds()`` iterates over all of them
in the order the site lists them. See ``league/games/base.py`` for the hooks.
"""
from .base import GameKind
from .cribbage import CribbageKind
from .pinochle import DoubleDeckKind, PartnershipKind, ThreeHandedKind
from .rummy import RummyKind

PARTNERSHIP = PartnershipKind()
THREE_HANDED = ThreeHandedKind()
CRIBBAGE = CribbageKind()
DOUBLE_DECK = DoubleDeckKind()
RUMMY = RummyKind()
_KINDS = (PARTNERSHIP, THREE_HANDED, CRIBBAGE, DOUBLE_DECK, RUMMY)
_BY_CODE = {str(k.code): k for k in _KINDS}


def kinds() -> tuple[GameKind, ...]:
    """Every game kind, in the site's order."""
    return _KINDS


def kind_for(game_type) -> GameKind:
    """The kind of a game type (a ``GameType`` member or its value); ``KeyError`` if unknown."""
    return _BY_CODE[str(game_type)]


def kind_of(game) -> GameKind:
    """The kind of a game, a rule profile or anything with a ``game_type``."""
    return kind_for(game.game_type)


def kind_by_blank_slug(slug: str) -> GameKind | None:
    return next((k for k in _KINDS if k.blank_slug == slug), None)


__all__ = ["GameKind", "PARTNERSHIP", "THREE_HANDED", "CRIBBAGE", "DOUBLE_DECK", "RUMMY", "kinds", "kind_for", "kind_of", "kind_by_blank_slug"]
