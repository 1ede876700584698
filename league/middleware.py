"""A club's default language for visitors who have not chosen one.

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
