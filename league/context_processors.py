"""Template context for every page."""
from django.conf import settings


def release(request) -> dict:
    """``CLUBTALLY_RELEASE``: the kept page fragments of base.html are keyed on it
    (``{% cache %}``), so a new release never serves the last one's links."""
    return {"CLUBTALLY_RELEASE": settings.CLUBTALLY_RELEASE}
