"""The club's games: one kind per game type (see ``league/games/base.py`` for
what a kind answers and ``league/games/registry.py`` for how kinds are found).

This package imports only the registry, so any layer may ask it; the kind
modules are imported when the app loads (``settings.CLUBTALLY_GAME_KINDS``).
"""
from .registry import game_type_choices, kind_by_blank_slug, kind_for, kind_of, kinds

__all__ = ["game_type_choices", "kinds", "kind_for", "kind_of", "kind_by_blank_slug"]
