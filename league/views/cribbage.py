"""Cribbage games: start one, the board with deal entry, corrections.

Anyone with the game's link reads the board; the club's organizers, and the
holder of the table's secret link while the night is open, enter and edit
deals; organizers delete them (a locked night asks them for a reason). The
calculators live in :mod:`league.views.cribbage_tools`.

When the league asks for confirmation, a table link's phone first says which
player it is (kept in the session per token); a deal it enters waits for the
other player, who confirms it or enters their own numbers.
"""
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league import services
from league.forms import CribbageGameForm, DealForm, attach_deal_errors, attach_errors, edit_version
from league.models import Club
from league.devices import declare_side, device_of
from league.access import can_manage_club, require_game_read, require_link_read
from league.selectors.cribbage import cribbage_board, deal_get
from league.services.cribbage import (
    PlayerLink, cribbage_game_create, deal_confirm, deal_counter, deal_delete, deal_record, deal_update,
)
from league.services.trust import Actor

from .cribbage_tools import card_grid

INITIAL_FROM_GET = ("dealer", "pegging_0", "pegging_1", "pone_hand", "dealer_hand", "crib", "starter_rank",
                    "starter_suit")


def _organizer(request, club_id):
    if not can_manage_club(request.user, club_id):
        raise PermissionDenied


@login_required
def cribbage_new(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    _organizer(request, club.pk)
    form = CribbageGameForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            with transaction.atomic():
                players = [services.player_get_or_create(club=club, name=d[f]) for f in form.PLAYER_FIELDS]
                game = cribbage_game_create(club=club, players=players, rule_profile=d["rule_profile"],
                                            first_dealer=d["first_dealer"], by=request.user)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:cribbage_game", public_id=game.public_id)
    return render(request, "league/cribbage_new.html", {
        "form": form, "club": club, "roster": club.players.filter(active=True),
    }, status=400 if form.errors else 200)


def _side_key(token):
    return f"table-side:{token}"


def _actor(request, board, link):
    """Who may write here: the table link's holder while the night is open
    (with the player whose phone it is, once it said), or an organizer."""
    if link:
        if board.locked:
            return None
        return PlayerLink(link=True, side=request.session.get(_side_key(board.game.access_token)),
                          device=device_of(request))
    return Actor(user=request.user) if can_manage_club(request.user, board.game.club_id) else None


def _prefix(board, link):
    if link:
        return reverse("league:cribbage_table", args=[board.game.access_token])
    return reverse("league:cribbage_game", args=[board.game.public_id])


def _context(request, board, form=None, errors=(), link=False):
    require_link_read(request, board.game, board.locked) if link else require_game_read(request, board.game)
    can_edit = _actor(request, board, link) is not None
    if form is None and can_edit and not board.game.is_finished:
        initial = {"dealer": board.next_dealer, "expected_number": board.game.hand_count + 1}
        initial.update({k: request.GET[k] for k in INITIAL_FROM_GET if request.GET.get(k, "") != ""})
        form = DealForm(names=board.names, locked=board.locked, initial=initial)
    my_side = request.session.get(_side_key(board.game.access_token)) if link and can_edit else None
    return {"board": board, "game": board.game, "form": form, "can_edit": can_edit, "errors": list(errors),
            "grid": card_grid(()), "scores": [s.total for s in board.sides], "prefix": _prefix(board, link),
            "organizer": not link and can_edit, "my_side": my_side,
            "ask_side": link and can_edit and my_side is None and board.confirmation,
            "can_confirm": can_edit and (not link or my_side is not None)}


def cribbage_game(request, public_id):
    board = cribbage_board(public_id)
    return render(request, "league/cribbage_game.html", _context(request, board))


def _deal_form(request, board, **kwargs):
    return DealForm(request.POST, names=board.names, locked=board.locked, **kwargs)


def _add(request, board, link):
    actor = _actor(request, board, link)
    if actor is None:
        raise PermissionDenied
    form = _deal_form(request, board)
    if form.is_valid():
        try:
            deal_record(game=board.game, by=actor,
                        expected_number=form.cleaned_data.get("expected_number"), **form.service_kwargs())
        except ValidationError as e:
            attach_deal_errors(form, e)
        else:
            if request.htmx:
                fresh = cribbage_board(token=board.game.access_token)
                return render(request, "league/_cribbage_board.html", _context(request, fresh, link=link))
            return HttpResponseRedirect(_prefix(board, link) + "#board")
    context = _context(request, board, form, link=link)
    if request.htmx:
        return render(request, "league/_cribbage_board.html", context)
    return render(request, "league/cribbage_game.html", context, status=400)


@require_POST
def deal_add(request, public_id):
    return _add(request, cribbage_board(public_id), link=False)


def cribbage_table(request, token):
    """The board through the table's secret link: its holder enters deals while the night is open."""
    board = cribbage_board(token=token)
    return render(request, "league/cribbage_game.html", _context(request, board, link=True))


@require_POST
def table_deal_add(request, token):
    return _add(request, cribbage_board(token=token), link=True)


@require_POST
def table_side(request, token):
    """The phone says which player it belongs to (for confirming the other player's deals)."""
    board = cribbage_board(token=token)
    side = request.POST.get("side")
    declare_side(request, board.game, _side_key(token), side, 2)
    return redirect(_prefix(board, link=True))


def _edit(request, board, number, link, counter=False):
    """Correct a deal, or (``counter``) enter the other player's own numbers for it."""
    actor = _actor(request, board, link)
    if actor is None:
        raise PermissionDenied
    hand = deal_get(board.game.public_id, number)
    if request.method == "POST":
        form = _deal_form(request, board)
        if form.is_valid():
            try:
                if counter:
                    kwargs = form.service_kwargs()
                    kwargs.pop("reason", None)
                    deal_counter(hand=hand, by=actor, **kwargs)
                else:
                    deal_update(hand=hand, by=actor, expected_version=edit_version(form),
                                **form.service_kwargs())
            except ValidationError as e:
                attach_deal_errors(form, e)
            else:
                return redirect(_prefix(board, link) + f"#deal-{number}")
    else:
        initial = {"dealer": hand.dealer} if counter else DealForm.initial_for(hand)
        form = DealForm(names=board.names, locked=board.locked, initial=initial)
    rows = sorted(hand.side_rows.all(), key=lambda r: r.side)
    return render(request, "league/cribbage_deal_edit.html", {
        "board": board, "game": board.game, "hand": hand, "form": form, "grid": card_grid(()),
        "scores": [r.total - r.delta for r in rows],  # before this deal, for "who pegged out first?"
        "prefix": _prefix(board, link), "organizer": not link, "counter": counter,
        "row": next((r for r in board.rows if r.hand.pk == hand.pk), None),
    }, status=400 if form.errors else 200)


@login_required
def deal_edit(request, public_id, number):
    return _edit(request, cribbage_board(public_id), number, link=False)


def table_deal_edit(request, token, number):
    return _edit(request, cribbage_board(token=token), number, link=True)


def table_deal_counter(request, token, number):
    """The other player's own numbers for a deal waiting for them."""
    return _edit(request, cribbage_board(token=token), number, link=True, counter=True)


def _confirm(request, board, number, link):
    actor = _actor(request, board, link)
    if actor is None:
        raise PermissionDenied
    hand = deal_get(board.game.public_id, number)
    try:
        deal_confirm(hand=hand, by=actor, reason=request.POST.get("reason", ""))
    except ValidationError as e:
        return render(request, "league/cribbage_game.html", _context(request, board, errors=e.messages, link=link),
                      status=400)
    return redirect(_prefix(board, link) + f"#deal-{number}")


@login_required
@require_POST
def deal_confirm_view(request, public_id, number):
    """An organizer confirms a deal (a disputed one keeps the numbers entered)."""
    return _confirm(request, cribbage_board(public_id), number, link=False)


@require_POST
def table_deal_confirm(request, token, number):
    return _confirm(request, cribbage_board(token=token), number, link=True)


@login_required
def deal_remove(request, public_id, number):
    hand = deal_get(public_id, number)
    _organizer(request, hand.game.club_id)
    board = cribbage_board(public_id)
    errors = []
    if request.method == "POST":
        try:
            deal_delete(hand=hand, by=Actor(user=request.user), reason=request.POST.get("reason", ""))
        except ValidationError as e:
            errors = e.messages
        else:
            return redirect("league:cribbage_game", public_id=public_id)
    return render(request, "league/cribbage_deal_delete.html", {
        "hand": hand, "game": hand.game, "board": board, "errors": errors,
    }, status=400 if errors else 200)
