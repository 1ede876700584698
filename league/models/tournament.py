"""A one-day event (docs/tournaments.md): its entrants, stages, rounds and matches.

The event stores what happened: who entered, which stages were started, who
sat where in each round, which games each match played, and when the round
clock was started, the last hand called and time called. The games are
ordinary games (``league.Game``), entered through their table links like any
other. Everything derived (the qualifiers' order, match winners, the next
bracket round, the prize table) is worked out by ``scoring.tournament`` from
the stored games when it is read or when the director advances a stage
(``league.services.tournaments``).
"""
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")

    class Share(models.TextChoices):
        QUARTER = "1/4", _("one in four")
        THIRD = "1/3", _("one in three")
        HALF = "1/2", _("one in two")

    club = models.ForeignKey("league.Club", on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"))
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    rule_profile = models.ForeignKey(
        "league.RuleProfile", on_delete=models.PROTECT, related_name="tournaments", verbose_name=_("rules")
    )
    is_public = models.BooleanField(_("public"), default=True)
    entry_fee = models.PositiveIntegerField(_("entry fee"), default=0)
    unit = models.PositiveIntegerField(_("smallest amount paid out"), default=1)
    payout_shares = models.JSONField(_("payout by place"), default=list)
    qualifier_share = models.CharField(_("qualifiers"), max_length=5, choices=Share.choices, default=Share.QUARTER)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="tournament_slug_unique_in_club"),
            models.CheckConstraint(condition=Q(unit__gte=1), name="tournament_unit_at_least_1"),
        ]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self):
        return self.name

    @property
    def kind(self):
        """The game kind every game of the event is played as."""
        return self.rule_profile.kind


class Entrant(models.Model):
    """One entry: a player, or two partners where the game is played in partnerships."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    partner = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # checked in after the qualifying rounds started: the first round they play (None: from the first)
    joins_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # withdrawn (a no-show) once seated: the first qualifying round whose game they forfeit
    withdrawn_round = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="entrant_number_once"),
            models.UniqueConstraint(fields=["tournament", "player"], name="entrant_player_once"),
            models.CheckConstraint(condition=~Q(player=models.F("partner")), name="entrant_two_different_players"),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return f"{self.player.name} & {self.partner.name}" if self.partner_id else self.player.name

    @property
    def players(self) -> list:
        return [self.player, self.partner] if self.partner_id else [self.player]


class Stage(models.Model):
    """A stage of the event, of a kind from the stage registry (``league.tournament_stages``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20)
    rounds = models.PositiveSmallIntegerField(default=1)
    best_of = models.PositiveSmallIntegerField(default=1)
    minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    finished = models.BooleanField(default=False)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="stage_number_once"),
            models.CheckConstraint(condition=Q(rounds__gte=1, rounds__lte=20), name="stage_rounds_1_to_20"),
            models.CheckConstraint(condition=Q(best_of__gte=1, best_of__lte=9), name="stage_best_of_1_to_9"),
        ]


class StageRound(models.Model):
    """A round of a stage with its clock: started, last hand called, time called."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(null=True, blank=True)
    last_hand_at = models.DateTimeField(null=True, blank=True)
    time_up_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["stage", "number"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "number"], name="stage_round_number_once"),
            models.CheckConstraint(condition=Q(last_hand_at__isnull=True) | Q(started_at__isnull=False),
                                   name="stage_round_last_hand_after_start"),
            models.CheckConstraint(condition=Q(time_up_at__isnull=True) | Q(started_at__isnull=False),
                                   name="stage_round_time_up_after_start"),
        ]


class Match(models.Model):
    """A table of a qualifying round (one game) or a playoff match (best of the stage's N); a bye has one side."""

    round = models.ForeignKey(StageRound, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    bye = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="match_number_once_per_round")]


class MatchSide(models.Model):
    """An entrant at a match, on a side of its games (0, 1, or 2 at a table of three); a playoff seed."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="sides")
    side = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="match_sides")
    seed = models.PositiveSmallIntegerField(null=True, blank=True)
    # a playoff entrant who had not appeared: minutes late as the director recorded them; the games
    # forfeited are worked out from them (scoring.tournament.forfeited_games)
    late_minutes = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["match", "side"]
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], name="match_side_once"),
            models.UniqueConstraint(fields=["match", "entrant"], name="match_entrant_once"),
            models.CheckConstraint(condition=Q(side__lte=2), name="match_side_0_to_2"),
        ]


class MatchGame(models.Model):
    """A game of a match: an ordinary game, entered through its table link."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField("league.Game", on_delete=models.CASCADE, related_name="tournament_match")

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="match_game_number_once")]


class SidePool(models.Model):
    """A side pool (skunk bank, high hand, a jackpot...): its pot, split equally among its winners."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pools")
    number = models.PositiveSmallIntegerField()
    name = models.CharField(_("name"), max_length=100)
    pot = models.PositiveIntegerField(_("pot"))
    winners = models.ManyToManyField(Entrant, blank=True, related_name="pools_won", verbose_name=_("winners"))

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="side_pool_number_once")]
        verbose_name = _("side pool")
        verbose_name_plural = _("side pools")
