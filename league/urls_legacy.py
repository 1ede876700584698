"""The game URLs of earlier versions, kept as permanent redirects: printed
score sheets carry QR codes of ``/ct/<token>/`` and ``/rt/<token>/``, and
bookmarks of ``/c/<id>/`` and ``/r/<id>/``. Each answers with the same page
in the one game tree (``/g/`` and ``/t/``, entries under ``hands/``), the
rest of the path and the query string kept: 301 for a GET, 308 (the method
kept) for a post a phone's outbox may still replay."""
from django.http import HttpResponsePermanentRedirect, HttpResponseRedirect
from django.urls import path, re_path

TREES = {"c": "g", "r": "g", "ct": "t", "rt": "t"}
ENTRY_SEGMENTS = {"deals/": "hands/", "rounds/": "hands/"}


class PermanentKeepMethod(HttpResponseRedirect):
    status_code = 308


def _redirect(request, url):
    query = request.META.get("QUERY_STRING", "")
    if query:
        url += ("&" if "?" in url else "?") + query
    if request.method in ("GET", "HEAD"):
        return HttpResponsePermanentRedirect(url)
    return PermanentKeepMethod(url)


def old_game_url(request, tree, key, rest=""):
    for old, new in ENTRY_SEGMENTS.items():
        if rest.startswith(old):
            rest = new + rest[len(old):]
            break
    return _redirect(request, f"/{TREES[tree]}/{key}/{rest}")


def old_new_game(request, club_slug, kind):
    return _redirect(request, f"/clubs/{club_slug}/games/new/?kind={kind}")


urlpatterns = [
    re_path(r"^(?P<tree>c|r|ct|rt)/(?P<key>[^/]+)/(?P<rest>.*)$", old_game_url),
    path("clubs/<slug:club_slug>/cribbage/new/", old_new_game, {"kind": "cribbage"}),
    path("clubs/<slug:club_slug>/rummy/new/", old_new_game, {"kind": "rummy"}),
]
