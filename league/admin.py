"""Admin for every model. Games, hands, results and rounds are read-only here,
and a locked night too: they change only through the site's pages and
services, which re-derive every number and leave a revision or a change-log
line (``rescore --check`` stays clean); the admin shows the same stored numbers."""
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from league.profile_forms import ProfileForm, profile_form_for
from league.models import (
    CheckIn, Club, Entrant, Game, GameSeat, GameSide, Hand, HandSide, Invite, League, LeagueRole, Match, MatchGame,
    MatchSide, Membership, Night, Player, PlayerMerge, Result, Round, RuleProfile, Season, SidePool, Stage, StageRound,
    Table, Team, Tournament,
)
from league.models.rules import DEFAULT_GAME_TYPE


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0


class InviteInline(admin.TabularInline):
    """A club's invitations, as its settings page makes them (read here)."""

    model = Invite
    extra = 0
    fields = ("role", "email", "expires_at", "used_at", "used_by", "revoked")
    readonly_fields = ("used_at", "used_by")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "language", "created_at")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline, InviteInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "email", "member", "active")
    list_filter = ("club", "member", "active")
    search_fields = ("name",)


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    """Merges as the roster page makes and undoes them (read here)."""

    list_display = ("gone_id", "kept", "club", "at", "undone_at")
    list_filter = ("club",)

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(RuleProfile)
class RuleProfileAdmin(admin.ModelAdmin):
    """One form per game: add a cribbage profile with ``?game_type=cribbage``."""

    form = ProfileForm  # get_form: the profile game's own form
    list_display = ("name", "club", "game_type", "summary")
    list_filter = ("club", "game_type")

    def get_form(self, request, obj=None, change=False, **kwargs):
        game_type = obj.game_type if obj else request.GET.get("game_type", DEFAULT_GAME_TYPE)
        kwargs["form"] = profile_form_for(game_type)
        kwargs["fields"] = None
        return super().get_form(request, obj, change=change, **kwargs)

    def get_fields(self, request, obj=None):
        return list(self.get_form(request, obj).base_fields)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never added, changed or deleted here."""

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]

    def has_add_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = GameSeat


class SideInline(ReadOnlyInline):
    model = GameSide


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    """A game starts on the new-game page and changes through its own pages (its
    hands re-derived, the trail recording each change, its table link reissued
    there): its type, first dealer, hand limit, rules and table are read here."""

    list_display = ("id", "club", "status", "winner_side", "hand_count", "created_at")
    list_filter = ("club", "status")
    inlines = [SeatInline, SideInline]


class HandSideInline(ReadOnlyInline):
    model = HandSide


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    """An entry, its edit and its deletion go through the game page: totals
    re-derived, the trail records it."""

    list_display = ("game", "number", "kind", "bidder_seat", "bid", "trump", "made", "entered_by", "edited_at")
    list_filter = ("kind", "made")
    inlines = [HandSideInline]


class LeagueRoleInline(admin.TabularInline):
    """The league's directors and scorers, as its settings page gives them."""

    model = LeagueRole
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "format", "rule_profile", "is_public")
    list_filter = ("club", "format", "is_public")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [LeagueRoleInline]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "starts_on", "ends_on")
    list_filter = ("league",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "season", "player_a", "player_b")
    list_filter = ("season",)


def _locked(night) -> bool:
    return night is not None and night.status == Night.Status.LOCKED


class CheckInInline(admin.TabularInline):
    """A night's check-ins; fixed once the night is locked."""

    model = CheckIn
    extra = 0

    def has_add_permission(self, request, obj=None):
        return not _locked(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return not _locked(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return not _locked(obj) and super().has_delete_permission(request, obj)


@admin.register(Night)
class NightAdmin(admin.ModelAdmin):
    """A night's lock changes only through ``night_lock`` (the night page's
    button) and ``night_reopen`` (with a reason, in the change log): read-only here."""

    list_display = ("date", "season", "rounds", "status")
    list_filter = ("season", "status")
    readonly_fields = ("status", "locked_at", "locked_by")
    inlines = [CheckInInline]
    actions = ["lock_nights"]

    def get_readonly_fields(self, request, obj=None):
        """A locked night changes only through an organizer with a reason (the change log)."""
        return [f.name for f in Night._meta.fields] if _locked(obj) else self.readonly_fields

    def has_delete_permission(self, request, obj=None):
        """A night with rounds holds games: its deletion would take their trail with it."""
        return (obj is None or not (_locked(obj) or obj.round_set.exists())) and super().has_delete_permission(
            request, obj)

    @admin.action(description=_("Lock the selected nights"))
    def lock_nights(self, request, queryset):
        from django.contrib import messages
        from django.core.exceptions import ValidationError

        from league.services import night_lock

        for night in queryset:
            try:
                night_lock(night=night, by=request.user)
            except ValidationError as e:
                self.message_user(request, f"{night}: {' '.join(e.messages)}", messages.ERROR)


class TableInline(ReadOnlyInline):
    model = Table


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    """A round is seated and unseated on the night page (the change log notes it)."""

    list_display = ("night", "number")
    inlines = [TableInline]


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    """The stored results the standings rank: read-only, rewritten by the hand services."""

    list_display = ("night", "game", "player", "team", "points_for", "points_against", "won", "bye")
    list_filter = ("season", "won", "bye")
    readonly_fields = [f.name for f in Result._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


# -- events (docs/tournaments.md): the director's pages write them; here they are read and tidied


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    raw_id_fields = ("player", "partner")


class SidePoolInline(admin.TabularInline):
    model = SidePool
    extra = 0
    filter_horizontal = ("winners",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "date", "rule_profile", "status", "is_public")
    list_filter = ("club", "status", "is_public")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [EntrantInline, SidePoolInline]


class StageRoundInline(admin.TabularInline):
    model = StageRound
    extra = 0


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "kind", "rounds", "best_of", "finished")
    list_filter = ("tournament",)
    inlines = [StageRoundInline]


class MatchSideInline(admin.TabularInline):
    model = MatchSide
    extra = 0


class MatchGameInline(admin.TabularInline):
    model = MatchGame
    extra = 0
    raw_id_fields = ("game",)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    """Seats and games as drawn: a match's winner is read from its games, never stored."""

    list_display = ("round", "number", "bye")
    inlines = [MatchSideInline, MatchGameInline]
