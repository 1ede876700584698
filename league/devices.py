"""A table link's phone: a key of its own, stored with every entry it writes
(``HandRevision.device``), so that the side it declares is bound to it once
it has entered something.

The key lives in the phone twice: in its session, and signed (:func:`signed`,
Django's :class:`~django.core.signing.Signer`) in the phone's own storage,
kept there by the pad's script (``static/league/js/outbox.js``), which sends
it with every post as the ``device`` field. Clearing the cookies therefore
does not make a new phone: a post carrying a valid signed key is that phone
(its session takes the key again), and a key cannot be made up for another
phone without the site's secret.

The confirmation workflow (:mod:`league.services.entries`) refuses a
confirmation from the phone that entered the entry, whatever side it says
it is now; :func:`declare_side` keeps a phone that has entered in a game on
the side it entered with (:func:`bound_side`), in that session or a new one.
"""
import secrets

from django.core import signing

from league.models import HandRevision

SESSION_KEY = "table-device"
FIELD = "device"  # the post's field holding the phone's own copy of its key, signed
SALT = "league.devices"
ENTERING = (HandRevision.Action.CREATE, HandRevision.Action.UPDATE)


def signed(key: str) -> str:
    """``key`` as the phone keeps it (signed, so that it cannot be made up)."""
    return signing.Signer(salt=SALT).sign(key)


def _posted(request) -> str:
    raw = request.POST.get(FIELD, "")
    if not raw or len(raw) > 200:
        return ""
    try:
        return signing.Signer(salt=SALT).unsign(raw)
    except signing.BadSignature:
        return ""


def device_key(session) -> str:
    """This session's phone key (made at its first use)."""
    key = session.get(SESSION_KEY)
    if not isinstance(key, str) or not key:
        key = secrets.token_urlsafe(16)
        session[SESSION_KEY] = key
    return key


def device_of(request) -> str:
    """The phone's key for a write: the signed one it posts (its session takes
    it again), else its session's (made then); "" when reading, so that a page
    read does not start a session."""
    if request.method != "POST":
        return ""
    posted = _posted(request)
    if posted:
        if request.session.get(SESSION_KEY) != posted:
            request.session[SESSION_KEY] = posted
        return posted
    return device_key(request.session)


def has_entered(game, device: str) -> bool:
    return bool(device) and HandRevision.objects.filter(game=game, device=device, action__in=ENTERING).exists()


def bound_side(game, device: str):
    """The side (0, 1, 2) this phone entered its latest entry of ``game`` as,
    or None when it has entered nothing there (or entered without a side)."""
    if not device:
        return None
    return (HandRevision.objects.filter(game=game, device=device, action__in=ENTERING, hand__isnull=False)
            .order_by("-at", "-id").values_list("hand__entered_side", flat=True).first())


def declare_side(request, game, side_key: str, side, sides: int) -> bool:
    """Keep ``side`` (a POSTed "0".."sides-1") as this phone's side in
    ``request.session[side_key]``. Once the phone has entered in the game its
    side is bound: it keeps the side it entered with, and a change is refused
    (returns False)."""
    if side not in [str(s) for s in range(sides)]:
        return False
    device = device_of(request)
    bound = bound_side(game, device)
    if bound is not None:
        request.session[side_key] = bound
        return bound == int(side)
    current = request.session.get(side_key)
    if current is not None and current != int(side) and has_entered(game, device):
        return False
    request.session[side_key] = int(side)
    return True
