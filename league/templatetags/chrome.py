"""``{% chrome "league/_chrome_header.html" %}``: base.html's parts around the
page's title and content, rendered once and reused.

Every page's head (the stylesheets and scripts through the manifest), its
header (navigation, the language menu with every language's name, the
log-out or log-in link) and the outbox's texts are the same for every
request in one language: rendering them through Django's templates was
about a millisecond of each page. A part is rendered once per language,
login state (the header shows "Log out" or "Log in"), URL prefix and URLconf,
with markers in place of what differs per request; each request fills in:

- ``csrf_token``: the request's CSRF token (the ``data-hx-headers`` of the body);
- ``csrf_input``: ``{% csrf_token %}``'s hidden input, as that tag writes it;
- ``username``: the logged-in user's name;
- ``login_query``: ``?next=`` the page (``login_next``: never a table link);
- ``full_path``: the page with its query (the language form's ``next``);
- ``manifest_start``: the page's path, URL-encoded (the manifest link's ``?start=``).

Each value is escaped as the template escaped it; ``tests/league/test_chrome.py``
renders pages with the chrome and with the base.html it replaced and finds
the same bytes. The parts are kept per process (a few per language); a
changed setting (tests) forgets them, and ``DEBUG`` renders them every time
(a template being edited shows at once).
"""
import re

from django import template
from django.conf import settings
from django.core.signals import setting_changed
from django.template import defaultfilters, defaulttags
from django.template.loader import get_template
from django.urls import get_script_prefix, get_urlconf
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from league.templatetags.access_tags import login_next

register = template.Library()

SLOTS = ("csrf_token", "csrf_input", "username", "login_query", "full_path", "manifest_start")
MARKER = re.compile("\x00(" + "|".join(SLOTS) + ")\x00")
_parts: dict = {}


def _forget(**kwargs):
    _parts.clear()


setting_changed.connect(_forget)


def _split(name: str, authenticated: bool) -> list[str]:
    key = (name, translation.get_language(), get_script_prefix(), get_urlconf(), authenticated)
    parts = _parts.get(key)
    if parts is None:
        html = get_template(name).render({"authenticated": authenticated,
                                          **{s: mark_safe(f"\x00{s}\x00") for s in SLOTS}})
        parts = MARKER.split(html)  # literal, slot, literal, slot ... literal
        if not settings.DEBUG:
            _parts[key] = parts
    return parts


def _values(context) -> dict:
    """What the replaced template wrote for each slot, escaped as it escaped it."""
    request, user = context.get("request"), context.get("user")
    path = request.get_full_path() if request is not None else ""
    after = login_next(path)
    return {
        "csrf_token": conditional_escape(str(context["csrf_token"])) if "csrf_token" in context else "",
        "csrf_input": defaulttags.CsrfTokenNode().render(context),
        "username": conditional_escape(user.get_username()) if user is not None else "",
        "login_query": "?next=" + conditional_escape(defaultfilters.urlencode(after)) if after else "",
        "full_path": conditional_escape(path),
        "manifest_start": conditional_escape(defaultfilters.urlencode(request.path if request is not None else "")),
    }


@register.simple_tag(takes_context=True)
def chrome(context, name):
    user = context.get("user")
    parts = _split(name, bool(getattr(user, "is_authenticated", False)))
    if len(parts) == 1:
        return mark_safe(parts[0])
    values = _values(context)
    return mark_safe("".join(values[p] if i % 2 else p for i, p in enumerate(parts)))
