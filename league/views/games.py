"""Starting a game, the score sheet with hand entry, corrections, confirmation.

A game is reached two ways: by its public link (``/g/<public_id>/``: anyone
reads; its club's organizers write) and by its table link (``/t/<token>/``:
whoever holds the secret enters and corrects hands while the night is open).
:class:`Access` says which, and builds the URLs the templates link to.
"""
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league import services
from league.forms import HandForm, NewGameForm, attach_errors, edit_version
from league.games import PARTNERSHIP, kind_for, kinds
from league.models import Club, Game, Hand
from league.models.game import new_access_token
from league.devices import declare_side, device_of
from league.access import can_manage_club, require_game_read, require_link_read
from league.selectors import game_sheet
from league.selectors.games import NotPinochle
from league.services.trust import Actor

EXTRA = ("expected_number", "reason")
READ_WITH = "table__round__night__season__league"


@dataclass
class Access:
    sheet: object
    actor: Actor | None  # None: read only
    prefix: str  # "/g/<public_id>/" or "/t/<token>/"
    organizer: bool = False

    @property
    def can_edit(self) -> bool:
        return self.actor is not None


def _side_key(token):
    return f"table-side:{token}"


def _sheet(other_games, **lookup):
    """The Pinochle sheet; another game's URL here is a 404 (``NotPinochle`` when asked)."""
    try:
        return game_sheet(**lookup)
    except NotPinochle:
        if other_games:
            raise
        raise Http404


def access_public(request, public_id, *, other_games=False) -> Access:
    sheet = _sheet(other_games, public_id=public_id)
    require_game_read(request, sheet.game)
    organizer = can_manage_club(request.user, sheet.game.club_id)
    actor = Actor(user=request.user) if organizer else None
    return Access(sheet, actor, reverse("league:game", args=[public_id]), organizer)


def access_link(request, token, *, other_games=False) -> Access:
    """The table link's access; a locked night leaves it read-only."""
    sheet = _sheet(other_games, token=token)
    require_link_read(request, sheet.game, sheet.locked)
    side = request.session.get(_side_key(token))
    actor = None if sheet.locked else Actor(link=True, side=side, players=3 if sheet.three_handed else 4,
                                            device=device_of(request))
    return Access(sheet, actor, reverse("league:table", args=[token]))


def _context(request, access: Access, form=None):
    sheet = access.sheet
    if form is None and access.can_edit and not sheet.game.is_finished:
        initial = {"dealer": sheet.next_dealer, "kind": "played", "expected_number": sheet.game.hand_count + 1}
        for key in ("kind", "dealer", "meld_0", "meld_1", "meld_2", "trump", "bid", "bidder_seat",
                    "tricks_0", "tricks_1", "tricks_2"):
            if key in request.GET:
                initial[key] = request.GET[key]
        form = HandForm(sheet=sheet, initial=initial, locked=sheet.locked)
    return {
        "sheet": sheet, "game": sheet.game, "form": form, "can_edit": access.can_edit, "access": access,
        "prefix": access.prefix, "organizer": access.organizer,
        "ask_side": (access.actor is not None and access.actor.link and access.actor.side is None
                     and sheet.confirmation),
        "my_side": access.actor.side if access.actor else None,
    }


@login_required
def game_new(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    if not can_manage_club(request.user, club.pk):
        raise PermissionDenied
    try:
        kind = kind_for(request.GET.get("type") or PARTNERSHIP.code)
    except KeyError:
        raise Http404 from None
    if not kind.new_game_here:
        raise Http404
    form = NewGameForm(request.POST or None, club=club, kind=kind)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            with transaction.atomic():
                players = [services.player_get_or_create(club=club, name=d[f]) for f in form.SEAT_FIELDS]
                game = services.game_create(club=club, players=players, rule_profile=d["rule_profile"],
                                            first_dealer=d["first_dealer"], by=request.user, game_type=kind.code)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:game", public_id=game.public_id)
    return render(request, "league/game_new.html", {
        "form": form, "club": club, "roster": club.players.filter(active=True),
        "kind": kind, "game_types": [k for k in kinds() if k.new_game_here],
    }, status=400 if form.errors else 200)


def game_detail(request, public_id):
    """The running sheet; a cribbage or rummy game's link opens its own page."""
    try:
        access = access_public(request, public_id, other_games=True)
    except NotPinochle as other:
        return redirect(other.game.kind.game_url, public_id=public_id)
    return render(request, "league/game_detail.html", _context(request, access))


def table_detail(request, token):
    """The table link's page (the QR code on the sheet); a cribbage or rummy
    table opens its own page."""
    try:
        access = access_link(request, token, other_games=True)
    except NotPinochle as other:
        return redirect(other.game.kind.table_url, token=token)
    return render(request, "league/game_detail.html", _context(request, access))


@require_POST
def table_side(request, token):
    """The phone says which side it belongs to (for confirming the other side's
    hands): N–S or E–W, or at a three-handed table which player."""
    access = access_link(request, token)
    side = request.POST.get("side")
    declare_side(request, access.sheet.game, _side_key(token), side, 3 if access.sheet.three_handed else 2)
    return redirect(access.prefix)


def _refuse(access: Access):
    if access.sheet.locked:
        raise PermissionDenied(_("This night is locked: only an organizer can change it now."))
    raise PermissionDenied


def _add(request, access: Access):
    if not access.can_edit:
        _refuse(access)
    form = HandForm(request.POST, sheet=access.sheet, locked=access.sheet.locked)
    if form.is_valid():
        try:
            hand = services.hand_record(game=access.sheet.game, by=access.actor, **form.service_kwargs(EXTRA))
        except ValidationError as e:
            attach_errors(form, e)
        else:
            if request.htmx:
                return _pad_answer(request, access, hand)
            return HttpResponseRedirect(access.prefix + "#pad")
    context = _context(request, access, form)
    if request.htmx:
        return render(request, "league/_pad.html", context)
    return render(request, "league/game_detail.html", context, status=400)


def _pad_answer(request, access: Access, hand):
    """The htmx answer to an entered hand: when only the end of the sheet changed,
    the fresh form with the totals and the new row swapped in out of band
    (``_pad_update.html``: about a third of re-rendering the pad); otherwise the pad."""
    sheet = access.sheet  # its seats and night stand; the game's counters moved, its sides are read fresh
    sheet.game.refresh_from_db(fields=["hand_count", "status", "winner_side", "end_reason", "finished_at"])
    sheet._sides = sheet._rows = sheet._next_dealer = None
    if sheet.game.is_finished or sheet.auction or hand.number == 1 or hand.status != "confirmed":
        return render(request, "league/_pad.html", _context(request, access))
    sheet.load_last_hand()
    response = render(request, "league/_pad_update.html", _context(request, access))
    response["HX-Retarget"] = "#hand-form"
    response["HX-Reswap"] = "outerHTML"
    return response


@require_POST
def hand_add(request, public_id):
    return _add(request, access_public(request, public_id))


@require_POST
def table_hand_add(request, token):
    return _add(request, access_link(request, token))


def _hand(game, number):
    return get_object_or_404(Hand.objects.prefetch_related("side_rows"), game=game, number=number)


def _edit(request, access: Access, number, counter=False):
    if not access.can_edit:
        _refuse(access)
    sheet = access.sheet
    hand = _hand(sheet.game, number)
    if request.method == "POST":
        form = HandForm(request.POST, sheet=sheet, locked=sheet.locked)
        if form.is_valid():
            try:
                if counter:
                    services.hand_counter(hand=hand, by=access.actor, **form.service_kwargs())
                else:
                    services.hand_update(hand=hand, by=access.actor, expected_version=edit_version(form),
                                         **form.service_kwargs(("reason",)))
            except ValidationError as e:
                attach_errors(form, e)
            else:
                return redirect(access.prefix)
    else:
        initial = {"dealer": hand.dealer, "kind": "played"} if counter else HandForm.initial_for(hand)
        form = HandForm(sheet=sheet, initial=initial, locked=sheet.locked)
    return render(request, "league/hand_edit.html", {
        "sheet": sheet, "game": sheet.game, "hand": hand, "form": form, "prefix": access.prefix,
        "organizer": access.organizer, "counter": counter,
    }, status=400 if form.errors else 200)


@login_required
def hand_edit(request, public_id, number):
    return _edit(request, access_public(request, public_id), number)


def table_hand_edit(request, token, number):
    return _edit(request, access_link(request, token), number)


def table_hand_counter(request, token, number):
    return _edit(request, access_link(request, token), number, counter=True)


def _confirm(request, access: Access, number):
    if not access.can_edit:
        _refuse(access)
    hand = _hand(access.sheet.game, number)
    try:
        services.hand_confirm(hand=hand, by=access.actor, reason=request.POST.get("reason", ""))
    except ValidationError as e:
        context = _context(request, access)
        context["errors"] = e.messages
        return render(request, "league/game_detail.html", context, status=400)
    return redirect(access.prefix)


@require_POST
def hand_confirm(request, public_id, number):
    return _confirm(request, access_public(request, public_id), number)


@require_POST
def table_hand_confirm(request, token, number):
    return _confirm(request, access_link(request, token), number)


@login_required
def hand_delete(request, public_id, number):
    access = access_public(request, public_id)
    if not access.organizer:
        raise PermissionDenied
    hand = _hand(access.sheet.game, number)
    context = {"hand": hand, "game": hand.game, "prefix": access.prefix, "locked": access.sheet.locked}
    if request.method == "POST":
        try:
            services.hand_delete(hand=hand, by=access.actor, reason=request.POST.get("reason", ""))
        except ValidationError as e:
            return render(request, "league/hand_delete.html", {**context, "errors": e.messages}, status=400)
        return redirect("league:game", public_id=public_id)
    return render(request, "league/hand_delete.html", context)


def hand_history(request, public_id, number):
    """Every version of a hand: who, when, how (account or table link), before and after."""
    game = get_object_or_404(Game.objects.select_related(READ_WITH), public_id=public_id)
    require_game_read(request, game)
    revisions = list(game.revisions.filter(Q(hand__number=number) | Q(hand__isnull=True, number=number))
                     .select_related("by"))
    return render(request, "league/hand_history.html", {"game": game, "number": number, "revisions": revisions})


def _seat_line(game: Game, event: dict | None) -> str:
    """``N Ann · E Bo · S Cy · W Di`` from an audit event's seat list."""
    if not event or "seats" not in event:
        return ""
    letters = {4: "NESW", 3: "123", 2: "AB"}.get(len(event["seats"]), "1234")
    return " · ".join(f"{letters[s['seat']]} {s['player']}" for s in event["seats"])


def game_history(request, public_id):
    """The whole audit trail of a game, oldest first: who started it with which
    seats, every seat swap, and every entry, edit, confirmation, dispute and
    deletion of its hands, deals or rounds (each one tap from its own history)."""
    game = get_object_or_404(Game.objects.select_related("club", READ_WITH), public_id=public_id)
    require_game_read(request, game)
    revisions = list(game.revisions.select_related("by", "hand"))
    for r in revisions:
        r.seats_before, r.seats_after = _seat_line(game, r.before), _seat_line(game, r.after)
    back = reverse(game.kind.game_url, args=[public_id])
    return render(request, "league/game_history.html", {"game": game, "revisions": revisions, "back": back})


@login_required
@require_POST
def table_link_reissue(request, public_id):
    """Revoke the table link and issue a new one (the old QR code stops
    working), for a game of any kind; back to that game's own page."""
    game = get_object_or_404(Game.objects.only("pk", "club_id", "game_type"), public_id=public_id)
    if not can_manage_club(request.user, game.club_id):
        raise PermissionDenied
    Game.objects.filter(pk=game.pk).update(access_token=new_access_token())
    return redirect(game.kind.game_url, public_id=public_id)
