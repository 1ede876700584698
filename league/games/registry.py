"""The registry of game kinds: the only list of the club's game types.

It sits at the bottom of ``league``: it imports nothing of the kinds. Each kind
module registers its kinds when it is imported (``register(PartnershipKind())``),
and :meth:`league.apps.LeagueConfig.ready` imports the modules the
``CLUBTALLY_GAME_KINDS`` setting lists (dotted paths, like ``INSTALLED_APPS``),
as Django's admin autodiscovers ``admin.py`` modules. A new game is a new
module on that list; its game type needs no migration, since the models'
``game_type`` choices are :func:`game_type_choices`, read when asked.

``kind_of(game)`` and ``kind_for(game_type)`` return the kind that says what
differs between games; ``kinds()`` lists them in the site's order.
"""
from __future__ import annotations

from importlib import import_module

from django.conf import settings

DEFAULT_KIND_MODULES = ("league.games.pinochle.kind", "league.games.cribbage.kind", "league.games.rummy.kind")
"""The built-in kinds' modules: the default of ``settings.CLUBTALLY_GAME_KINDS``."""

# The kinds are league.games.base.GameKind instances; the registry imports none of them.
_BY_CODE: dict[str, GameKind] = {}
_ordered: tuple[GameKind, ...] = ()  # kinds(), sorted again on each (un)register


def _sort():
    global _ordered
    _ordered = tuple(sorted(_BY_CODE.values(), key=lambda k: k.site_order))


def register(kind: GameKind) -> GameKind:
    """Add ``kind`` (an instance) under its ``code``; returns it. A second kind
    with a code already taken is an error, not a silent replacement."""
    code = str(kind.code)
    if not code:
        raise ValueError(f"{kind!r} has no code: set the game type it stores on games and rule profiles")
    if _BY_CODE.get(code, kind) is not kind:
        raise ValueError(f"game type {code!r} is already registered to {_BY_CODE[code]!r}")
    _BY_CODE[code] = kind
    _sort()
    return kind


def unregister(code) -> None:
    """Remove the kind of ``code`` (tests that register a kind of their own); ``KeyError`` if none."""
    del _BY_CODE[str(code)]
    _sort()


def autodiscover(modules=None) -> None:
    """Import every kind module ``settings.CLUBTALLY_GAME_KINDS`` lists (each registers its kinds)."""
    if modules is None:
        modules = getattr(settings, "CLUBTALLY_GAME_KINDS", DEFAULT_KIND_MODULES)
    for path in modules:
        import_module(path)


def kinds() -> tuple[GameKind, ...]:
    """Every registered game kind, in the site's order (``site_order``)."""
    return _ordered


def kind_for(game_type) -> GameKind:
    """The kind of a game type (its stored value); ``KeyError`` naming it if no kind has it."""
    try:
        return _BY_CODE[str(game_type)]
    except KeyError:
        raise KeyError(f"no game kind is registered for game type {str(game_type)!r} "
                       f"(registered: {', '.join(_BY_CODE) or 'none'}; see settings.CLUBTALLY_GAME_KINDS)") from None


def kind_of(obj) -> GameKind:
    """The kind of a game, a rule profile or anything with a ``game_type``."""
    return kind_for(obj.game_type)


def kind_by_blank_slug(slug: str) -> GameKind | None:
    """The kind whose blank score sheet is at ``/sheets/<slug>/``, or None."""
    return next((k for k in kinds() if k.blank_slug == slug), None)


def kind_for_rules(rules) -> GameKind:
    """The first kind (in the site's order) whose rules class ``rules`` is; ``KeyError`` if none."""
    kind = next((k for k in kinds() if k.rules_class() is type(rules)), None)
    if kind is None:
        raise KeyError(f"no game kind is registered for rules of type {type(rules).__name__}")
    return kind


def rating_family_choices() -> list[tuple[str, str]]:
    """The ratings families (docs/ratings.md), in the kinds' order: each kind's
    ``rating_family`` or its own code, named as the kind of that code is."""
    families = {}
    for kind in kinds():
        family = kind.rating_family or str(kind.code)
        families.setdefault(family, (_BY_CODE.get(family) or kind).label)
    return list(families.items())


def game_type_choices() -> list[tuple[str, str]]:
    """The ``game_type`` choices of games and rule profiles: every registered kind, in the site's order."""
    return [(str(k.code), k.label) for k in kinds()]
