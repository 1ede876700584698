"""Offline entry: a phone's outbox replays an entry, the server stores it once.

The pad's script (``static/league/js/outbox.js``) keeps every hand, deal or
round it submits in IndexedDB with a key it made (``X-Outbox-Key``) and the
entry number the form showed (``expected_number``), and sends it at once or
when the network is back. :func:`outbox_entry` decorates the add view of
every game (``hand_add``: the one game tree serves every kind) and answers
requests carrying that header:

- first of all, the view's own read check (a stranger to a members-only
  game gets its 404 whatever key it sends);
- the key is already stored on an entry of the game with the same body (a
  hash of the fields sent, ``Hand.client_digest``): the answer is that
  entry (``{"state": "saved", "replayed": true, "number": n}``), nothing is
  written; with another body: ``409`` as below, with ``"reused_key": true``
  and the stored entry (the new one is not silently dropped);
- the view stores the entry: the key and the body's hash are written on it
  in the same transaction (``Hand.client_key``, unique per game), answer
  ``saved`` with the cookies the view set (the page read next shows the
  Undo banner, as after a plain form post);
- the view refuses it because that number was entered meanwhile from another
  device: ``409 {"state": "conflict", "theirs": {...}, "edit_url", "version"}``
  (the stored entry's form values, so the pad can show both versions);
- the entry's number is past the next one (an earlier entry of the phone
  was not stored): ``409 {"state": "not_next", "number", "next", "detail",
  "game": {...}}`` with the sheet's state; it is never stored under another
  number (``league.services.workflow.not_next``);
- any other refusal is the view's own answer (the form with every error),
  marked ``X-Outbox-State: refused``.

Requests without the header (a plain form post, htmx) are untouched.
"""
import hashlib
import json
import re
from functools import wraps

from django.db import transaction
from django.http import JsonResponse
from django.urls import reverse

from league.models import Game, Hand
from league.services.workflow import NOT_NEXT

KEY_HEADER = "HTTP_X_OUTBOX_KEY"
KEY_SHAPE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


# the add view's link argument -> the edit view's URL name (the game's kind says which form shows a stored entry)
EDIT_VIEWS = {
    "public_id": "hand_edit",
    "token": "table_hand_edit",
}


def _expected(request):
    try:
        return int(request.POST.get("expected_number", ""))
    except ValueError:
        return None


def _plain(value):
    return value if value is None or isinstance(value, (bool, int, str)) else str(value)


def _conflict(game, number, edit, link_arg, reused_key=False):
    hand = Hand.objects.prefetch_related("side_rows").filter(game=game, number=number).first()
    if hand is None:
        return None
    theirs = {k: _plain(v) for k, v in game.kind.entry_form_class().initial_for(hand).items()}
    answer = {
        "state": "conflict", "number": number, "theirs": theirs, "version": hand.version,
        "edit_url": reverse(f"league:{edit}", args=[link_arg, number]),
    }
    if reused_key:
        answer["reused_key"] = True
    return JsonResponse(answer, status=409)


def sheet_state(game) -> dict:
    """What the sheet holds now: its status, how many entries and each side's total."""
    return {"status": game.status, "hand_count": game.hand_count, "winner_side": game.winner_side,
            "totals": list(game.sides.order_by("side").values_list("total", flat=True))}


def _not_next(game, number):
    game.refresh_from_db(fields=["status", "hand_count", "winner_side"])
    detail = NOT_NEXT % {"number": number, "next": game.hand_count + 1}
    return JsonResponse({"state": "not_next", "number": number, "next": game.hand_count + 1, "detail": str(detail),
                         "game": sheet_state(game)}, status=409)


def body_digest(request) -> str:
    """A hash of what the entry's form sent (every field but the CSRF token,
    which is not the entry): the same key with another body is not a replay."""
    fields = sorted((name, values) for name, values in request.POST.lists() if name != "csrfmiddlewaretoken")
    return hashlib.sha256(json.dumps(fields, ensure_ascii=False).encode()).hexdigest()


def outbox_entry(readable_game):
    """Decorate an entry's add view (``hand_add``: every kind, by its public or
    its table link) with the outbox's promises above, for requests carrying
    the outbox's key; any other request goes to the view untouched.

    ``readable_game(request, *args, **kwargs)`` is the view's own access
    check: the game when the request may read it, else it raises (404 or
    403). It runs before any stored key is looked at, so a stranger learns
    nothing from a key; the view then checks the write as always."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            key = request.META.get(KEY_HEADER)
            if request.method != "POST" or not key:
                return view(request, *args, **kwargs)
            game = readable_game(request, *args, **kwargs)
            if not KEY_SHAPE.match(key):
                return view(request, *args, **kwargs)  # the entry without a key
            return _answer(request, view, args, kwargs, game, key)

        return wrapper

    return decorator


def _answer(request, view, args, kwargs, game, key):
    edit = EDIT_VIEWS["token" if kwargs.get("token") else "public_id"]
    link_arg = kwargs.get("public_id") or kwargs.get("token")
    digest = body_digest(request)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        stored = Hand.objects.filter(game=game, client_key=key).values_list("number", "client_digest").first()
        if stored is not None:
            number, stored_digest = stored
            if stored_digest and stored_digest != digest:
                # another entry under a key already used: refused, with the stored one to compare
                return _conflict(game, number, edit, link_arg, reused_key=True)
            return JsonResponse({"state": "saved", "replayed": True, "number": number})
        before = game.hand_count
        response = view(request, *args, **kwargs)
        game.refresh_from_db(fields=["hand_count"])
        if game.hand_count == before + 1 and response.status_code < 400:
            Hand.objects.filter(game=game, number=game.hand_count).update(client_key=key, client_digest=digest)
            saved = {"state": "saved", "replayed": False, "number": game.hand_count}
            if response.status_code in (301, 302, 303):
                saved["location"] = response["Location"]  # where a plain form post would go
            answer = JsonResponse(saved)
            for name, morsel in response.cookies.items():  # the view's cookies (the Undo banner's) kept
                answer.cookies[name] = morsel
            return answer
    expected = _expected(request)
    if response.status_code == 400 and expected is not None and expected <= game.hand_count:
        conflict = _conflict(game, expected, edit, link_arg)
        if conflict is not None:
            return conflict
    if response.status_code == 400 and expected is not None and expected > game.hand_count + 1:
        return _not_next(game, expected)
    response["X-Outbox-State"] = "refused"
    return response
