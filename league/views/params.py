"""Query parameters read safely: a crafted value is ignored, never a 500."""
from django.http import Http404

MAX_DIGITS = 18
"""Database integers hold 18 digits safely (PostgreSQL bigint: 19)."""


def int_param(raw, default=None):
    """``raw`` as a positive integer when it is 1–18 ASCII digits, else ``default``
    (``"²".isdigit()`` is true, and 30 digits overflow the database)."""
    if raw and isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= MAX_DIGITS:
        return int(raw)
    return default


def int_or_404(raw):
    value = int_param(str(raw))
    if value is None:
        raise Http404
    return value


def public_id_param(raw):
    """A game's public id as a link may carry it (URL-safe base64), else None."""
    if raw and isinstance(raw, str) and len(raw) <= 64 and raw.isascii() and all(c.isalnum() or c in "-_" for c in raw):
        return raw
    return None
