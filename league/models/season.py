"""Leagues, seasons, teams, club nights, rounds, tables, and the stored results
that standings are ranked from."""
import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

DEFAULT_PRECEDENCE = ["points", "wins", "differential", "head_to_head"]


class LeagueFormat(models.TextChoices):
    FIXED = "fixed", _("fixed partnerships")
    PROGRESSIVE = "progressive", _("progressive (partners change every round)")
    INDIVIDUAL = "individual", _("individual")


class League(models.Model):
    class ByeScoring(models.TextChoices):
        NONE = "none", _("no points")
        AVERAGE = "average", _("the night's average")

    class OddPlayers(models.TextChoices):
        SIT_OUT = "sit_out", _("players sit out in turn")
        THREE_HANDED = "three_handed", _("three-handed tables")

    club = models.ForeignKey("league.Club", on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"))
    rule_profile = models.ForeignKey(
        "league.RuleProfile", on_delete=models.PROTECT, related_name="leagues", verbose_name=_("rules")
    )
    format = models.CharField(_("format"), max_length=20, choices=LeagueFormat.choices, default=LeagueFormat.PROGRESSIVE)
    is_public = models.BooleanField(_("public"), default=False, help_text=_("Anyone can read standings, nights and results."))
    bye_scoring = models.CharField(_("a bye scores"), max_length=10, choices=ByeScoring.choices, default=ByeScoring.NONE)
    confirmation = models.BooleanField(
        _("the other side confirms each hand"), default=False,
        help_text=_("Standings count a game only when every hand is confirmed."),
    )
    odd_players = models.CharField(
        _("when players are not a multiple of four"), max_length=20, choices=OddPlayers.choices, default=OddPlayers.SIT_OUT
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "name"]
        constraints = [models.UniqueConstraint(fields=["club", "slug"], name="league_slug_unique_in_club")]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self):
        return self.name

    @property
    def is_fixed(self) -> bool:
        return self.format == LeagueFormat.FIXED


class LeagueRole(models.Model):
    """A club member's role in one league (``league.access``): a director runs
    its nights and corrects its locked nights with a reason; a scorer enters
    for any of its tables while the night is open. The club's organizers do
    everything in every league without one."""

    class Role(models.TextChoices):
        DIRECTOR = "director", _("director")
        SCORER = "scorer", _("scorer")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_roles")
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "role", "user__username"]
        constraints = [models.UniqueConstraint(fields=["league", "user"], name="league_role_once_per_league")]
        verbose_name = _("league role")
        verbose_name_plural = _("league roles")

    def __str__(self):
        return f"{self.user} · {self.league} · {self.get_role_display()}"


STALE = "stale"
"""How ``Season.results_version`` begins after a write of the season's Result
rows that no service followed with a fresh token (a database trigger marks
every insert, update and delete: migration 0010): its figures are derived
again before they are read (``league.selectors.standings``)."""


def new_results_version() -> str:
    """A random token that no earlier state of any season's results had (see ``Season.results_version``)."""
    return uuid.uuid4().hex


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=100)
    starts_on = models.DateField(_("starts"))
    ends_on = models.DateField(_("ends"))
    precedence = models.JSONField(
        _("ranking precedence"), default=list,
        help_text=_("Metric keys in order, e.g. points, wins, differential, head_to_head."),
    )
    seed_by_rating = models.BooleanField(
        _("seed each night's first round by rating"), default=False,
        help_text=_("Tables filled best-rated first; partners 1st and 4th against 2nd and 3rd."),
    )
    handicap_per_point = models.PositiveSmallIntegerField(
        _("handicap points per rating point"), default=0,
        help_text=_("0: no handicap. Each entrant gets this many points a game per rating point below the "
                    "best-rated entrant at the season's start (docs/ratings.md)."),
    )
    handicap_cap = models.PositiveSmallIntegerField(_("largest handicap a game"), default=50)
    created_at = models.DateTimeField(auto_now_add=True)
    results_version = models.CharField(
        max_length=32, default=new_results_version, editable=False,
        help_text="A fresh random token whenever the season's Result rows change (results_sync, byes_sync, "
                  "figures_rebuild, in the same transaction), 'stale…' after a write that kept no figures "
                  "(set by a trigger); cached standings are keyed on it.",
    )

    class Meta:
        ordering = ["-starts_on"]
        constraints = [
            models.CheckConstraint(condition=Q(ends_on__gte=models.F("starts_on")), name="season_ends_after_start"),
        ]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return f"{self.league} · {self.name}"


class Team(models.Model):
    """A fixed partnership for a season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=100)
    player_a = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="team_name_unique_in_season"),
            models.CheckConstraint(condition=~Q(player_a=models.F("player_b")), name="team_two_different_players"),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self):
        return self.name


class Night(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("check-in")
        PLAYING = "playing", _("playing")
        LOCKED = "locked", _("locked")

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="nights")
    date = models.DateField(_("date"))
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    locked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds__gte=1, rounds__lte=20), name="night_rounds_1_to_20"),
        ]
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")

    def __str__(self):
        return f"{self.season.league} · {self.date:%Y-%m-%d}"


class CheckIn(models.Model):
    """A player (or, in a fixed-partnership league, a team) present on a night."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="checkins")
    player = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="checkin_player_once"),
            models.UniqueConstraint(fields=["night", "team"], name="checkin_team_once"),
            models.CheckConstraint(
                condition=Q(player__isnull=False, team__isnull=True) | Q(player__isnull=True, team__isnull=False),
                name="checkin_player_xor_team",
            ),
        ]


class Round(models.Model):
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    sitting_out = models.JSONField(default=list, blank=True, help_text=_("Player or team ids with a bye."))

    class Meta:
        ordering = ["night", "number"]
        constraints = [models.UniqueConstraint(fields=["night", "number"], name="round_number_once_per_night")]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_number_once_per_round")]


class Result(models.Model):
    """One entrant's stored result of one finished game (or a bye): what the
    standings aggregate. Written in the transaction that finishes the game."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="results")
    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="results")
    game = models.ForeignKey("league.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey("league.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="results")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="results")
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    bye = models.BooleanField(default=False)
    points_for = models.IntegerField(default=0)
    points_against = models.IntegerField(default=0)
    won = models.BooleanField(default=False)
    bids_taken = models.PositiveIntegerField(default=0)
    bids_made = models.PositiveIntegerField(default=0)
    sets = models.PositiveIntegerField(default=0)
    meld = models.IntegerField(default=0)
    best_hand = models.IntegerField(default=0)
    game_points = models.IntegerField(default=0)
    margin = models.IntegerField(default=0)
    skunks_given = models.PositiveSmallIntegerField(default=0)
    skunks_taken = models.PositiveSmallIntegerField(default=0)
    opponents = models.JSONField(default=list, blank=True)
    partners = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="result_once_per_game_player"),
            models.UniqueConstraint(fields=["game", "team"], name="result_once_per_game_team"),
            models.CheckConstraint(
                condition=Q(player__isnull=False, team__isnull=True) | Q(player__isnull=True, team__isnull=False),
                name="result_player_xor_team",
            ),
            models.CheckConstraint(condition=Q(bye=True) | Q(game__isnull=False), name="result_game_unless_bye"),
        ]
        indexes = [models.Index(fields=["season", "night"]),
                   models.Index(fields=["player", "season"], name="result_player_season"),  # player page
                   models.Index(fields=["player", "night"], name="result_player_night"),  # its latest games
                   models.Index(fields=["team", "night"], name="result_team_night")]


class ChangeLog(models.Model):
    """The league's change log, public with its results: a change to a locked
    night (made by an organizer or director with a reason), a round seated
    early or undone, and every change of the league's settings and roles
    (no night; ``league.services.settings_log``)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="changes")
    night = models.ForeignKey(Night, null=True, blank=True, on_delete=models.CASCADE, related_name="changes")
    game = models.ForeignKey("league.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(_("reason"))
    summary = models.TextField(_("what changed"))

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("change log entry")
        verbose_name_plural = _("change log")
