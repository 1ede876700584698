"""The API's writes: entries through the same workflow as the score pad.

A write is read by the kind's own entry form (the fields the pad posts,
``league.games``), then handed to the same kind methods the pad's views call
(``record_entry``, ``update_entry``, ``counter_entry``, ``confirm_entry``,
``delete_entry``: one workflow, ``league.services.workflow``), under the same
access (:func:`league.views.games.access_link` for a table link,
:func:`~league.views.games.access_public` for a club's organizer). Nothing
here decides a rule; a refusal saves nothing.

- A new entry names the number it expects (``expected_number``); one already
  entered from another device is a 409 with the stored entry; one past the
  next number is a 409 ``not_next`` with the game's state (never renumbered).
- A correction names the version it changes (``version``); a stale one is a
  409 with the stored entry and its version.
- ``Idempotency-Key`` on a new entry: the key is stored on the entry (as the
  pad's outbox stores its key, ``Hand.client_key``), in the transaction that
  writes it. The same key again answers the entry stored the first time
  (``replayed``); the same key with other values is a 409.
- A table link's device keeps its session cookie, as the pad's phone does: it
  says its side once (``side/``) and is bound to it after its first entry.
"""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from league.devices import declare_side, device_key
from league.forms import edit_version
from league.models import Game, Hand
from league.outbox import KEY_SHAPE
from league.services.undo import UNDO_REASON, entry_undo
from league.services.workflow import hooks_of, input_data
from league.views.games import _side_key, access_link, access_public

from . import serializers as s
from .base import ApiView
from .errors import NON_FIELD, field_errors, refusal

KEY_HEADER = "Idempotency-Key"
KEY_PARAMETER = OpenApiParameter(
    KEY_HEADER, OpenApiTypes.STR, OpenApiParameter.HEADER, required=False,
    description="8–64 letters, digits, '-' or '_': a replay answers the first entry, other values are a 409.")
ENTRY_BODY = {"application/json": {"type": "object", "additionalProperties": True,
                                   "description": "The kind's entry fields (docs/api.md), as the pad posts them."}}


def _payload(request):
    """The request's fields as the form reads them, or a refusal: an object of
    plain values (a list only of plain values)."""
    data = request.data
    if hasattr(data, "getlist"):
        return data, None
    if not isinstance(data, dict):
        return None, refusal({NON_FIELD: [_("Send the entry's fields as one JSON object.")]})
    plain = (str, int, float, bool, type(None))
    bad = {k: [_("Send a number, a text, true or false.")] for k, v in data.items()
           if not (isinstance(v, plain) or (isinstance(v, list) and all(isinstance(x, plain) for x in v)))}
    if bad:
        return None, refusal(bad)
    return {k: ("" if v is None else v) for k, v in data.items()}, None


def _writer(access):
    if not access.can_edit:
        if access.board.locked:
            raise PermissionDenied(_("This night is locked: only an organizer can change it now."))
        raise PermissionDenied
    return access


def _game_state(game) -> dict:
    game.refresh_from_db(fields=["status", "hand_count", "winner_side", "end_reason", "finished_at"])
    return {"status": game.status, "hand_count": game.hand_count, "winner_side": game.winner_side,
            "totals": list(game.sides.order_by("side").values_list("total", flat=True))}


def _entry(game, number):
    hand = Hand.objects.prefetch_related("side_rows").filter(game=game, number=number).first()
    if hand is not None:
        hand.game = game
    return hand


def _answer(request, access, hand, *, replayed=False, code=status.HTTP_200_OK, state="saved"):
    game = access.board.game
    body = {"state": state, "replayed": replayed, "entry": s.entry_data(access.kind, _entry(game, hand.number)),
            "game": _game_state(game)}
    return Response(body, status=code)


def _conflict(access, number, why):
    """409: the entry the request meant to write was written (or changed) from another device meanwhile."""
    stored = _entry(access.board.game, number)
    return Response({"state": "conflict", "detail": why,
                     "theirs": s.entry_data(access.kind, stored) if stored is not None else None},
                    status=status.HTTP_409_CONFLICT)


def _same_inputs(access, form, hand) -> bool:
    """Whether the valid ``form`` holds the inputs stored on ``hand``, both as the
    kind's workflow hooks clean and store them (``league.services.workflow``)."""
    hooks = hooks_of(access.board.game)
    try:
        asked = hooks.clean(hand, input_data(hooks, access.kind.entry_input(form)))
    except ValidationError:
        return False
    return asked == hooks.stored(hand)


def _form_refusal(form, required=()):
    return refusal(field_errors(form.errors.as_data()), form=form, required=required)


def record(request, access):
    """A new entry (see the module): 201, or the first answer to a replayed key."""
    _writer(access)
    key = request.headers.get(KEY_HEADER)
    if key is not None and not KEY_SHAPE.match(key):
        return refusal({KEY_HEADER: [_("Use 8 to 64 letters, digits, '-' or '_'.")]})
    data, refused = _payload(request)
    if refused:
        return refused
    board, kind = access.board, access.kind
    form = kind.entry_form(board, data)
    new = ("expected_number",)
    if not form.is_valid():
        return _form_refusal(form, new)
    expected = form.cleaned_data.get("expected_number")
    if expected is None:
        form.add_error("expected_number", _("Say which number this entry is (the next one: hand_count + 1)."))
        return _form_refusal(form, new)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=board.game.pk)
        if key is not None:
            stored = Hand.objects.prefetch_related("side_rows").filter(game=game, client_key=key).first()
            if stored is not None:
                stored.game = board.game
                if _same_inputs(access, form, stored):
                    return _answer(request, access, stored, replayed=True)
                return _conflict(access, stored.number,
                                 _("This key was used for entry %(n)d with other values.") % {"n": stored.number})
        try:
            hand = kind.record_entry(game=board.game, by=access.actor, form=form)
        except ValidationError as e:
            game.refresh_from_db(fields=["hand_count"])
            if expected <= game.hand_count:
                return _conflict(access, expected, "; ".join(e.messages))
            if expected > game.hand_count + 1:  # an earlier entry is not stored: never renumbered
                return Response({"state": "not_next", "detail": "; ".join(e.messages), "number": expected,
                                 "next": game.hand_count + 1, "game": _game_state(board.game)},
                                status=status.HTTP_409_CONFLICT)
            if "side" in getattr(e, "error_dict", {}):  # the device says its side first (side/)
                return refusal(field_errors({"side": e.error_dict["side"]}))
            kind.entry_errors(form, e)
            return _form_refusal(form, new)
        if key is not None:
            Hand.objects.filter(pk=hand.pk).update(client_key=key)
    return _answer(request, access, hand, code=status.HTTP_201_CREATED)


def _stored(access, number):
    hand = get_object_or_404(Hand.objects.prefetch_related("side_rows"), game=access.board.game, number=number)
    hand.game = access.board.game
    return hand


def correct(request, access, number, *, counter=False):
    """A correction (``version`` required), or the other side's own numbers (``counter``)."""
    _writer(access)
    data, refused = _payload(request)
    if refused:
        return refused
    kind = access.kind
    hand = _stored(access, number)
    form = kind.entry_form(access.board, data)
    edit = () if counter else ("version",)
    if not form.is_valid():
        return _form_refusal(form, edit)
    try:
        with transaction.atomic():
            if counter:
                kind.counter_entry(hand=hand, by=access.actor, form=form)
            else:
                try:
                    version = edit_version(form)
                except ValidationError as e:
                    form.add_error("version", e)
                    raise
                kind.update_entry(hand=hand, by=access.actor, form=form, version=version)
    except ValidationError as e:
        current = _entry(access.board.game, number)
        if current is None or (not counter and form.cleaned_data.get("version") not in (None, current.version)):
            return _conflict(access, number, "; ".join(e.messages))
        if not form.errors:
            kind.entry_errors(form, e)
        return _form_refusal(form, edit)
    return _answer(request, access, hand)


def confirm(request, access, number):
    _writer(access)
    hand = _stored(access, number)
    reason = request.data.get("reason", "") if hasattr(request.data, "get") else ""
    try:
        access.kind.confirm_entry(hand=hand, by=access.actor, reason=str(reason))
    except ValidationError as e:
        return refusal(field_errors(e.error_dict) if hasattr(e, "error_dict") else {NON_FIELD: e.messages})
    return _answer(request, access, hand)


def undo(request, access, number):
    """Take back the last entry: the device that entered it, until anything follows it or the
    other side confirms it; an organizer always (a locked night asks a ``reason``)."""
    if access.actor is None or (not access.link and not access.organizer):
        _writer(access)
        raise PermissionDenied
    hand = _stored(access, number)
    given = request.data.get("reason", "") if hasattr(request.data, "get") else ""
    reason = str(given or "").strip()
    try:
        entry_undo(hand=hand, by=access.actor, reason=reason if access.board.locked else reason or UNDO_REASON)
    except ValidationError as e:
        return refusal(field_errors(e.error_dict) if hasattr(e, "error_dict") else {NON_FIELD: e.messages})
    return Response({"state": "undone", "number": number, "game": _game_state(access.board.game)})


UNDO_BODY = {"application/json": {"type": "object", "properties": {
    "reason": {"type": "string", "description": "Why a locked night changes (organizers)."}}}}


# -- the table link's device ----------------------------------------------------------
def _device(request, token):
    """The table link's access for a write, with the device's key made (kept in its session)."""
    device_key(request.session)
    return access_link(request, token)


class TableEntries(ApiView):
    """Enter the next entry from the table's device (the table link's token)."""

    @extend_schema(request=ENTRY_BODY, responses={201: OpenApiTypes.OBJECT}, parameters=[KEY_PARAMETER])
    def post(self, request, token):
        return record(request, _device(request, token))


class TableEntry(ApiView):
    """Correct an entry from the table's device (``version`` required)."""

    @extend_schema(request=ENTRY_BODY, responses={200: OpenApiTypes.OBJECT})
    def put(self, request, token, number):
        return correct(request, _device(request, token), number)


class TableEntryConfirm(ApiView):
    """The other side confirms an entry waiting for it."""

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, token, number):
        return confirm(request, _device(request, token), number)


class TableEntryCounter(ApiView):
    """The other side enters the same entry itself: the same numbers confirm it, others dispute it."""

    @extend_schema(request=ENTRY_BODY, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, token, number):
        return correct(request, _device(request, token), number, counter=True)


class TableEntryUndo(ApiView):
    """The device that entered the last entry takes it back (before anything follows it or it is confirmed)."""

    @extend_schema(request=UNDO_BODY, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, token, number):
        return undo(request, _device(request, token), number)


class TableSide(ApiView):
    """The device says which side (at a table of three, which player) it is, for confirming the other's entries."""

    @extend_schema(request={"application/json": {"type": "object", "properties": {"side": {"type": "integer"}}}},
                   responses={200: OpenApiTypes.OBJECT})
    def post(self, request, token):
        access = _device(request, token)
        if access.actor is None:
            _writer(access)
        side = request.data.get("side") if hasattr(request.data, "get") else None
        sides = access.kind.sides
        if not declare_side(request, access.board.game, _side_key(token), str(side), sides):
            return refusal({"side": [_("Choose one of %(choices)s; a device that has entered keeps its side.")
                                     % {"choices": ", ".join(str(n) for n in range(sides))}]})
        return Response({"side": request.session[_side_key(token)]})


# -- a club's organizer, by the game's public link (signed in) ------------------------------
def _organizer(request, public_id):
    access = access_public(request, public_id)
    if not access.organizer:
        raise PermissionDenied
    return access


class GameEntries(ApiView):
    """An organizer enters the next entry of a game of their club."""

    @extend_schema(request=ENTRY_BODY, responses={201: OpenApiTypes.OBJECT}, parameters=[KEY_PARAMETER])
    def post(self, request, public_id):
        return record(request, _organizer(request, public_id))


class GameEntry(ApiView):
    """An organizer corrects (``version`` required) or deletes an entry; a locked night asks a ``reason``."""

    @extend_schema(request=ENTRY_BODY, responses={200: OpenApiTypes.OBJECT})
    def put(self, request, public_id, number):
        return correct(request, _organizer(request, public_id), number)

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT}, parameters=[
        OpenApiParameter("reason", str, description="Why a locked night changes.")])
    def delete(self, request, public_id, number):
        access = _organizer(request, public_id)
        hand = _stored(access, number)
        try:
            access.kind.delete_entry(hand=hand, by=access.actor, reason=request.query_params.get("reason", ""))
        except ValidationError as e:
            return refusal(field_errors(e.error_dict) if hasattr(e, "error_dict") else {NON_FIELD: e.messages})
        return Response({"state": "deleted", "number": number, "game": _game_state(access.board.game)})


class GameEntryUndo(ApiView):
    """An organizer takes back the game's last entry (a locked night asks a ``reason``)."""

    @extend_schema(request=UNDO_BODY, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, public_id, number):
        return undo(request, _organizer(request, public_id), number)


class GameEntryConfirm(ApiView):
    """An organizer confirms an entry (a disputed one keeps the numbers entered)."""

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def post(self, request, public_id, number):
        return confirm(request, _organizer(request, public_id), number)

