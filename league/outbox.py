"""Offline entry: a phone's outbox replays an entry, the server stores it once.

The pad's script (``static/league/js/outbox.js``) keeps every hand, deal or
round it submits in IndexedDB with a key it made (``X-Outbox-Key``) and the
entry number the form showed (``expected_number``), and sends it at once or
when the network is back. :func:`outbox_entry` decorates the add view of
every game (``hand_add``: the one game tree serves every kind) and answers
requests carrying that header:

- the key is already stored on an entry of the game: the answer is that
  entry (``{"state": "saved", "replayed": true, "number": n}``), nothing is written;
- the view stores the entry: the key is written on it in the same
  transaction (``Hand.client_key``, unique per game), answer ``saved``;
- the view refuses it because that number was entered meanwhile from another
  device: ``409 {"state": "conflict", "theirs": {...}, "edit_url", "version"}``
  (the stored entry's form values, so the pad can show both versions);
- any other refusal is the view's own answer (the form with every error),
  marked ``X-Outbox-State: refused``.

Requests without the header (a plain form post, htmx) are untouched.
"""
import re
from functools import wraps

from django.db import transaction
from django.http import JsonResponse
from django.urls import reverse

from league.models import Game, Hand

KEY_HEADER = "HTTP_X_OUTBOX_KEY"
KEY_SHAPE = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


# the add view's link argument -> the edit view's URL name (the game's kind says which form shows a stored entry)
EDIT_VIEWS = {
    "public_id": "hand_edit",
    "token": "table_hand_edit",
}


def _game(kwargs):
    if "public_id" in kwargs:
        return Game.objects.filter(public_id=kwargs["public_id"]).first()
    if "token" in kwargs:
        return Game.objects.filter(access_token=kwargs["token"]).first()
    return None


def _expected(request):
    try:
        return int(request.POST.get("expected_number", ""))
    except ValueError:
        return None


def _plain(value):
    return value if value is None or isinstance(value, (bool, int, str)) else str(value)


def _conflict(game, number, edit, link_arg):
    hand = Hand.objects.prefetch_related("side_rows").filter(game=game, number=number).first()
    if hand is None:
        return None
    theirs = {k: _plain(v) for k, v in game.kind.entry_form_class().initial_for(hand).items()}
    return JsonResponse({
        "state": "conflict", "number": number, "theirs": theirs, "version": hand.version,
        "edit_url": reverse(f"league:{edit}", args=[link_arg, number]),
    }, status=409)


def outbox_entry(view):
    """Decorate an entry's add view (``hand_add``: every kind, by its public or
    its table link) with the outbox's promises above, for requests carrying
    the outbox's key; any other request goes to the view untouched."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        key = request.META.get(KEY_HEADER)
        if request.method != "POST" or not key:
            return view(request, *args, **kwargs)
        game = _game(kwargs)
        if game is None or not KEY_SHAPE.match(key):
            return view(request, *args, **kwargs)  # the view answers (404, or the entry without a key)
        edit = EDIT_VIEWS["token" if "token" in kwargs and kwargs["token"] else "public_id"]
        link_arg = kwargs.get("public_id") or kwargs.get("token")
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game.pk)
            stored = Hand.objects.filter(game=game, client_key=key).values_list("number", flat=True).first()
            if stored is not None:
                return JsonResponse({"state": "saved", "replayed": True, "number": stored})
            before = game.hand_count
            response = view(request, *args, **kwargs)
            game.refresh_from_db(fields=["hand_count"])
            if game.hand_count == before + 1 and response.status_code < 400:
                Hand.objects.filter(game=game, number=game.hand_count).update(client_key=key)
                saved = {"state": "saved", "replayed": False, "number": game.hand_count}
                if response.status_code in (301, 302, 303):
                    saved["location"] = response["Location"]  # where a plain form post would go
                return JsonResponse(saved)
        expected = _expected(request)
        if response.status_code == 400 and expected is not None and expected <= game.hand_count:
            conflict = _conflict(game, expected, edit, link_arg)
            if conflict is not None:
                return conflict
        response["X-Outbox-State"] = "refused"
        return response

    return wrapper
