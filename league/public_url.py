"""Absolute links for printed sheets and QR codes: the configured public
address (``CLUBTALLY_PUBLIC_URL``) when there is one, else the request's host."""
from django.conf import settings


def public_url(request, path: str) -> str:
    base = getattr(settings, "CLUBTALLY_PUBLIC_URL", "")
    if base:
        return base + path
    return request.build_absolute_uri(path)
