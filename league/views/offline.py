"""The service worker, served from the site root so its scope is every page."""
import json
import zlib

from django.conf import settings
from django.contrib.staticfiles import finders

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.templatetags.static import static

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
