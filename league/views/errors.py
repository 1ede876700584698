"""Error pages answered by the site itself (not through Django's handlers):
the 400 of a refused request and the login throttle's 429.

Every refusal renders a template of ``templates/`` (autoescaped: text taken
from the request, such as a parameter's name, is shown as text, never as
HTML) and passes the outer middlewares, so it carries the
Content-Security-Policy like every page.
"""
import math

from django.conf import settings
from django.shortcuts import render


def bad_request(request, message: str):
    """400 with ``message`` (may quote the request: it is escaped by the template)."""
    return render(request, "400.html", {"message": message}, status=400)


def locked_out(request, original_response=None, credentials=None):
    """django-axes' lockout (``AXES_LOCKOUT_CALLABLE``): 429 on the site's page,
    in the reader's language, saying how long to wait. Each further attempt
    during the lockout starts the wait again, so the wait is the whole
    cool-off."""
    from axes.helpers import get_cool_off

    cool_off = get_cool_off(request)
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else 0
    return render(request, "registration/locked_out.html", {"minutes": minutes},
                  status=settings.AXES_HTTP_RESPONSE_CODE)
