"""What every view of the API shares: conditional GETs.

A GET or HEAD answered 200 carries an ``ETag``; a request whose
``If-None-Match`` holds it is answered 304 with no body.

- Where the pages have a cheap state (a game by its public or table link,
  a season, a night: :func:`league.conditional.page_state`, chosen by the
  URL's argument names, which the API shares with the pages), the tag is the
  pages' own (:func:`league.conditional.etag_for`: that state, read before
  the view, and everything per viewer), so the site's
  ``ConditionalPollMiddleware`` answers the 304 before any view runs: one
  query.
- Elsewhere (clubs, leagues, players) the tag is a hash of the body, and the
  304 saves the transfer, not the work.
"""
from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag
from rest_framework.generics import GenericAPIView

from league.conditional import VARY, etag_for, page_state

SAFE = ("GET", "HEAD")


class ApiView(GenericAPIView):
    """A view of the API; its GET answers are tagged (see the module)."""

    _state = None

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.method in SAFE:
            state = page_state(kwargs)  # before the view: a write in between makes the next poll a 200
            self._state = state if state is not None and state[1] is not None else None

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in SAFE or response.status_code != 200 or response.has_header("ETag"):
            return response
        patch_vary_headers(response, VARY)
        response["Cache-Control"] = "private, no-cache"
        if self._state is not None:
            response["ETag"] = etag_for(request, self._state)
            return response
        response.render()
        set_response_etag(response)
        return get_conditional_response(request, etag=response["ETag"], response=response)
