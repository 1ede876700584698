"""Games, their seats and sides, and hands with per-side rows.

A hand keeps what the table said (dealer, bidder, bid, trump, meld, tricks,
flags) and what ``scoring`` derived from it (per-side deltas, running totals,
made or set, notes). Derived values are never computed here: services write
them, ``manage.py rescore --check`` re-derives and compares them.
"""
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.games.registry import game_type_choices, kind_of
from scoring.messages import Message

from .rules import DEFAULT_GAME_TYPE, GameType

SEATS = (0, 1, 2, 3)
SEAT_LETTERS = ("N", "E", "S", "W")
SIDE_LABELS = ("N–S", "E–W")


def new_public_id() -> str:
    """A game's public id: 16 URL-safe characters (96 random bits) that never
    start with ``-`` (or ``_``), so an export never has to neutralise one as
    a formula-like cell and the id reads the same in every file."""
    token = secrets.token_urlsafe(12)
    while not token[0].isalnum():
        token = secrets.token_urlsafe(12)
    return token


def new_access_token() -> str:
    """The table link's secret: 256 bits from ``secrets``."""
    return secrets.token_urlsafe(32)


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey("league.Club", on_delete=models.CASCADE, related_name="games")
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    game_type = models.CharField(_("game"), max_length=20, default=DEFAULT_GAME_TYPE, choices=game_type_choices)
    access_token = models.CharField(max_length=64, unique=True, default=new_access_token, editable=False)
    rule_profile = models.ForeignKey(
        "league.RuleProfile", null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    rules = models.JSONField(_("rules"), help_text=_("Copy of the rule profile at the start."))
    first_dealer = models.PositiveSmallIntegerField(_("first dealer"), default=0)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.IN_PROGRESS)
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    end_reason = models.JSONField(null=True, blank=True)
    hand_count = models.PositiveIntegerField(default=0)
    hand_limit = models.PositiveSmallIntegerField(
        _("hands per game"), null=True, blank=True,
        help_text=_("Empty: play to the target. A number: the game ends after that many hands."),
    )
    table = models.OneToOneField(
        "league.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="game"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    trail_digest = models.CharField(max_length=64, blank=True, default="", editable=False,
                                    help_text=_("the digest of the game's last revision (league/trail.py)"))

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # the home page's recent games: of a club (or of every club) by status, newest first
            models.Index(fields=["club", "status", "-created_at", "-id"], name="game_club_status_recent"),
            models.Index(fields=["status", "-created_at", "-id"], name="game_status_recent"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_dealer__lte=3), name="game_first_dealer_is_a_seat"
            ),
            models.CheckConstraint(
                condition=(
                    Q(status="finished", winner_side__in=[0, 1, 2])
                    | Q(status="finished", winner_side__isnull=True, hand_limit__isnull=False)
                    | Q(status="in_progress", winner_side__isnull=True)
                ),
                name="game_winner_only_when_finished",
            ),
        ]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self):
        return f"#{self.pk} {self.created_at:%Y-%m-%d}" if self.created_at else f"#{self.pk}"

    @property
    def kind(self):
        """The game's :class:`league.games.base.GameKind`: what differs between games."""
        return kind_of(self)

    def pinochle_rules(self):
        """The game's stored rules: ``DoubleDeckRules`` for a double-deck game,
        ``PinochleRules`` otherwise (``players=3`` for three-handed play)."""
        return self.kind.rules_class().from_dict(self.rules)

    @property
    def seat_count(self) -> int:
        """Three seats in a three-handed game, two at cribbage, four otherwise."""
        return self.kind.seats

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def side_player_names(self) -> list[str]:
        """``["Ann & Cy", "Bo & Di"]`` for N–S and E–W, from the (prefetched)
        seats; one name a side where every player is a side (three-handed,
        cribbage)."""
        seats = sorted(self.seats.all(), key=lambda s: s.seat)
        if len(seats) != 4:
            return [s.player.name for s in seats]
        names = {0: [], 1: []}
        for seat in seats:
            names[seat.seat % 2].append(seat.player.name)
        return [" & ".join(names[0]), " & ".join(names[1])]

    @property
    def has_partners(self) -> bool:
        """Two partnerships, N–S against E–W (not three-handed or cribbage)."""
        return self.kind.has_partners

    @property
    def end_message(self):
        return Message.from_data(self.end_reason) if self.end_reason else None


class GameSeat(models.Model):
    """Seat 0..3 (N, E, S, W); partners sit opposite, so the side is ``seat % 2``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey("league.Player", on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="seat_once_per_game"),
            models.UniqueConstraint(fields=["game", "player"], name="player_once_per_game"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="seat_is_0_to_3"),
        ]

    @property
    def side(self) -> int:
        return self.seat % 2

    @property
    def letter(self) -> str:
        return SEAT_LETTERS[self.seat]


class GameSide(models.Model):
    """A side's stored result: its total so far and, once finished, whether it won.
    Partnership games have sides 0 (N–S) and 1 (E–W); three-handed games 0..2
    (a side is a player)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sides")
    side = models.PositiveSmallIntegerField()
    total = models.IntegerField(default=0)
    won = models.BooleanField(default=False)
    team = models.ForeignKey(
        "league.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="game_sides"
    )

    class Meta:
        ordering = ["side"]
        constraints = [
            models.UniqueConstraint(fields=["game", "side"], name="side_once_per_game"),
            models.CheckConstraint(condition=Q(side__lte=2), name="side_is_0_to_2"),
        ]

    @property
    def label(self) -> str:
        return SIDE_LABELS[self.side]


class HandKind(models.TextChoices):
    PLAYED = "played", _("played")
    THROWN_IN = "thrown_in", _("thrown in")
    PASSED = "passed", _("all passed")
    RENEGE = "renege", _("renege")
    DEAL = "deal", _("cribbage deal")
    ROUND = "round", _("rummy round")


class HandStatus(models.TextChoices):
    CONFIRMED = "confirmed", _("confirmed")
    ENTERED = "entered", _("waiting for the other side")
    DISPUTED = "disputed", _("the sides disagree")


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField(_("dealer"))
    kind = models.CharField(_("hand"), max_length=20, choices=HandKind.choices, default=HandKind.PLAYED)
    bidder_seat = models.PositiveSmallIntegerField(_("bidder"), null=True, blank=True)
    bid = models.PositiveIntegerField(_("bid"), null=True, blank=True)
    trump = models.CharField(_("trump"), max_length=1, blank=True)
    renege_side = models.PositiveSmallIntegerField(null=True, blank=True)
    starter = models.CharField(_("starter"), max_length=3, blank=True)
    pegged_out_first = models.PositiveSmallIntegerField(null=True, blank=True)
    ended_stage = models.CharField(max_length=20, blank=True)
    made = models.BooleanField(null=True)
    status = models.CharField(max_length=12, choices=HandStatus.choices, default=HandStatus.CONFIRMED)
    entered_side = models.PositiveSmallIntegerField(null=True, blank=True)
    entered_via = models.CharField(max_length=10, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    disputed_values = models.JSONField(null=True, blank=True)
    notes = models.JSONField(default=list, blank=True)
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    edited_at = models.DateTimeField(null=True, blank=True)
    client_key = models.CharField(
        max_length=64, null=True, blank=True, editable=False,
        help_text=_("The idempotency key a phone's offline outbox sent this entry with (a replay is stored once)."),
    )
    client_digest = models.CharField(
        max_length=64, blank=True, default="", editable=False,
        help_text=_("A hash of the fields the outbox sent with its key (the same key with other fields is refused)."),
    )

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_once_per_game"),
            models.UniqueConstraint(fields=["game", "client_key"], name="hand_client_key_once_per_game"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_from_1"),
            models.CheckConstraint(condition=Q(dealer__lte=3), name="hand_dealer_is_a_seat"),
            models.CheckConstraint(
                condition=Q(bidder_seat__isnull=True) | Q(bidder_seat__lte=3),
                name="hand_bidder_is_a_seat",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["passed", "deal", "round"]) | Q(bidder_seat__isnull=False, bid__isnull=False),
                name="hand_has_bidder_unless_passed",
            ),
        ]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")

    def __str__(self):
        return f"{self.game_id}/{self.number}"

    @property
    def bidder_side(self):
        return None if self.bidder_seat is None else self.bidder_seat % 2

    @property
    def note_messages(self):
        return [Message.from_data(n) for n in self.notes]

    @property
    def disputed_summary(self) -> str:
        """The other side's numbers for a disputed hand, as the sheet would write them."""
        d = self.disputed_values or {}
        if not d:
            return ""
        if d.get("kind") == "passed":
            return str(_("all passed"))
        seat = d.get("bidder_seat")
        parts = [f"{SEAT_LETTERS[seat] if seat in (0, 1, 2, 3) else '?'} {d.get('bid')} {d.get('trump', '')}",
                 f"{_('meld')} {' / '.join(map(str, d.get('meld') or []))}"]
        if d.get("tricks"):
            parts.append(f"{_('trick points')} {' / '.join(map(str, d['tricks']))}")
        return " · ".join(parts)

    @property
    def number_str(self) -> str:
        return str(self.number)

    @property
    def edited(self) -> bool:
        return self.edited_at is not None


class HandSide(models.Model):
    """One side's row of one hand: its inputs and the numbers derived from them."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="side_rows")
    side = models.PositiveSmallIntegerField()
    meld = models.PositiveIntegerField(_("meld"), default=0)
    tricks = models.PositiveIntegerField(_("trick points"), null=True, blank=True)
    took_trick = models.BooleanField(null=True)
    pegging = models.PositiveIntegerField(_("pegging"), null=True, blank=True)
    show = models.PositiveIntegerField(_("hand"), null=True, blank=True)
    crib = models.PositiveIntegerField(_("crib"), null=True, blank=True)
    detail = models.JSONField(
        default=dict, blank=True,
        help_text=_("Game-specific inputs of this side (e.g. a rummy round's melds, bonuses, cards left)."),
    )
    counted_meld = models.IntegerField(default=0)
    counted_tricks = models.IntegerField(default=0)
    delta = models.IntegerField(default=0)
    total = models.IntegerField(default=0)

    class Meta:
        ordering = ["hand", "side"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "side"], name="hand_side_once"),
            models.CheckConstraint(condition=Q(side__lte=2), name="hand_side_is_0_to_2"),
        ]


class HandRevision(models.Model):
    """Who created, edited, confirmed or deleted a hand, when, and the values
    before and after: the audit trail shown behind "edited" on the sheet.
    Game-level events (the game started with its seats, seats swapped before
    play) are rows with ``number`` 0 and no hand."""

    class Action(models.TextChoices):
        CREATE = "create", _("entered")
        UPDATE = "update", _("edited")
        DELETE = "delete", _("deleted")
        CONFIRM = "confirm", _("confirmed")
        DISPUTE = "dispute", _("disputed")
        START = "start", _("game started")
        SEATS = "seats", _("seats changed")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="revisions")
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.SET_NULL, related_name="revisions")
    number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    via = models.CharField(max_length=200, blank=True, help_text=_("account, table link or system"))
    device = models.CharField(max_length=32, blank=True, default="",
                              help_text=_("the table link's phone that wrote this (its session's key)"))
    at = models.DateTimeField(default=timezone.now, editable=False)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)
    digest = models.CharField(max_length=64, blank=True, default="", editable=False,
                              help_text=_("this revision's and the one before it's digest (league/trail.py)"))

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["game", "number"])]
