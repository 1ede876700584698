"""Rummy-style Pinochle games: start one, the game page with round entry, corrections.

Anyone with the game's link reads the page; the club's organizers enter,
edit and delete rounds. Rummy games are casual for now (no league table,
no table link).
"""
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league import services
from league.forms import attach_errors
from league.forms.rummy import RummyGameForm, RummyRoundForm, attach_round_errors
from league.models import Club
from league.permissions import can_manage_club
from league.selectors.rummy import round_get, rummy_board
from league.services.rummy import round_delete, round_record, round_update, rummy_game_create
from league.services.trust import Actor


def _organizer(request, club_id):
    if not can_manage_club(request.user, club_id):
        raise PermissionDenied


@login_required
def rummy_new(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    _organizer(request, club.pk)
    form = RummyGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            with transaction.atomic():
                players = [services.player_get_or_create(club=club, name=d[f]) for f in form.PLAYER_FIELDS]
                game = rummy_game_create(club=club, players=players, rules=form.rules(), by=request.user)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:rummy_game", public_id=game.public_id)
    return render(request, "league/rummy_new.html", {
        "form": form, "club": club, "roster": club.players.filter(active=True),
    }, status=400 if form.errors else 200)


def _can_edit(request, board) -> bool:
    return can_manage_club(request.user, board.game.club_id)


def _context(request, board, form=None):
    can_edit = _can_edit(request, board)
    if form is None and can_edit and not board.game.is_finished:
        form = RummyRoundForm(initial={"expected_number": board.next_number})
    return {"board": board, "game": board.game, "form": form, "can_edit": can_edit}


def rummy_game(request, public_id):
    board = rummy_board(public_id)
    return render(request, "league/rummy_game.html", _context(request, board))


@require_POST
def round_add(request, public_id):
    board = rummy_board(public_id)
    if not _can_edit(request, board):
        raise PermissionDenied
    form = RummyRoundForm(request.POST)
    if form.is_valid():
        try:
            hand = round_record(game=board.game, by=Actor(user=request.user),
                                expected_number=form.cleaned_data.get("expected_number"), **form.service_kwargs())
        except ValidationError as e:
            attach_round_errors(form, e)
        else:
            return redirect(reverse("league:rummy_game", args=[public_id]) + f"#round-{hand.number}")
    return render(request, "league/rummy_game.html", _context(request, board, form), status=400)


@login_required
def round_edit(request, public_id, number):
    hand = round_get(public_id, number)
    _organizer(request, hand.game.club_id)
    board = rummy_board(public_id)
    if request.method == "POST":
        form = RummyRoundForm(request.POST)
        if form.is_valid():
            try:
                round_update(hand=hand, by=Actor(user=request.user),
                             expected_version=form.cleaned_data.get("version"), **form.service_kwargs())
            except ValidationError as e:
                attach_round_errors(form, e)
            else:
                return redirect(reverse("league:rummy_game", args=[public_id]) + f"#round-{number}")
    else:
        form = RummyRoundForm(initial=RummyRoundForm.initial_for(hand))
    return render(request, "league/rummy_round_edit.html", {
        "board": board, "game": board.game, "hand": hand, "form": form,
    }, status=400 if form.errors else 200)


@login_required
def round_remove(request, public_id, number):
    hand = round_get(public_id, number)
    _organizer(request, hand.game.club_id)
    errors = []
    if request.method == "POST":
        try:
            round_delete(hand=hand, by=Actor(user=request.user), reason=request.POST.get("reason", ""))
        except ValidationError as e:
            errors = e.messages
        else:
            return redirect("league:rummy_game", public_id=public_id)
    return render(request, "league/rummy_round_delete.html", {
        "hand": hand, "game": hand.game, "errors": errors,
    }, status=400 if errors else 200)
