"""Rummy-style Pinochle games: starting one (N, E, S, W; N–S against E–W).

Its rounds go through the one entry workflow (:mod:`league.services.workflow`)
with the kind's hooks (:mod:`league.games.rummy.entries`; docs/rules.md,
"Rummy-style Pinochle"): a league table's game has its result rows rewritten
whenever a write finishes, re-finishes or reopens it, and a locked night asks
an organizer for a reason.
"""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.games.registry import kind_for
from league.i18n import render
from league.models import Club, Game
from league.models.rules import GameType
from scoring.errors import ScoringError
from scoring.rummy import RummyRules

from league.services.games import game_start, seat_errors


def _rules(rules) -> RummyRules:
    if rules is None:
        return RummyRules()
    if isinstance(rules, RummyRules):
        return rules
    try:
        return RummyRules.from_dict(rules)
    except ScoringError as e:
        raise ValidationError({"rules": [render(e.message)]}) from e


@transaction.atomic
def rummy_game_create(*, club: Club, players, rules=None, rule_profile=None, first_dealer: int = 0,
                      by=None) -> Game:
    """Start a rummy game: ``players`` sit N, E, S, W (partners opposite: N–S
    is side 0, E–W side 1). ``rules`` is a ``RummyRules``, its dict, or None
    for ``rule_profile``'s rules or else the defaults (1500, barbele at 750);
    they are copied onto the game."""
    players = list(players)
    errors = seat_errors(club=club, kind=kind_for(GameType.RUMMY), players=players, rule_profile=rule_profile,
                         twice=_("Four different players, please."),
                         other_game=_("That rule profile is for another game."))
    if isinstance(first_dealer, bool) or first_dealer not in (0, 1, 2, 3):
        errors["first_dealer"] = [_("The first dealer is one of the four seats.")]
    if errors:
        raise ValidationError(errors)
    chosen = _rules(rules if rules is not None or rule_profile is None else rule_profile.options)
    return game_start(club=club, kind=kind_for(GameType.RUMMY), players=players, rules=chosen, rule_profile=rule_profile,
                      first_dealer=first_dealer, by=by, hand_limit=chosen.rounds_limit)
