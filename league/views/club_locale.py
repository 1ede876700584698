"""``@club_page``: a club's pages in the club's language and time zone.

``LocaleMiddleware`` picks the reader's language from the language cookie (set
by the header's switcher through Django's ``set_language``) or the browser's
Accept-Language. A view of one club's pages (its URL names the club, a game
or a table link: :data:`CLUB_KWARGS`) carries ``@club_page``, which reads the
club's ``language`` and ``time_zone`` (one query) and runs the view inside
``translation.override`` (only for a visitor who has not chosen a language,
and when the club has one) and ``timezone.override``, as Django's
documentation activates a language and a time zone for a request. Dates and
times on the page, its printed sheets and the calendar feed are then the
club's.

It is the innermost decorator (right above ``def``): a polled view's
``@condition`` answers its 304 before it, from a state that holds the club's
language and time zone (``league.conditional``), and the tag computed after
the view sees the reader's own language again, as the next poll's does.
"""
import zoneinfo
from functools import wraps

from django.conf import settings
from django.utils import timezone, translation

from league.models import Club

CLUB_KWARGS = ("club_slug", "public_id", "token")
"""The URL keywords that name a club's page: the club, a game's public link, a table link."""


def has_chosen(request) -> bool:
    """Whether the visitor chose a language with the header's switcher (the cookie)."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return bool(code) and translation.check_for_language(code) and code in dict(settings.LANGUAGES)


def _club_settings(kwargs) -> tuple[str, str] | None:
    """The club's (language, time zone) named by the URL, or None (no such club)."""
    if "club_slug" in kwargs:
        clubs = Club.objects.filter(slug=kwargs["club_slug"])
    elif "public_id" in kwargs:
        clubs = Club.objects.filter(games__public_id=kwargs["public_id"])
    else:
        clubs = Club.objects.filter(games__access_token=kwargs["token"])
    return clubs.values_list("language", "time_zone").first()


def club_page(view):
    """Run ``view`` in its club's language (for a visitor without a choice) and time zone."""
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        found = _club_settings(kwargs) if any(k in kwargs for k in CLUB_KWARGS) else None
        if found is None:  # the view answers its 404
            return view(request, *args, **kwargs)
        language, zone = found
        language = language if language and not has_chosen(request) else translation.get_language()
        with translation.override(language), timezone.override(zoneinfo.ZoneInfo(zone)):
            before, request.LANGUAGE_CODE = getattr(request, "LANGUAGE_CODE", None), translation.get_language()
            try:
                response = view(request, *args, **kwargs)
            finally:
                request.LANGUAGE_CODE = before
            response.headers.setdefault("Content-Language", translation.get_language())
        return response
    return wrapped
