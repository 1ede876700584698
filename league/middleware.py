"""Two request middlewares.

``CraftedInputMiddleware``: crafted requests are answered 400, never 500 (an
id of more than 18 digits matches no URL pattern: ``league.converters``).

- a NUL byte (or another C0 control but tab, CR, LF) anywhere in the path,
  a parameter name or value: 400 (PostgreSQL refuses NUL in text);
- ``per_page`` / ``page`` that are not small positive numbers, and an
  ``_export`` format other than those the pages offer: 400.

The 400 is the site's page (``templates/400.html``): the parameter's name it
quotes is escaped there, never written into the body as HTML.

``ClubLanguageMiddleware``: a club's default language for visitors who have not chosen one.

``LocaleMiddleware`` picks the language from the language cookie (set by the
header's switcher through Django's ``set_language``) or the browser's
Accept-Language. On a club's pages (a URL naming a club, a game or a table
link) a visitor without the cookie gets the club's ``language`` instead, when
the club has one. No query is added: the view loads its club anyway, and the
first ``Club`` instance loaded during such a request (``post_init``) switches
the active language. A Club loaded without its ``language`` field (``only``)
switches nothing.
"""
import contextvars

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from league.views.errors import bad_request
from league.views.params import int_param

EXPORT_FORMATS = ("csv", "json", "xlsx", "tsv")
"""The table exports that render without an optional library (odfpy, xlwt, PyYAML)."""
BAD = {chr(c) for c in range(32)} - {"\t", "\n", "\r"}


def _crafted(text: str) -> bool:
    return any(c in BAD for c in text)


class CraftedInputMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _crafted(request.path):
            return bad_request(request, _("The address holds a control character."))
        try:
            params = [*request.GET.lists(), *(request.POST.lists() if request.method == "POST" else [])]
        except Exception:  # an unreadable body: Django's own 400 follows in the view
            params = []
        for name, values in params:
            if _crafted(name) or any(_crafted(v) for v in values):
                return bad_request(request, _("The field %(name)s holds a control character.") % {"name": name[:40]})
        for name in ("per_page", "page"):
            raw = request.GET.get(name)
            if raw is not None and not (int_param(raw) and int_param(raw) <= 10_000):
                return bad_request(request, _("%(name)s must be a number from 1 to 10000.") % {"name": name})
        export = request.GET.get("_export")
        if export is not None and export not in EXPORT_FORMATS:
            return bad_request(request, _("Export as one of: %(formats)s.") % {"formats": ", ".join(EXPORT_FORMATS)})
        return self.get_response(request)


CLUB_KWARGS = ("club_slug", "public_id", "token")
_pending = contextvars.ContextVar("club_language_request", default=None)


def has_chosen(request) -> bool:
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return bool(code) and translation.check_for_language(code) and code in dict(settings.LANGUAGES)


class ClubLanguageMiddleware:
    """Place after ``LocaleMiddleware``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = _pending.set(None)
        try:
            return self.get_response(request)
        finally:
            _pending.reset(token)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not has_chosen(request) and any(k in view_kwargs for k in CLUB_KWARGS):
            _pending.set(request)


def club_loaded(sender, instance, **kwargs):
    """``post_init`` of Club: the first club of a waiting request sets its language."""
    request = _pending.get()
    if request is None or "language" not in instance.__dict__ or instance.pk is None:
        return
    _pending.set(None)
    if instance.language:
        activate_club_language(request, instance.language)


def activate_club_language(request, code: str) -> None:
    translation.activate(code)
    request.LANGUAGE_CODE = translation.get_language()
