"""Throttles beside DRF's per address (anonymous) and per account ones: a
table link's device is counted by its link, whatever address it comes from."""
import hashlib

from rest_framework.throttling import SimpleRateThrottle


class TableLinkThrottle(SimpleRateThrottle):
    """Requests through one table link (``token`` in the URL), rate ``table``."""

    scope = "table"

    def get_cache_key(self, request, view):
        token = getattr(view, "kwargs", {}).get("token")
        if not token:
            return None  # not a table link's request: the other throttles count it
        digest = hashlib.sha256(str(token).encode()).hexdigest()[:32]  # the secret itself is not a cache key
        return self.cache_format % {"scope": self.scope, "ident": digest}
