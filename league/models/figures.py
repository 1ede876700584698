"""Per-entrant figures kept at write time: what standings and player pages read
instead of every Result row (docs/performance.md, "Figures at write time")."""
from django.db import models

from .season import Night, Season, Team


class Figures(models.Model):
    """One entrant's sums over a season's Result rows (``night`` empty) or over
    one night's. Kept by ``league.services.figures`` in the transaction that
    writes the Result rows, and re-derivable from them (``figures_rebuild``).

    ``results`` counts the rows summed (games and byes), ``byes`` and
    ``bye_points`` the byes among them; the other sums are over every row (a
    bye adds only its points). ``night_points`` is ``{night id: [points,
    rows]}``, ``head_to_head`` ``{opponent: wins}``, ``partners`` and
    ``opponents`` ``{id: games}`` (players, or teams for a team)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="figures")
    night = models.ForeignKey(Night, null=True, blank=True, on_delete=models.CASCADE, related_name="figures")
    player = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="figures")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.CASCADE, related_name="figures")
    results = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    bye_points = models.IntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    points_for = models.IntegerField(default=0)
    points_against = models.IntegerField(default=0)
    bids_taken = models.PositiveIntegerField(default=0)
    bids_made = models.PositiveIntegerField(default=0)
    sets = models.PositiveIntegerField(default=0)
    meld = models.IntegerField(default=0)
    best_hand = models.IntegerField(default=0)
    game_points = models.IntegerField(default=0)
    spread = models.IntegerField(default=0)
    skunks_given = models.PositiveIntegerField(default=0)
    skunks_taken = models.PositiveIntegerField(default=0)
    night_points = models.JSONField(default=dict, blank=True)
    head_to_head = models.JSONField(default=dict, blank=True)
    partners = models.JSONField(default=dict, blank=True)
    opponents = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name_plural = "figures"
        indexes = [models.Index(fields=["season", "night"], name="figures_season_night"),
                   models.Index(fields=["player", "night"], name="figures_player_night"),
                   models.Index(fields=["team", "night"], name="figures_team_night")]
        constraints = [models.CheckConstraint(
            condition=models.Q(player__isnull=False, team__isnull=True) | models.Q(player__isnull=True,
                                                                                   team__isnull=False),
            name="figures_player_xor_team")]
