"""What every view of the API shares: conditional GETs.

A GET or HEAD answered 200 carries an ``ETag``, a hash of its body (Django's
``set_response_etag``); a request whose ``If-None-Match`` holds it is answered
304 with no body (``get_conditional_response``). The 304 saves the transfer,
not the work: the view has run.
"""
from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag
from rest_framework.generics import GenericAPIView

from league.conditional import VARY

SAFE = ("GET", "HEAD")


class ApiView(GenericAPIView):
    """A view of the API; its GET answers are tagged (see the module)."""

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in SAFE or response.status_code != 200 or response.has_header("ETag"):
            return response
        patch_vary_headers(response, VARY)
        response["Cache-Control"] = "private, no-cache"
        response.render()
        set_response_etag(response)
        return get_conditional_response(request, etag=response["ETag"], response=response)
