"""Clubs, their members and organizers, and the players on their roster."""
import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


@cache
def time_zone_names() -> tuple[str, ...]:
    """The IANA time zone names this system knows (``zoneinfo``), sorted."""
    return tuple(sorted(zoneinfo.available_timezones()))


def validate_time_zone(value: str) -> None:
    if value not in time_zone_names():
        raise ValidationError(_("%(value)s is not a time zone name (such as Europe/London)."),
                              params={"value": value}, code="invalid")


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"), unique=True)
    language = models.CharField(
        _("default language"), max_length=10, blank=True, choices=settings.LANGUAGES,
        help_text=_("The language of this club's pages and printed packets for visitors who have not chosen one."),
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_time_zone],
        help_text=_("The club's dates and times on its pages, printed sheets and calendar feed."),
    )
    leagues_public = models.BooleanField(
        _("new leagues are public"), default=False,
        help_text=_("What a new league's form offers: public standings and results, or members only."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name


class Membership(models.Model):
    """A user's role in one club: organizers manage it, members read it."""

    class Role(models.TextChoices):
        ORGANIZER = "organizer", _("organizer")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_once_per_club"),
        ]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self):
        return f"{self.user} · {self.club} · {self.get_role_display()}"


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=80)
    email = models.EmailField(_("email"), blank=True)
    member = models.BooleanField(_("club member"), default=False, help_text=_("A paying member of the club (not a visitor)."))
    active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "club", Lower("name"), name="player_name_unique_in_club"
            ),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return self.name


class Invite(models.Model):
    """A link an organizer hands out to join the club in a role: it works once,
    until it expires or is revoked (``league.services.clubs``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    role = models.CharField(_("role"), max_length=20, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    email = models.EmailField(_("email"), blank=True)
    token = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                related_name="+")
    revoked = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self):
        return f"{self.club} · {self.get_role_display()}"


class PlayerMerge(models.Model):
    """Two players merged into one (``league.services.players.player_merge``),
    with what moved, so that the merge can be undone: the second player comes
    back under its own id and everything moved goes back to it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="player_merges")
    kept = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="merges")
    gone_id = models.BigIntegerField()
    gone = models.JSONField(help_text="the merged player's own fields (name, email, member, active, created_at)")
    moved = models.JSONField(help_text="the ids of every row moved, and the lists rewritten, before the merge")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("player merge")
        verbose_name_plural = _("player merges")

    def __str__(self):
        return f"{self.gone.get('name')} → {self.kept}"
