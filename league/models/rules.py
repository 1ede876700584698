"""Rule profiles: a club's named choice of variants (docs/rules.md), copied onto each game."""
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.games.registry import game_type_choices, kind_of
from scoring.errors import ScoringError


class GameType(models.TextChoices):
    PARTNERSHIP = "partnership", _("Partnership Pinochle")
    CRIBBAGE = "cribbage", _("Cribbage")
    THREE_HANDED = "three_handed", _("Three-handed Pinochle")
    DOUBLE_DECK = "double_deck", _("Double-deck Pinochle")
    RUMMY = "rummy", _("Rummy-style Pinochle")


DEFAULT_GAME_TYPE = GameType.PARTNERSHIP
"""A game or profile created without saying which game it is."""


class RuleProfile(models.Model):
    """Named variant choices. ``options`` is ``PinochleRules.as_dict()``; a game
    copies them when it starts, so editing a profile never changes a game."""

    club = models.ForeignKey(
        "league.Club", on_delete=models.CASCADE, related_name="rule_profiles"
    )
    name = models.CharField(_("name"), max_length=80)
    game_type = models.CharField(
        _("game"), max_length=20, choices=game_type_choices, default=DEFAULT_GAME_TYPE
    )
    options = models.JSONField(_("options"), default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="rule_profile_name_unique"),
        ]
        verbose_name = _("rule profile")
        verbose_name_plural = _("rule profiles")

    def __str__(self):
        return self.name

    @property
    def kind(self):
        """The profile's :class:`league.games.base.GameKind`."""
        return kind_of(self)

    def rules(self):
        """The profile's rules: ``PinochleRules`` (``players=3`` for three-handed),
        ``DoubleDeckRules``, ``CribbageRules`` or ``RummyRules``."""
        return kind_of(self).rules_from(self.options)

    def clean(self):
        try:
            self.options = self.rules().as_dict()
        except ScoringError as e:
            raise ValidationError({"options": str(e)}) from e

    @property
    def summary(self) -> str:
        from league.rules_text import rules_summary

        return rules_summary(self.rules())
