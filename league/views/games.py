"""Starting a game, the score sheet with hand entry, and corrections."""
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league import services
from league.forms import HandForm, NewGameForm, attach_errors
from league.models import Club, Hand
from league.permissions import can_manage_club
from league.selectors import game_sheet


def _require_organizer(user, club_id):
    if not can_manage_club(user, club_id):
        raise PermissionDenied


@login_required
def game_new(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    _require_organizer(request.user, club.pk)
    form = NewGameForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            with transaction.atomic():
                players = [
                    services.player_get_or_create(club=club, name=d[f])
                    for f in NewGameForm.SEAT_FIELDS
                ]
                game = services.game_create(
                    club=club, players=players, rule_profile=d["rule_profile"],
                    first_dealer=d["first_dealer"], by=request.user,
                )
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:game", public_id=game.public_id)
    status = 400 if form.errors else 200
    return render(request, "league/game_new.html", {
        "form": form, "club": club, "roster": club.players.filter(active=True),
    }, status=status)


def _pad_context(request, sheet, form=None):
    can_edit = can_manage_club(request.user, sheet.game.club_id)
    if form is None and can_edit and not sheet.game.is_finished:
        initial = {"dealer": sheet.next_dealer, "kind": "played"}
        for key in ("kind", "dealer", "meld_0", "meld_1", "trump", "bid", "bidder_seat", "tricks_0", "tricks_1"):
            if key in request.GET:
                initial[key] = request.GET[key]
        form = HandForm(sheet=sheet, initial=initial)
    return {"sheet": sheet, "game": sheet.game, "form": form, "can_edit": can_edit}


def game_detail(request, public_id):
    sheet = game_sheet(public_id)
    return render(request, "league/game_detail.html", _pad_context(request, sheet))


@require_POST
def hand_add(request, public_id):
    sheet = game_sheet(public_id)
    if not can_manage_club(request.user, sheet.game.club_id):
        raise PermissionDenied
    form = HandForm(request.POST, sheet=sheet)
    if form.is_valid():
        try:
            services.hand_record(game=sheet.game, by=request.user, **form.service_kwargs())
        except ValidationError as e:
            attach_errors(form, e)
        else:
            if request.htmx:
                sheet = game_sheet(public_id)
                return render(request, "league/_pad.html", _pad_context(request, sheet))
            return HttpResponseRedirect(reverse("league:game", args=[public_id]) + "#pad")
    context = _pad_context(request, sheet, form)
    if request.htmx:
        return render(request, "league/_pad.html", context)
    return render(request, "league/game_detail.html", context, status=400)


def _hand(public_id, number):
    return get_object_or_404(
        Hand.objects.select_related("game").prefetch_related("side_rows"),
        game__public_id=public_id, number=number,
    )


@login_required
def hand_edit(request, public_id, number):
    hand = _hand(public_id, number)
    _require_organizer(request.user, hand.game.club_id)
    sheet = game_sheet(public_id)
    if request.method == "POST":
        form = HandForm(request.POST, sheet=sheet)
        if form.is_valid():
            try:
                services.hand_update(
                    hand=hand, by=request.user,
                    expected_version=form.cleaned_data.get("version"),
                    **form.service_kwargs(),
                )
            except ValidationError as e:
                attach_errors(form, e)
            else:
                return redirect("league:game", public_id=public_id)
    else:
        form = HandForm(sheet=sheet, initial=HandForm.initial_for(hand))
    return render(request, "league/hand_edit.html", {
        "sheet": sheet, "game": sheet.game, "hand": hand, "form": form,
    }, status=400 if form.errors else 200)


@login_required
def hand_delete(request, public_id, number):
    hand = _hand(public_id, number)
    _require_organizer(request.user, hand.game.club_id)
    if request.method == "POST":
        try:
            services.hand_delete(hand=hand, by=request.user)
        except ValidationError as e:
            return render(request, "league/hand_delete.html", {
                "hand": hand, "game": hand.game, "errors": e.messages,
            }, status=400)
        return redirect("league:game", public_id=public_id)
    return render(request, "league/hand_delete.html", {"hand": hand, "game": hand.game})
