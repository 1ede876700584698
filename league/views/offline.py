"""The service worker, served from the site root so its scope is every page,
and the web app manifest, which starts an install where it was made."""
import json
import zlib

from django.conf import settings
from django.contrib.staticfiles import finders

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import get_language, gettext

PRECACHE = ("league/css/site.css", "league/js/htmx.min.js", "league/js/poll.js", "league/js/pad.js", "league/js/cribbage.js",
            "league/js/outbox.js", "league/css/hall.css", "league/icons/icon-192.png")


def _version() -> str:
    """Changes when a precached file changes, so phones fetch the new one."""
    crc = 0
    for p in PRECACHE:
        found = finders.find(p)
        if found:
            with open(found, "rb") as f:
                crc = zlib.crc32(f.read(), crc)
    return f"{crc:08x}"


def service_worker(request):
    """The worker. Its precache lists the files' own URLs (hashed names under the
    production manifest storage); what it caches first is everything under
    ``STATIC_URL`` (not ``static("")``: the manifest has no entry for "")."""
    urls = [static(p) for p in PRECACHE]
    body = render_to_string("league/sw.js", {
        "precache": json.dumps(urls), "static_prefix": settings.STATIC_URL,
        "version": _version(),
    })
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


def favicon(request):
    """``/favicon.ico``, which browsers ask for whatever the page links."""
    from django.http import FileResponse, Http404

    found = finders.find("league/icons/favicon.ico")
    if not found:
        raise Http404
    response = FileResponse(open(found, "rb"), content_type="image/x-icon")
    response["Cache-Control"] = "max-age=86400"
    return response


def _start(value: str) -> str:
    """A path of this site to start an installed app at; ``/`` for anything else."""
    if (not value.startswith("/") or value.startswith("//") or len(value) > 500
            or any(c in value for c in "\\?#") or not value.isprintable() or value != value.strip()):
        return "/"
    return value


def web_manifest(request):
    """``/manifest.webmanifest?start=<the page's path>`` (every page links it with its
    own path): an install opens where it was made (a table link's pad opens that pad),
    and is its own app (``id``), so a phone keeps the home page and a night's pad
    side by side. Icons: ``any`` and ``maskable`` are separate entries (the
    maskable one is full-bleed, its drawing inside the safe circle)."""
    start = _start(request.GET.get("start", "/"))
    icon = lambda size, purpose: {"src": static(f"league/icons/icon-{size}.png"), "sizes": f"{size}x{size}",  # noqa: E731
                                  "type": "image/png", "purpose": purpose}
    manifest = {
        "id": start, "start_url": start, "scope": "/",
        "name": "Clubtally", "short_name": "Clubtally",
        "description": gettext("Score pad and league table for a card club's night"),
        "lang": get_language(), "dir": "ltr",
        "display": "standalone", "background_color": "#f8fafc", "theme_color": "#0f172a",
        "icons": [icon(192, "any"), icon(512, "any"), icon(512, "maskable")],
    }
    response = HttpResponse(json.dumps(manifest, ensure_ascii=False), content_type="application/manifest+json")
    response["Cache-Control"] = "max-age=3600"
    return response
