"""Rummy-style Pinochle games: start one, the game page with round entry, corrections.

A game is reached two ways: by its public link (``/r/<public_id>/``: anyone
reads; the club's organizers enter, edit and delete rounds, on a locked
night with a reason) and, for a league table, by the table's secret link
(``/rt/<token>/``, where ``/t/<token>/`` on the printed sheets leads): its
holder enters and corrects rounds while the night is open, but deletes
nothing, like the Pinochle and cribbage table links. :class:`Access` says
which, and builds the URLs the templates link to.

When the league asks for confirmation, a table link's phone first says which
side it is (N–S or E–W, kept in the session per token); a round it enters
waits for the other side, who confirms it or enters their own numbers.
"""
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.games import RUMMY
from league import services
from league.forms import attach_errors, edit_version
from league.forms.rummy import RummyGameForm, RummyRoundForm, attach_round_errors
from league.models import Club, Game, Night, Table
from league.devices import declare_side, device_of
from league.access import can_manage_club, require_game_read, require_link_read
from league.selectors.rummy import RummyBoard, round_get, rummy_board
from league.services.rummy import (
    round_confirm, round_counter, round_delete, round_record, round_update, rummy_game_create,
)
from league.services.trust import Actor


def _organizer(request, club_id):
    if not can_manage_club(request.user, club_id):
        raise PermissionDenied


@login_required
def rummy_new(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    _organizer(request, club.pk)
    form = RummyGameForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            with transaction.atomic():
                players = [services.player_get_or_create(club=club, name=d[f]) for f in form.PLAYER_FIELDS]
                game = rummy_game_create(club=club, players=players, rules=form.rules(),
                                         rule_profile=d["rule_profile"], by=request.user)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:rummy_game", public_id=game.public_id)
    return render(request, "league/rummy_new.html", {
        "form": form, "club": club, "roster": club.players.filter(active=True),
    }, status=400 if form.errors else 200)


@dataclass
class Access:
    board: RummyBoard
    actor: Actor | None  # None: read only
    prefix: str  # "/r/<public_id>/" or "/rt/<token>/"
    table: Table | None = None  # a league game's table, with its round, night, season and league
    organizer: bool = False

    @property
    def can_edit(self) -> bool:
        return self.actor is not None

    @property
    def night(self) -> Night | None:
        return self.table.round.night if self.table is not None else None

    @property
    def locked(self) -> bool:
        night = self.night
        return night is not None and night.status == Night.Status.LOCKED

    @property
    def confirmation(self) -> bool:
        """Does the league ask the other side to confirm each round?"""
        night = self.night
        return night is not None and night.season.league.confirmation

    @property
    def link(self) -> bool:
        return self.actor is not None and self.actor.link

    @property
    def my_side(self) -> int | None:
        return self.actor.side if self.link else None


def _table(table_id) -> Table | None:
    """A league game's table with its round, night, season, league and club (one query)."""
    if table_id is None:
        return None
    return Table.objects.select_related("round__night__season__league__club").get(pk=table_id)


def access_public(request, public_id) -> Access:
    board = rummy_board(public_id)
    table = _table(board.game.table_id)
    require_game_read(request, board.game, table.round.night.season.league if table else None)
    organizer = can_manage_club(request.user, board.game.club_id)
    return Access(board, Actor(user=request.user) if organizer else None,
                  reverse("league:rummy_game", args=[public_id]), table, organizer)


def access_link(request, token) -> Access:
    """The table link's access; a locked night leaves it read-only."""
    game = get_object_or_404(Game.objects.select_related("table__round__night__season__league__club"),
                             access_token=token, game_type=RUMMY.code)
    access = Access(rummy_board(game.public_id), None, reverse("league:rummy_table", args=[token]), game.table)
    require_link_read(request, game, access.locked)
    if not access.locked:
        access.actor = Actor(link=True, side=request.session.get(_side_key(token)), device=device_of(request))
    return access


def _side_key(token):
    return f"table-side:{token}"


def _refuse(access: Access):
    if access.locked:
        raise PermissionDenied(_("This night is locked: only an organizer can change it now."))
    raise PermissionDenied


def _context(access: Access, form=None):
    board = access.board
    if form is None and access.can_edit and not board.game.is_finished:
        form = RummyRoundForm(initial={"expected_number": board.next_number}, locked=access.locked)
    return {"board": board, "game": board.game, "form": form, "can_edit": access.can_edit, "access": access,
            "prefix": access.prefix, "organizer": access.organizer, "table": access.table, "night": access.night,
            "locked": access.locked, "my_side": access.my_side,
            "ask_side": access.link and access.my_side is None and access.confirmation,
            "can_confirm": access.can_edit and (not access.link or access.my_side is not None)}


def rummy_game(request, public_id):
    return render(request, "league/rummy_game.html", _context(access_public(request, public_id)))


def rummy_table(request, token):
    """The game through the table's secret link (the QR code on the round's sheets)."""
    return render(request, "league/rummy_game.html", _context(access_link(request, token)))


def _add(request, access: Access):
    if not access.can_edit:
        _refuse(access)
    form = RummyRoundForm(request.POST, locked=access.locked)
    if form.is_valid():
        try:
            hand = round_record(game=access.board.game, by=access.actor,
                                expected_number=form.cleaned_data.get("expected_number"), **form.service_kwargs())
        except ValidationError as e:
            attach_round_errors(form, e)
        else:
            if request.htmx:  # the board swapped in place, as the Pinochle pad and the cribbage board do
                access.board = rummy_board(access.board.game.public_id)
                return render(request, "league/_rummy_board.html", _context(access))
            return redirect(access.prefix + f"#round-{hand.number}")
    if request.htmx:
        return render(request, "league/_rummy_board.html", _context(access, form))
    return render(request, "league/rummy_game.html", _context(access, form), status=400)


@require_POST
def round_add(request, public_id):
    return _add(request, access_public(request, public_id))


@require_POST
def table_round_add(request, token):
    return _add(request, access_link(request, token))


@require_POST
def table_side(request, token):
    """The phone says which side it belongs to (for confirming the other side's rounds)."""
    access = access_link(request, token)
    side = request.POST.get("side")
    declare_side(request, access.board.game, _side_key(token), side, 2)
    return redirect(access.prefix)


def _edit(request, access: Access, number, counter=False):
    """Correct a round, or (``counter``) enter the other side's own numbers for it."""
    if not access.can_edit:
        _refuse(access)
    hand = round_get(access.board.game.public_id, number)
    if request.method == "POST":
        form = RummyRoundForm(request.POST, locked=access.locked)
        if form.is_valid():
            try:
                if counter:
                    round_counter(hand=hand, by=access.actor, teams=form.team_inputs())
                else:
                    round_update(hand=hand, by=access.actor,
                                 expected_version=edit_version(form), **form.service_kwargs())
            except ValidationError as e:
                attach_round_errors(form, e)
            else:
                return redirect(access.prefix + f"#round-{number}")
    else:
        form = RummyRoundForm(initial={} if counter else RummyRoundForm.initial_for(hand), locked=access.locked)
    return render(request, "league/rummy_round_edit.html", {
        **_context(access, form), "hand": hand, "counter": counter,
        "row": next((r for r in access.board.rows if r.hand.pk == hand.pk), None),
    }, status=400 if form.errors else 200)


@login_required
def round_edit(request, public_id, number):
    return _edit(request, access_public(request, public_id), number)


def table_round_edit(request, token, number):
    return _edit(request, access_link(request, token), number)


def table_round_counter(request, token, number):
    """The other side's own numbers for a round waiting for them."""
    return _edit(request, access_link(request, token), number, counter=True)


def _confirm(request, access: Access, number):
    if not access.can_edit:
        _refuse(access)
    hand = round_get(access.board.game.public_id, number)
    try:
        round_confirm(hand=hand, by=access.actor, reason=request.POST.get("reason", ""))
    except ValidationError as e:
        context = _context(access)
        context["errors"] = e.messages
        return render(request, "league/rummy_game.html", context, status=400)
    return redirect(access.prefix + f"#round-{number}")


@login_required
@require_POST
def round_confirm_view(request, public_id, number):
    """An organizer confirms a round (a disputed one keeps the numbers entered)."""
    return _confirm(request, access_public(request, public_id), number)


@require_POST
def table_round_confirm(request, token, number):
    return _confirm(request, access_link(request, token), number)


@login_required
def round_remove(request, public_id, number):
    """Organizers only (a table link corrects rounds but deletes none); a locked night asks for a reason."""
    access = access_public(request, public_id)
    if not access.organizer:
        raise PermissionDenied
    hand = round_get(public_id, number)
    errors = []
    if request.method == "POST":
        try:
            round_delete(hand=hand, by=access.actor, reason=request.POST.get("reason", ""))
        except ValidationError as e:
            errors = e.messages
        else:
            return redirect("league:rummy_game", public_id=public_id)
    return render(request, "league/rummy_round_delete.html", {
        "hand": hand, "game": hand.game, "errors": errors, "locked": access.locked, "prefix": access.prefix,
    }, status=400 if errors else 200)
