"""Cribbage games: starting one, and who writes from a cribbage table link.

Its deals go through the one entry workflow (:mod:`league.services.workflow`)
with the kind's hooks (:mod:`league.games.cribbage.entries`; docs/rules.md, "Cribbage").
"""
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league.games.registry import kind_for
from league.i18n import render
from league.models import Club, Game, RuleProfile
from league.models.rules import GameType
from scoring.cribbage import CribbageRules
from scoring.errors import ScoringError

from league.services.games import game_start, seat_errors
from league.services.trust import Actor

DEFAULT_CRIBBAGE_PRECEDENCE = ["game_points", "wins", "spread"]


@transaction.atomic
def cribbage_game_create(*, club: Club, players, rule_profile: RuleProfile | None = None,
                         rules: CribbageRules | None = None, first_dealer: int = 0, by=None) -> Game:
    """Start a cribbage game: ``players`` are seat 0 and seat 1 (each seat is a
    side). The rules are copied from ``rule_profile`` (or ``rules``, or the
    defaults: 121, ACC game points, spread by margin) onto the game."""
    errors = seat_errors(club=club, kind=kind_for(GameType.CRIBBAGE), players=players, rule_profile=rule_profile,
                         twice=_("A player cannot play against themself."),
                         other_game=_("That rule profile is not for cribbage."))
    if isinstance(first_dealer, bool) or first_dealer not in (0, 1):
        errors["first_dealer"] = [_("The first dealer is one of the two players.")]
    if errors:
        raise ValidationError(errors)
    try:
        chosen = rules or (rule_profile.rules() if rule_profile else CribbageRules())
    except ScoringError as e:
        raise ValidationError({"rule_profile": [render(e.message)]}) from e
    return game_start(club=club, kind=kind_for(GameType.CRIBBAGE), players=players, rules=chosen, rule_profile=rule_profile,
                      first_dealer=first_dealer, by=by)


@dataclass(frozen=True)
class PlayerLink(Actor):
    """A cribbage table link's phone: ``side`` is the player whose phone it is
    (0 or 1), named so in the audit trail ("link (player 1)"), not as a partnership."""

    @property
    def label(self) -> str:
        if self.side is None:
            return _("table link")
        return _("link (player %(n)d)") % {"n": self.side + 1}
