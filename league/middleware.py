"""``CraftedInputMiddleware``: crafted requests are answered 400, never 500 (an
id of more than 18 digits matches no URL pattern: ``league.converters``).

- a NUL byte (or another C0 control but tab, CR, LF) anywhere in the path,
  a parameter name or value: 400 (PostgreSQL refuses NUL in text);
- ``per_page`` / ``page`` that are not small positive numbers, and an
  ``_export`` format other than those the pages offer: 400.

The 400 is the site's page (``templates/400.html``): the parameter's name it
quotes is escaped there, never written into the body as HTML.

A club's own language and time zone are the views' (``league.views.club_locale``).
"""
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
