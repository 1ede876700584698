"""Conditional GET for the pages a phone polls: 304 when nothing changed.

``ConditionalPollMiddleware`` works from the resolved URL's arguments, not
from view names, so it holds for every game kind and whatever view answers:

- ``public_id`` alone (a game page) or ``token`` alone (a table link's pad):
  the game's state;
- ``season_id`` and ``night_id`` (the night page and its live board): the
  night's state and its season's results;
- ``season_id`` alone (the season's standings): the season's state;
- ``event_slug`` alone (an event's page, its director's page and PDF): the
  event's entrants, stages, round clocks, matches and its games' revisions.

Each state is one SQL query of cheap aggregates over what the page shows
(the game's status and totals, its audit trail ``HandRevision`` — every
entry, edit, confirmation, dispute, deletion and seat change leaves a row —,
the night's check-ins, rounds, games, locked-night changes, the season's
``results_version`` and nights). The ETag is an HMAC (with ``SECRET_KEY``)
of that state and of everything that differs per viewer: the session's
contents (account, the table link's side, the phone's key), the language
cookie, Accept-Language and the club's language, the CSRF cookie, the
htmx request headers, the full path with its query and the host, and the
code (templates and ``league/`` as deployed). So one member's page is never
confirmed to a stranger, and a change anywhere on the page gives a new tag.

Only polls are tagged (:func:`is_poll`: a request holding a tag, an htmx
request, a script's ``fetch``); opening a page by navigation costs what it
did, without the state's query. A GET whose ``If-None-Match`` holds the
current tag is answered 304 with an empty body before the view runs. A 200 answer carries the tag with
``Cache-Control: private, no-cache`` (the browser keeps the page, asks
again every time). The state is read before the view: a write landing in
between leaves the page newer than its tag, so the next poll gets a 200.

Not covered (the page keeps its copy until the next change of its state):
a player renamed, a membership granted or revoked, a rule profile edited.
"""
import hashlib
import hmac
import os
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.http import HttpResponseNotModified
from django.utils.cache import patch_vary_headers

ROUTE_ARGS = {"club_slug", "league_slug"}
VARY = ("Cookie", "Accept-Language", "HX-Request", "HX-Target")

GAME_SQL = """
SELECT g.id, g.status, g.hand_count, g.winner_side, g.finished_at, g.hand_limit, c.language,
  (SELECT MAX(r.id) FROM league_handrevision r WHERE r.game_id = g.id),
  (SELECT COUNT(*) FROM league_handrevision r WHERE r.game_id = g.id),
  (SELECT SUM(s.total) FROM league_gameside s WHERE s.game_id = g.id),
  n.id, n.status, n.locked_at,
  (SELECT MAX(rd2.id) FROM league_round rd2 WHERE rd2.night_id = n.id)
FROM league_game g
JOIN league_club c ON c.id = g.club_id
LEFT JOIN league_table t ON t.id = g.table_id
LEFT JOIN league_round rd ON rd.id = t.round_id
LEFT JOIN league_night n ON n.id = rd.night_id
WHERE g.{column} = %s
"""

NIGHT_GAMES = """FROM league_game g JOIN league_table t ON t.id = g.table_id
  JOIN league_round rd ON rd.id = t.round_id WHERE rd.night_id = n.id"""

NIGHT_SQL = f"""
SELECT n.id, n.status, n.rounds, n.locked_at, s.results_version, l.is_public, c.language,
  (SELECT COUNT(*) FROM league_checkin x WHERE x.night_id = n.id),
  (SELECT SUM(x.id) FROM league_checkin x WHERE x.night_id = n.id),
  (SELECT COUNT(*) FROM league_round x WHERE x.night_id = n.id),
  (SELECT MAX(x.id) FROM league_round x WHERE x.night_id = n.id),
  (SELECT COUNT(*) {NIGHT_GAMES}),
  (SELECT SUM(g.hand_count) {NIGHT_GAMES}),
  (SELECT MAX(g.finished_at) {NIGHT_GAMES}),
  (SELECT MAX(r.id) FROM league_handrevision r JOIN league_game g ON g.id = r.game_id
     JOIN league_table t ON t.id = g.table_id JOIN league_round rd ON rd.id = t.round_id WHERE rd.night_id = n.id),
  (SELECT MAX(x.id) FROM league_changelog x WHERE x.night_id = n.id),
  (SELECT MAX(x.id) FROM league_team x WHERE x.season_id = s.id),
  (SELECT MAX(x.id) FROM league_player x WHERE x.club_id = c.id)
FROM league_night n
JOIN league_season s ON s.id = n.season_id
JOIN league_league l ON l.id = s.league_id
JOIN league_club c ON c.id = l.club_id
WHERE n.id = %s AND s.id = %s AND l.slug = %s AND c.slug = %s
"""

SEASON_SQL = """
SELECT s.id, s.results_version, s.name, s.starts_on, s.ends_on, l.is_public, l.name, l.format, c.language,
  (SELECT COUNT(*) FROM league_night x WHERE x.season_id = s.id),
  (SELECT SUM(x.id) FROM league_night x WHERE x.season_id = s.id),
  (SELECT SUM(CASE x.status WHEN 'locked' THEN 2 WHEN 'playing' THEN 1 ELSE 0 END)
     FROM league_night x WHERE x.season_id = s.id),
  (SELECT SUM(x.rounds) FROM league_night x WHERE x.season_id = s.id),
  (SELECT COUNT(*) FROM league_team x WHERE x.season_id = s.id),
  (SELECT MAX(x.id) FROM league_team x WHERE x.season_id = s.id),
  (SELECT MAX(x.id) FROM league_player x WHERE x.club_id = c.id)
FROM league_season s
JOIN league_league l ON l.id = s.league_id
JOIN league_club c ON c.id = l.club_id
WHERE s.id = %s AND l.slug = %s AND c.slug = %s
"""


EVENT_GAMES = """FROM league_matchgame mg JOIN league_match m ON m.id = mg.match_id
  JOIN league_stageround r ON r.id = m.round_id JOIN league_stage st ON st.id = r.stage_id
  WHERE st.tournament_id = t.id"""

EVENT_SQL = f"""
SELECT t.id, t.status, t.is_public, t.name, t.date, t.venue, t.entry_fee, t.unit, t.payout_shares,
  t.qualifier_share, c.language,
  (SELECT COUNT(*) FROM league_entrant x WHERE x.tournament_id = t.id),
  (SELECT MAX(x.id) FROM league_entrant x WHERE x.tournament_id = t.id),
  (SELECT COUNT(*) FROM league_stage x WHERE x.tournament_id = t.id),
  (SELECT SUM(CASE WHEN x.finished THEN 1 ELSE 0 END) FROM league_stage x WHERE x.tournament_id = t.id),
  (SELECT MAX(r.id) FROM league_stageround r JOIN league_stage st ON st.id = r.stage_id WHERE st.tournament_id = t.id),
  (SELECT COUNT(r.started_at) + COUNT(r.last_hand_at) + COUNT(r.time_up_at)
     FROM league_stageround r JOIN league_stage st ON st.id = r.stage_id WHERE st.tournament_id = t.id),
  (SELECT COUNT(*) {EVENT_GAMES}),
  (SELECT MAX(h.id) FROM league_handrevision h WHERE h.game_id IN (SELECT mg.game_id {EVENT_GAMES})),
  (SELECT MAX(x.id) FROM league_player x WHERE x.club_id = c.id)
FROM league_tournament t
JOIN league_club c ON c.id = t.club_id
WHERE t.slug = %s AND c.slug = %s
"""


def _row(sql: str, params) -> tuple | None:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def page_state(kwargs) -> tuple | None:
    """The state of what the page of these URL arguments shows; None: not a
    polled page (or nothing there: the view answers its 404)."""
    keys = set(kwargs) - ROUTE_ARGS
    try:
        if keys == {"public_id"}:
            return ("game", _row(GAME_SQL.format(column="public_id"), [str(kwargs["public_id"])]))
        if keys == {"token"}:
            return ("table", _row(GAME_SQL.format(column="access_token"), [str(kwargs["token"])]))
        if keys == {"season_id", "night_id"} and ROUTE_ARGS <= set(kwargs):
            return ("night", _row(NIGHT_SQL, [int(kwargs["night_id"]), int(kwargs["season_id"]),
                                              str(kwargs["league_slug"]), str(kwargs["club_slug"])]))
        if keys == {"season_id"} and ROUTE_ARGS <= set(kwargs):
            return ("season", _row(SEASON_SQL, [int(kwargs["season_id"]), str(kwargs["league_slug"]),
                                                str(kwargs["club_slug"])]))
        if keys == {"event_slug"} and "club_slug" in kwargs:
            return ("event", _row(EVENT_SQL, [str(kwargs["event_slug"]), str(kwargs["club_slug"])]))
    except (TypeError, ValueError, OverflowError):
        return None
    return None


@lru_cache(maxsize=1)
def code_version() -> str:
    """Changes when the deployed templates or code change (sizes and mtimes)."""
    h = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for top in ("templates", "league", "static"):
        for root, dirs, files in os.walk(base / top):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "migrations"))
            for name in sorted(files):
                if name.endswith((".html", ".py", ".js", ".css", ".txt")):
                    st = os.stat(os.path.join(root, name))
                    h.update(f"{root}/{name}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()[:16]


def viewer(request) -> list:
    """Everything per viewer a page may differ by."""
    session = sorted((k, repr(v)) for k, v in request.session.items()) if hasattr(request, "session") else []
    cookies = request.COOKIES
    return [
        session, cookies.get(settings.LANGUAGE_COOKIE_NAME), request.META.get("CSRF_COOKIE"),
        cookies.get("messages"), getattr(request, "LANGUAGE_CODE", ""), request.headers.get("Accept-Language", ""),
        request.headers.get("HX-Request", ""), request.headers.get("HX-Target", ""),
        request.get_full_path(), request.get_host(),
    ]


def etag_for(request, state) -> str:
    message = repr((code_version(), state, viewer(request))).encode()
    digest = hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()[:32]
    return f'"{digest}"'


def is_poll(request) -> bool:
    """A request that may come again for the same page: one that holds a tag,
    an htmx request, or a script's fetch (``Sec-Fetch-Mode`` other than
    ``navigate``). Opening a page (a navigation) is not a poll: it is served
    as before, without the state's query or a tag."""
    headers = request.headers
    if "If-None-Match" in headers or "HX-Request" in headers:
        return True
    mode = headers.get("Sec-Fetch-Mode")
    return bool(mode) and mode != "navigate"


def _matches(header: str, etag: str) -> bool:
    tags = [t.strip() for t in header.split(",")]
    return any(t == etag or t == "W/" + etag for t in tags)


class ConditionalPollMiddleware:
    """Place last: after the session, locale, authentication and htmx middlewares."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        state = getattr(request, "_poll_state", None)
        if (state and response.status_code == 200 and not response.streaming
                and not response.has_header("ETag") and not response.cookies.get("messages")):
            # the viewer as the page was rendered for (a first visit's new CSRF secret, session)
            response["ETag"] = etag_for(request, state)
            if not response.has_header("Cache-Control"):
                response["Cache-Control"] = "private, no-cache"
            patch_vary_headers(response, VARY)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method not in ("GET", "HEAD") or not view_kwargs or not is_poll(request):
            return None
        state = page_state(view_kwargs)
        if state is None or state[1] is None:
            return None
        request._poll_state = state
        etag = etag_for(request, state)
        if _matches(request.headers.get("If-None-Match", ""), etag):
            response = HttpResponseNotModified()
            response["ETag"] = etag
            response["Cache-Control"] = "private, no-cache"
            patch_vary_headers(response, VARY)
            return response
        return None
