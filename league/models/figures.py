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
    rows]}`` and ``nights`` its number of nights, ``head_to_head``
    ``{opponent: wins}``, ``partners`` and ``opponents`` ``{id: games}``
    (players, or teams for a team).

    What the season's awards need of an entrant, on its season row (the
    night's rows leave them empty): ``run``, its longest run of games won in
    the order played, and ``run_game``, the game that ended the first such
    run; ``last_bid_game``, the last game, in that order, in which it made a
    bid (``league.selectors.awards``)."""

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
    nights = models.PositiveIntegerField(default=0)
    run = models.PositiveIntegerField(default=0)
    run_game = models.IntegerField(null=True, blank=True)
    last_bid_game = models.IntegerField(null=True, blank=True)
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


class GameFigures(models.Model):
    """What the season's awards need of one game that has results (finished,
    every hand confirmed), kept by ``league.services.figures`` when
    ``results_sync`` writes its Result rows and re-derivable from its hands.

    ``high_points``, ``high_hand``, ``high_side``: the most points a side
    scored on one hand (the first hand and side on a tie; Pinochle kinds);
    ``bid``, ``bid_hand``, ``bid_side``: the highest bid made (likewise);
    ``comeback``: the most the winner trailed the best other side after any
    hand (``scoring.awards.deficit_overcome``). ``round_no`` and
    ``table_no`` order the games of a night, as the awards' tie-breaks do."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="game_figures")
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="game_figures")
    game = models.OneToOneField("league.Game", on_delete=models.CASCADE, related_name="figures")
    round_no = models.PositiveIntegerField(default=0)
    table_no = models.PositiveIntegerField(default=0)
    high_points = models.IntegerField(default=0)
    high_hand = models.PositiveIntegerField(null=True, blank=True)
    high_side = models.PositiveIntegerField(null=True, blank=True)
    bid = models.IntegerField(default=0)
    bid_hand = models.PositiveIntegerField(null=True, blank=True)
    bid_side = models.PositiveIntegerField(null=True, blank=True)
    comeback = models.IntegerField(default=0)

    class Meta:
        verbose_name_plural = "game figures"
        indexes = [models.Index(fields=["season", "high_points"], name="game_figures_high_points"),
                   models.Index(fields=["season", "bid"], name="game_figures_bid"),
                   models.Index(fields=["season", "comeback"], name="game_figures_comeback")]
