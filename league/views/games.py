"""Every game's pages, written once: the game page with entry, corrections,
confirmation, counter-entry, deletion and history, configured by the game's
kind (``league.games``: its board, form, services, templates and noun).

A game is reached two ways, whatever its kind: by its public link
(``/g/<public_id>/``: anyone reads; its club's organizers and its league's
directors write, its league's scorers enter while the night is open:
``league.access.game_write_role``) and by its
table link (``/t/<token>/``: whoever holds the secret enters and corrects
entries while the night is open, deletes none). :class:`Access` says which,
and builds the URLs the templates link to; every entry is under
``<prefix>hands/<n>/``.

When the league asks for confirmation, a table link's phone first says which
side (or player) it is, kept in the session per token and bound to the
phone's own key once it has entered (``league.devices``: a new session of the
same phone keeps that side); an entry it makes waits for the other side, who
confirms it or enters their own numbers. The add view answers the pad's
offline outbox too (``league.outbox.outbox_entry``).
"""
import hashlib
from dataclasses import dataclass

from django.conf import settings

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.timezone import get_current_timezone_name
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.conditional import game_etag, polled, table_etag
from league.access import MANAGE, can_manage_club, game_write_role, require_game_read, require_link_read
from league.devices import SESSION_KEY as DEVICE_KEY
from league.devices import bound_side, declare_side, device_of, signed
from league.forms import attach_errors, edit_version
from league.games import kind_for, kinds
from league.games.base import carried
from league.history import revision_changes
from league.models import Club, Game, Hand
from league.models.game import new_access_token
from league.models.rules import DEFAULT_GAME_TYPE
from league.outbox import outbox_entry
from league.selectors.boards import event_round, load_board
from league.services.rescore import sheet_generation
from league.services.trust import Actor
from league.services.undo import entry_undo, may_undo
from league.views.club_locale import club_page

READ_WITH = "table__round__night__season__league"


@dataclass
class Access:
    board: object  # the kind's board: the Pinochle sheet, the cribbage or rummy board
    actor: Actor | None  # None: read only
    prefix: str  # "/g/<public_id>/" or "/t/<token>/"
    organizer: bool = False

    @property
    def kind(self):
        return self.board.game.kind

    @property
    def can_edit(self) -> bool:
        return self.actor is not None

    @property
    def link(self) -> bool:
        return self.actor is not None and self.actor.link

    @property
    def my_side(self):
        return self.actor.side if self.link else None


def _side_key(token):
    return f"table-side:{token}"


def access_public(request, public_id) -> Access:
    board = load_board(public_id)
    role = game_write_role(request.user, board.game, board.locked)
    organizer = role == MANAGE  # the club's organizers, the league's directors
    if role is None:  # whoever writes a game reads it (no second membership query)
        require_game_read(request, board.game)
    actor = Actor(user=request.user, scorer=role != MANAGE) if role else None  # a scorer: while the night is open
    return Access(board, actor, reverse("league:game", args=[public_id]), organizer)


def access_link(request, token) -> Access:
    """The table link's access; a locked night leaves it read-only."""
    board = load_board(token=token)
    require_link_read(request, board.game, board.locked)
    actor = None
    if not board.locked:
        # a page read starts no session, but knows the phone's key if it has one (for its undo button)
        device = device_of(request) or request.session.get(DEVICE_KEY, "")
        side = request.session.get(_side_key(token))
        if side is None and device and board.confirmation:
            # a new session of a phone that kept its key: the side it entered with
            side = bound_side(board.game, device)
        actor = board.game.kind.link_actor(side=side, device=device)
    return Access(board, actor, reverse("league:table", args=[token]))


def _access(request, public_id=None, token=None) -> Access:
    return access_link(request, token) if token else access_public(request, public_id)


def _context(request, access: Access, form=None, **extra):
    board, kind = access.board, access.kind
    if form is None and access.can_edit and not board.game.is_finished:
        form = kind.entry_form(board, initial=kind.new_entry_initial(board, request.GET))
    return {
        "board": board, "sheet": board, "game": board.game, "kind": kind, "form": form,
        "can_edit": access.can_edit, "access": access, "prefix": access.prefix, "organizer": access.organizer,
        "locked": board.locked, "table": getattr(board, "table", None), "night": board.night,
        "my_side": access.my_side,
        # the phone's key, signed, for the pad's script to keep in the phone (league/devices.py)
        "device_token": signed(access.actor.device) if access.link and access.actor.device else "",
        "ask_side": access.link and access.my_side is None and board.confirmation,
        "event_round": event_round(board.game),
        "can_confirm": access.can_edit and (access.organizer if not access.link else access.my_side is not None),
        **kind.page_context(board), **extra,
    } | ({"undo_text": kind.saved_text % {"n": extra["undo"].number}} if extra.get("undo") else {})


SAVED_COOKIE = "saved-entry"  # "<game pk>:<number>": set by a plain form post that saved an entry


def _undo(access: Access, hand):
    """``hand`` if the viewer may undo it with one tap, else None."""
    if hand is None or not may_undo(hand, access.actor, hand_count=access.board.game.hand_count):
        return None
    return hand


def _sheet_key(request, access: Access) -> str | None:
    """The key its reader's sheet and chart are kept under (``{% cache %}`` in
    ``_pad.html``), or None: drawn for this request only.

    A page read keeps them under everything they are drawn from, each read by
    the page anyway: the game's audit state read with its seats (its revisions'
    count and last id: every entry, edit, confirmation, dispute, deletion, undo
    and seat change leaves a revision), status, hands, winner, rules and sides'
    totals, the seats' names, the reader as the rows read it (link prefix, may
    edit, organizer, the phone's side, the night locked), the language and time
    zone, the release (``CLUBTALLY_RELEASE``) and the rescore generation. A sheet
    with a confirm form for its reader (a hand waiting) is drawn for each
    request: the form carries the reader's own CSRF token."""
    sheet = access.board
    if request.method not in ("GET", "HEAD") or getattr(sheet, "audit", None) is None:
        return None
    if access.can_edit and sheet.waiting:
        return None
    game = sheet.game
    parts = (
        settings.CLUBTALLY_RELEASE, sheet_generation(game.public_id), game.public_id, sheet.audit, game.status,
        game.hand_count, game.winner_side, game.first_dealer, game.rules, [(s.side, s.total) for s in sheet.sides],
        [(s.seat, s.player_id, s.player.name) for s in sheet.seats], access.prefix, access.can_edit,
        access.organizer, access.my_side, sheet.locked, get_language(), get_current_timezone_name(),
    )
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def _page(request, access: Access, form=None, status=200, **extra):
    """The game page; right after a plain form post saved an entry, with its
    undo button (a short-lived cookie says which, so the post writes no session)."""
    game, saved = access.board.game, None
    if request.method == "GET" and access.can_edit:
        pk, _sep, number = request.COOKIES.get(SAVED_COOKIE, "").partition(":")
        if pk == str(game.pk) and number.isdigit():
            saved = int(number)
            extra.setdefault("undo", _undo(access, Hand.objects.filter(game=game, number=saved).first()))
    extra.setdefault("sheet_key", _sheet_key(request, access))
    response = render(request, "league/game_page.html", _context(request, access, form, **extra), status=status)
    if saved is not None:
        response.delete_cookie(SAVED_COOKIE, path=access.prefix)
    return response


def _refuse(access: Access):
    if access.board.locked:
        raise PermissionDenied(_("This night is locked: only an organizer can change it now."))
    raise PermissionDenied


def _writer(access: Access) -> Access:
    if not access.can_edit:
        _refuse(access)
    return access


# -- new game --------------------------------------------------------------------
@login_required
@club_page
def game_new(request, club_slug):
    """Start a game of any kind (``?kind=cribbage``; partnership Pinochle when none is asked)."""
    club = get_object_or_404(Club, slug=club_slug)
    if not can_manage_club(request.user, club.pk):
        raise PermissionDenied
    try:
        kind = kind_for(request.GET.get("kind") or request.GET.get("type") or DEFAULT_GAME_TYPE)
    except KeyError:
        raise Http404 from None
    form = kind.new_game_form(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                game = kind.start_from_form(form, club=club, by=request.user)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:game", public_id=game.public_id)
    return render(request, "league/game_new.html", {
        "form": form, "club": club, "roster": club.players.filter(active=True), "kind": kind, "game_types": kinds(),
    }, status=400 if form.errors else 200)


# -- the game page -----------------------------------------------------------------
@polled(game_etag)
@club_page
def game_detail(request, public_id):
    """The game's page by its public link: the board and, for its organizers, the entry form."""
    return _page(request, access_public(request, public_id))


@polled(table_etag)
@club_page
def table_detail(request, token):
    """The game's page by its table link (the QR code on the printed sheet)."""
    return _page(request, access_link(request, token))


@require_POST
@club_page
def table_side(request, token):
    """The phone says which side (at a three-handed table, which player) it belongs to,
    for confirming the other side's entries."""
    access = access_link(request, token)
    declare_side(request, access.board.game, _side_key(token), request.POST.get("side"), access.kind.sides)
    return redirect(access.prefix)


# -- entries -------------------------------------------------------------------------
def _readable_game(request, public_id=None, *, token=None):
    """The game an entry is posted to, once the request may read it (else 404 or 403)."""
    return _access(request, public_id, token).board.game


@require_POST
@outbox_entry(_readable_game)
@club_page
def hand_add(request, public_id=None, *, token=None):
    """Record the next entry; the form says which number it expects, so a second
    phone entering the same entry is told instead of storing it twice."""
    access = _writer(_access(request, public_id, token))
    board, kind = access.board, access.kind
    form = kind.entry_form(board, request.POST)
    if form.is_valid():
        try:
            hand = kind.record_entry(game=board.game, by=access.actor, form=form)
        except ValidationError as e:
            kind.entry_errors(form, e)
        else:
            if request.htmx:
                return _htmx_answer(request, access, hand)
            response = HttpResponseRedirect(access.prefix + kind.add_anchor.format(n=hand.number))
            response.set_cookie(SAVED_COOKIE, f"{board.game.pk}:{hand.number}", max_age=120, path=access.prefix,
                                httponly=True, samesite="Lax", secure=request.is_secure())
            return response
    if request.htmx:
        return render(request, kind.board_partial, _context(request, access, form))
    return _page(request, access, form, status=400)


def _htmx_answer(request, access: Access, hand):
    """The htmx answer to an entry: the board again, read fresh; when only the end
    of a Pinochle sheet changed, the fresh form with the totals and the new row
    swapped in out of band (``_pad_update.html``: a third of the pad's work)."""
    kind = access.kind
    if kind.quick_answer(access.board, hand):
        sheet = access.board  # its seats and night stand; the game's counters moved, its sides are read fresh
        sheet.game.refresh_from_db(fields=["hand_count", "status", "winner_side", "end_reason", "finished_at"])
        sheet.forget_entries()
        if kind.quick_answer(sheet, hand):
            sheet.load_last_hand()
            response = render(request, "league/_pad_update.html", _context(request, access, undo=_undo(access, hand)))
            response["HX-Retarget"] = "#hand-form"
            response["HX-Reswap"] = "outerHTML"
            return response
        return render(request, kind.board_partial, _context(request, access, undo=_undo(access, hand)))
    access.board = load_board(access.board.game.public_id)
    return render(request, kind.board_partial, _context(request, access, undo=_undo(access, hand)))


def _hand(game, number):
    hand = get_object_or_404(Hand.objects.prefetch_related("side_rows"), game=game, number=number)
    hand.game = game
    return hand


def _row(board, hand):
    """The board's row of ``hand`` (read only if the edit page asks for it)."""
    return lambda: next((r for r in board.rows if r.hand.pk == hand.pk), None)


def _edit(request, access: Access, number, counter=False):
    """Correct an entry, or (``counter``) enter the other side's own numbers for it."""
    _writer(access)
    board, kind = access.board, access.kind
    hand = _hand(board.game, number)
    if request.method == "POST":
        form = kind.entry_form(board, request.POST)
        if form.is_valid():
            try:
                if counter:
                    kind.counter_entry(hand=hand, by=access.actor, form=form)
                else:
                    kind.update_entry(hand=hand, by=access.actor, form=form, version=edit_version(form))
            except ValidationError as e:
                kind.entry_errors(form, e)
            else:
                return redirect(access.prefix + kind.entry_anchor.format(n=number))
    else:
        initial = kind.counter_initial(hand) if counter else kind.entry_form_class().initial_for(hand)
        form = kind.entry_form(board, initial=initial | carried(request.GET))  # back from the meld counter
    title = (kind.counter_title if counter else kind.edit_title) % {"n": hand.number}
    return render(request, "league/entry_edit.html", {
        **_context(request, access, form), "hand": hand, "counter": counter, "title": title,
        "row": _row(board, hand), "back": request.path, **kind.edit_context(board, hand),
    }, status=400 if form.errors else 200)


@login_required
@club_page
def hand_edit(request, public_id, number):
    return _edit(request, access_public(request, public_id), number)


@club_page
def table_hand_edit(request, token, number):
    return _edit(request, access_link(request, token), number)


@club_page
def table_hand_counter(request, token, number):
    """The other side's own numbers for an entry waiting for them."""
    return _edit(request, access_link(request, token), number, counter=True)


def _confirm(request, access: Access, number):
    _writer(access)
    hand = _hand(access.board.game, number)
    try:
        access.kind.confirm_entry(hand=hand, by=access.actor, reason=request.POST.get("reason", ""))
    except ValidationError as e:
        return _page(request, access, status=400, errors=e.messages)
    return redirect(access.prefix + access.kind.entry_anchor.format(n=number))


@login_required
@require_POST
@club_page
def hand_confirm(request, public_id, number):
    """An organizer (or the league's director) confirms an entry (a disputed one keeps
    the numbers entered); a scorer enters, and confirms nothing for the sides."""
    access = access_public(request, public_id)
    if not access.organizer:
        _refuse(access)
    return _confirm(request, access, number)


@require_POST
@club_page
def table_hand_confirm(request, token, number):
    return _confirm(request, access_link(request, token), number)


@login_required
@club_page
def hand_delete(request, public_id, number):
    """Organizers only (a table link corrects entries but deletes none); a locked night asks for a reason."""
    access = access_public(request, public_id)
    if not access.organizer:
        raise PermissionDenied
    kind = access.kind
    hand = _hand(access.board.game, number)
    errors = []
    if request.method == "POST":
        try:
            kind.delete_entry(hand=hand, by=access.actor, reason=request.POST.get("reason", ""))
        except ValidationError as e:
            errors = e.messages
        else:
            return redirect("league:game", public_id=public_id)
    return render(request, "league/entry_delete.html", {
        "hand": hand, "game": hand.game, "kind": kind, "board": access.board, "prefix": access.prefix,
        "locked": access.board.locked, "errors": errors, "title": kind.delete_title % {"n": hand.number},
    }, status=400 if errors else 200)


@require_POST
@club_page
def hand_undo(request, number, public_id=None, *, token=None):
    """One tap takes back the last entry: the phone that entered it, until
    anything follows it or the other side confirms it; an organizer always
    (on a locked night with a reason)."""
    access = _access(request, public_id, token)
    if access.actor is None or (not access.link and not access.organizer):
        _refuse(access)
    hand = _hand(access.board.game, number)
    reason = request.POST.get("reason", "").strip()
    try:
        entry_undo(hand=hand, by=access.actor, reason=reason if access.board.locked else reason or "undo")
    except ValidationError as e:
        return _page(request, access, status=400, errors=e.messages)
    return redirect(access.prefix)


# -- history and the table link ---------------------------------------------------------
@club_page
def hand_history(request, public_id, number):
    """Every version of an entry: who, when, how (account or table link), before and after."""
    game = get_object_or_404(Game.objects.select_related(READ_WITH), public_id=public_id)
    require_game_read(request, game)
    revisions = list(game.revisions.filter(Q(hand__number=number) | Q(hand__isnull=True, number=number))
                     .select_related("by"))
    kind = game.kind
    seats = list(game.seats.order_by("seat").values_list("player__name", flat=True))
    sides = [str(label) for label in kind.side_labels] if kind.has_partners else seats
    for r in revisions:
        r.changes = revision_changes(kind, r, seats=seats, sides=sides)
    return render(request, "league/hand_history.html", {"game": game, "number": number, "revisions": revisions})


def _seat_line(game: Game, event: dict | None) -> str:
    """``N Ann · E Bo · S Cy · W Di`` from an audit event's seat list."""
    if not event or "seats" not in event:
        return ""
    letters = {4: "NESW", 3: "123", 2: "AB"}.get(len(event["seats"]), "1234")
    return " · ".join(f"{letters[s['seat']]} {s['player']}" for s in event["seats"])


@club_page
def game_history(request, public_id):
    """The whole audit trail of a game, oldest first: who started it with which
    seats, every seat swap, and every entry, edit, confirmation, dispute and
    deletion of its hands, deals or rounds (each one tap from its own history)."""
    game = get_object_or_404(Game.objects.select_related("club", READ_WITH), public_id=public_id)
    require_game_read(request, game)
    revisions = list(game.revisions.select_related("by", "hand"))
    for r in revisions:
        r.seats_before, r.seats_after = _seat_line(game, r.before), _seat_line(game, r.after)
    back = reverse("league:game", args=[public_id])
    return render(request, "league/game_history.html", {"game": game, "revisions": revisions, "back": back})


@login_required
@require_POST
@club_page
def table_link_reissue(request, public_id):
    """Revoke the table link and issue a new one (the old QR code stops working)."""
    game = get_object_or_404(Game.objects.only("pk", "club_id", "game_type", "table_id"), public_id=public_id)
    if game_write_role(request.user, game, locked=False) != MANAGE:
        raise PermissionDenied
    Game.objects.filter(pk=game.pk).update(access_token=new_access_token())
    return redirect("league:game", public_id=public_id)
