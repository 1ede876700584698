"""The client's address, for the login throttle (django-axes) and every limit.

Behind a reverse proxy (Caddy, nginx terminating TLS) every request comes from
the proxy's address, so counting ``REMOTE_ADDR`` would count all clients as
one: a stranger's failed logins would lock the organizer out. With
``CLUBTALLY_PROXY_COUNT`` set to the number of proxies in front of the site
(1 for one proxy; default 0: no proxy, ``REMOTE_ADDR`` is the client), the
client is the address the outermost trusted proxy saw: the
``CLUBTALLY_PROXY_COUNT``-th entry of ``X-Forwarded-For`` from the right
(each proxy appends the address it was connected from). The header is read
only from a request that comes from one of ``CLUBTALLY_PROXY_ADDRESSES``
(default the loopback addresses); anyone else's ``X-Forwarded-For`` is
ignored, so a client cannot choose the address it is counted under.

django-axes uses this through its own setting ``AXES_CLIENT_IP_CALLABLE``.
"""
import ipaddress

from django.conf import settings


def _address(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        return None


def client_address(request) -> str:
    remote = request.META.get("REMOTE_ADDR", "") or "unknown"
    count = getattr(settings, "CLUBTALLY_PROXY_COUNT", 0)
    if count <= 0 or remote not in getattr(settings, "CLUBTALLY_PROXY_ADDRESSES", ()):
        return remote
    entries = [e for e in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if e.strip()]
    if not entries:
        return remote
    return _address(entries[-count] if len(entries) >= count else entries[0]) or remote


def axes_client_address(request) -> str | None:
    """:func:`client_address` for django-axes, None when it is no address: a request
    without ``REMOTE_ADDR`` (the test client's ``force_login``) stores no
    ``"unknown"`` in its logs' address column (an ``inet`` on PostgreSQL)."""
    return _address(client_address(request))
