"""A table link's phone: a key of its own, kept in its session and stored
with every entry it writes (``HandRevision.device``), so that the side it
declares is bound to it once it has entered something.

The confirmation workflow (:mod:`league.services.entries`) refuses a
confirmation from the phone that entered the entry, whatever side it says
it is now; :func:`declare_side` refuses a phone that has entered in a game
a change of side in that game.
"""
import secrets

from league.models import HandRevision

SESSION_KEY = "table-device"


def device_key(session) -> str:
    """This session's phone key (made at its first use)."""
    key = session.get(SESSION_KEY)
    if not isinstance(key, str) or not key:
        key = secrets.token_urlsafe(16)
        session[SESSION_KEY] = key
    return key


def device_of(request) -> str:
    """The phone's key for a write (made then); "" when reading, so that a
    page read does not start a session."""
    return device_key(request.session) if request.method == "POST" else ""


def has_entered(game, device: str) -> bool:
    return HandRevision.objects.filter(game=game, device=device,
                                       action__in=(HandRevision.Action.CREATE, HandRevision.Action.UPDATE)).exists()


def declare_side(request, game, side_key: str, side, sides: int) -> bool:
    """Keep ``side`` (a POSTed "0".."sides-1") as this phone's side in
    ``request.session[side_key]``. Once the phone has entered in the game its
    side is bound: a change is refused (returns False)."""
    if side not in [str(s) for s in range(sides)]:
        return False
    current = request.session.get(side_key)
    if current is not None and current != int(side) and has_entered(game, device_key(request.session)):
        return False
    request.session[side_key] = int(side)
    return True
