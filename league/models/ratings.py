"""Stored player ratings: the current rating per player and game family, and
one event per player and rated game (the history, in the order played).

Both are derived from the stored results (``league.services.ratings``) and
re-derived by ``manage.py rescore``; never edited by hand."""
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.games.registry import rating_family_choices


class PlayerRating(models.Model):
    club = models.ForeignKey("league.Club", on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey("league.Player", on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(_("game"), max_length=20, choices=rating_family_choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("rating"), help_text=_("mu − 3 sigma: the conservative estimate."))
    games = models.PositiveIntegerField(_("games"), default=0)

    class Meta:
        ordering = ["-ordinal", "player_id"]
        constraints = [models.UniqueConstraint(fields=["player", "family"], name="rating_once_per_player_family")]
        indexes = [models.Index(fields=["club", "family", "-ordinal"])]


class RatingEvent(models.Model):
    """One player's rating before and after one rated game."""

    club = models.ForeignKey("league.Club", on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey("league.Player", on_delete=models.CASCADE, related_name="rating_events")
    family = models.CharField(max_length=20, choices=rating_family_choices)
    game = models.ForeignKey("league.Game", on_delete=models.CASCADE, related_name="rating_events")
    season = models.ForeignKey("league.Season", on_delete=models.CASCADE, related_name="+")
    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="+")
    played_on = models.DateField()
    order_key = models.CharField(max_length=60, help_text="date/night/round/table/game, zero-padded: the order played")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["order_key", "player_id"]
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="rating_event_once_per_game_player")]
        indexes = [models.Index(fields=["club", "family", "order_key"]), models.Index(fields=["player", "order_key"]), models.Index(fields=["player", "family", "league"], name="rating_event_family")]

    @property
    def ordinal_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def change(self) -> float:
        return self.ordinal - self.ordinal_before
