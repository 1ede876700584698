"""Absolute links for printed sheets and QR codes: the configured public
address (``CLUBTALLY_PUBLIC_URL``; ``make run`` with ``HOST=0.0.0.0`` sets it
to the laptop's LAN address, config/hall.py) when there is one, else the
request's host. :func:`points_at_loopback` says when those links would send a
phone to ``127.0.0.1`` (the print links then warn)."""
import ipaddress
from urllib.parse import urlsplit

from django.conf import settings


def public_url(request, path: str) -> str:
    base = getattr(settings, "CLUBTALLY_PUBLIC_URL", "")
    if base:
        return base + path
    return request.build_absolute_uri(path)


def is_loopback(host: str) -> bool:
    """``127.0.0.1``, ``::1``, ``localhost`` (and ``*.localhost``): only this computer."""
    host = (host or "").strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def points_at_loopback(request) -> str:
    """The loopback host printed links would name (``"127.0.0.1"``), or ``""``
    when a phone can follow them."""
    host = urlsplit(public_url(request, "/")).hostname or ""
    return host if is_loopback(host) else ""
