"""What every view of the API shares: conditional GETs.

A GET or HEAD answered 200 carries an ``ETag``; a request whose
``If-None-Match`` holds it is answered 304 with no body.

- Where the pages have a cheap state (a game by its public or table link, a
  season, a night), chosen by the URL's argument names (shared with the
  pages), the tag is that state's (:func:`league.conditional.state_tag`, the
  polled pages' tag), checked by Django's ``@condition`` before the view runs:
  a 304 costs the session and one query.
- Elsewhere (clubs, leagues, players) the tag is a hash of the body, and the
  304 saves the transfer, not the work.
"""
from django.utils.cache import get_conditional_response, patch_vary_headers, set_response_etag
from django.views.decorators.http import condition
from rest_framework.generics import GenericAPIView

from league.conditional import GAME_SQL, NIGHT_SQL, SEASON_SQL, VARY, state_tag

SAFE = ("GET", "HEAD")
ROUTE_ARGS = {"club_slug", "league_slug"}


def state_etag(request, **kwargs) -> str | None:
    """``@condition``'s tag for the URLs whose object has a cheap state, else None."""
    if request.method not in SAFE:
        return None
    keys = set(kwargs) - ROUTE_ARGS
    if keys == {"public_id"}:
        tag = state_tag(request, "game", GAME_SQL.format(column="public_id"), [str(kwargs["public_id"])])
    elif keys == {"token"}:
        tag = state_tag(request, "table", GAME_SQL.format(column="access_token"), [str(kwargs["token"])])
    elif keys == {"season_id", "night_id"} and ROUTE_ARGS <= set(kwargs):
        tag = state_tag(request, "night", NIGHT_SQL, [int(kwargs["night_id"]), int(kwargs["season_id"]),
                                                       str(kwargs["league_slug"]), str(kwargs["club_slug"])])
    elif keys == {"season_id"} and ROUTE_ARGS <= set(kwargs):
        tag = state_tag(request, "season", SEASON_SQL, [int(kwargs["season_id"]), str(kwargs["league_slug"]),
                                                         str(kwargs["club_slug"])])
    else:
        return None
    request.api_state_etag = tag
    return tag


class ApiView(GenericAPIView):
    """A view of the API; its GET answers are tagged (see the module)."""

    @classmethod
    def as_view(cls, **initkwargs):
        return condition(etag_func=state_etag)(super().as_view(**initkwargs))

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if request.method not in SAFE or response.status_code != 200 or response.has_header("ETag"):
            return response
        patch_vary_headers(response, VARY)
        response["Cache-Control"] = "private, no-cache"
        if getattr(request._request, "api_state_etag", None):
            return response  # @condition sets the state's tag
        response.render()
        set_response_etag(response)
        return get_conditional_response(request, etag=response["ETag"], response=response)
