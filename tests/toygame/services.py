"""Starting a Toy Tally game: four players N, E, S, W (N–S side 0, E–W side 1)."""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.games import kind_for
from league.i18n import render
from league.services.games import game_start, seat_errors
from scoring.errors import ScoringError

from . import CODE
from .engine import ToyRules


@transaction.atomic
def toy_game_create(*, club, players, rule_profile=None, first_dealer: int = 0, by=None):
    """The rule profile's rules (or the standard ones) are copied onto the game."""
    kind, players = kind_for(CODE), list(players)
    errors = seat_errors(club=club, kind=kind, players=players, rule_profile=rule_profile,
                         twice=_("Four different players, please."),
                         other_game=_("That rule profile is for another game."))
    if isinstance(first_dealer, bool) or first_dealer not in (0, 1, 2, 3):
        errors["first_dealer"] = [_("The first dealer is one of the four seats.")]
    if errors:
        raise ValidationError(errors)
    try:
        rules = ToyRules.from_dict(rule_profile.options) if rule_profile is not None else ToyRules()
    except ScoringError as e:
        raise ValidationError({"rule_profile": [render(e.message)]}) from e
    return game_start(club=club, kind=kind, players=players, rules=rules, rule_profile=rule_profile,
                      first_dealer=first_dealer, by=by)
