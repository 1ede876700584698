"""Conditional GET for the pages a phone polls: 304 when nothing changed.

The polled views (the game page and a table link's pad, the night page and
its live board, the season's standings) carry Django's ``@condition``
decorator with one of the ETag functions here, and ``@cache_control(private,
no_cache)`` with ``@vary_on_headers`` (:data:`VARY`): a GET whose
``If-None-Match`` holds the current tag is answered 304 with an empty body
before the view runs; a 200 carries the tag.

Each state is one SQL query of cheap aggregates over what the page shows
(the game's status and totals, its audit trail ``HandRevision`` — every
entry, edit, confirmation, dispute, deletion and seat change leaves a row —,
the night's check-ins, rounds, games, locked-night changes, the season's
``results_version`` and nights). The ETag is an HMAC (with ``SECRET_KEY``)
of that state, of the release (``settings.CLUBTALLY_RELEASE``: every server
of one release agrees, a new release gives new tags) and of everything that
differs per viewer: the session's contents (account, the table link's side,
the phone's key), the language cookie, Accept-Language and the active
language (the reader's: the state holds the club's language and time zone,
``league.views.club_locale``), the CSRF cookie, the htmx request headers, the full
path with its query and the host. So one member's page is never confirmed to
a stranger, and a change anywhere on the page gives a new tag.

Only polls are tagged (:func:`is_poll`: a request holding a tag, an htmx
request, a script's ``fetch``); opening a page by navigation costs what it
did, without the state's query. The state is read before the view: a write
landing in between leaves the page newer than its tag, so the next poll gets
a 200. A refused reader (403, 404) gets no tag: the view raises before the
decorator sets it.

Not covered (the page keeps its copy until the next change of its state):
a player renamed, a membership granted or revoked, a rule profile edited.
"""
import hashlib
import hmac
from functools import wraps

from django.conf import settings
from django.db import connection
from django.utils import translation
from django.utils.http import quote_etag
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition
from django.views.decorators.vary import vary_on_headers

VARY = ("Cookie", "Accept-Language", "HX-Request", "HX-Target")
"""What the polled views vary on (``@vary_on_headers(*VARY)``)."""

GAME_SQL = """
SELECT g.id, g.status, g.hand_count, g.winner_side, g.finished_at, g.hand_limit, c.language, c.time_zone,
  (SELECT MAX(r.id) FROM league_handrevision r WHERE r.game_id = g.id),
  (SELECT COUNT(*) FROM league_handrevision r WHERE r.game_id = g.id),
  (SELECT SUM(s.total) FROM league_gameside s WHERE s.game_id = g.id),
  n.id, n.status, n.locked_at,
  (SELECT MAX(rd2.id) FROM league_round rd2 WHERE rd2.night_id = n.id),
  sr.id, sr.started_at, sr.last_hand_at, sr.time_up_at
FROM league_game g
JOIN league_club c ON c.id = g.club_id
LEFT JOIN league_table t ON t.id = g.table_id
LEFT JOIN league_round rd ON rd.id = t.round_id
LEFT JOIN league_night n ON n.id = rd.night_id
LEFT JOIN league_matchgame mg ON mg.game_id = g.id
LEFT JOIN league_match m ON m.id = mg.match_id
LEFT JOIN league_stageround sr ON sr.id = m.round_id
WHERE g.{column} = %s
"""

NIGHT_GAMES = """FROM league_game g JOIN league_table t ON t.id = g.table_id
  JOIN league_round rd ON rd.id = t.round_id WHERE rd.night_id = n.id"""

NIGHT_SQL = f"""
SELECT n.id, n.status, n.rounds, n.locked_at, s.results_version, l.is_public, c.language, c.time_zone,
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
  c.time_zone,
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
  t.qualifier_share, c.language, c.time_zone,
  (SELECT COUNT(*) FROM league_entrant x WHERE x.tournament_id = t.id),
  (SELECT MAX(x.id) FROM league_entrant x WHERE x.tournament_id = t.id),
  (SELECT COUNT(x.withdrawn_round) FROM league_entrant x WHERE x.tournament_id = t.id),
  (SELECT MAX(m.id) FROM league_match m JOIN league_stageround r ON r.id = m.round_id
     JOIN league_stage st ON st.id = r.stage_id WHERE st.tournament_id = t.id),
  (SELECT SUM(ms.late_minutes) FROM league_matchside ms JOIN league_match m ON m.id = ms.match_id
     JOIN league_stageround r ON r.id = m.round_id JOIN league_stage st ON st.id = r.stage_id
     WHERE st.tournament_id = t.id),
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


def viewer(request) -> list:
    """Everything per viewer a page may differ by."""
    session = sorted((k, repr(v)) for k, v in request.session.items()) if hasattr(request, "session") else []
    cookies = request.COOKIES
    return [
        session, cookies.get(settings.LANGUAGE_COOKIE_NAME), request.META.get("CSRF_COOKIE"),
        cookies.get("messages"), translation.get_language(), request.headers.get("Accept-Language", ""),
        request.headers.get("HX-Request", ""), request.headers.get("HX-Target", ""),
        request.get_full_path(), request.get_host(),
    ]


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


def _etag(request, kind: str, sql: str, params) -> str | None:
    """The tag of this page for this viewer, or None (not a poll, not a safe
    method, or nothing there: the view answers its 404). The state read is
    kept on the request as ``poll_state`` for the view (the board's partial)."""
    if request.method not in ("GET", "HEAD") or not is_poll(request):
        return None
    try:
        row = _row(sql, params)
    except (TypeError, ValueError, OverflowError):
        return None
    if row is None:
        return None
    request.poll_state = state = (kind, row)
    return _tag(request, state)


def _tag(request, state) -> str:
    message = repr((settings.CLUBTALLY_RELEASE, state, viewer(request))).encode()
    return hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).hexdigest()[:32]


def state_tag(request, kind: str, sql: str, params) -> str | None:
    """The tag of a state read by ``sql`` for this viewer, poll or not (the
    API's conditional GETs, ``api/base.py``); None when nothing is there."""
    try:
        row = _row(sql, params)
    except (TypeError, ValueError, OverflowError):
        return None
    return None if row is None else _tag(request, (kind, row))


def game_etag(request, public_id, **kwargs) -> str | None:
    """``@condition(etag_func=game_etag)``: a game page's tag (any kind)."""
    return _etag(request, "game", GAME_SQL.format(column="public_id"), [str(public_id)])


def table_etag(request, token, **kwargs) -> str | None:
    """A table link's pad."""
    return _etag(request, "table", GAME_SQL.format(column="access_token"), [str(token)])


def night_etag(request, club_slug, league_slug, season_id, night_id, **kwargs) -> str | None:
    """The night page and its live board."""
    return _etag(request, "night", NIGHT_SQL, [int(night_id), int(season_id), str(league_slug), str(club_slug)])


def season_etag(request, club_slug, league_slug, season_id, **kwargs) -> str | None:
    """The season's standings."""
    return _etag(request, "season", SEASON_SQL, [int(season_id), str(league_slug), str(club_slug)])


def event_etag(request, club_slug, event_slug, **kwargs) -> str | None:
    """An event's page (docs/tournaments.md): its entrants, stages, round clocks, matches and games."""
    return _etag(request, "event", EVENT_SQL, [str(event_slug), str(club_slug)])


def _tagged_as_rendered(view):
    """A 200 of a poll carries the tag of the viewer as the page was rendered for:
    a first visit's new session (a table link's device) and CSRF secret are the
    next poll's, so its tag is computed after the view, from the state read before
    it (``@condition`` keeps a tag the response already has)."""
    @wraps(view)
    def inner(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        state = getattr(request, "poll_state", None)
        if state is not None and response.status_code == 200 and not response.streaming:
            response["ETag"] = quote_etag(_tag(request, state))
        return response
    return inner


def polled(etag_func):
    """A polled view: ``@condition(etag_func=etag_func)`` (304 before the view when
    the poll's tag is current), answered ``Cache-Control: private, no-cache`` (the
    browser keeps the page and asks again every time) and varying on :data:`VARY`."""
    def decorator(view):
        view = condition(etag_func=etag_func)(_tagged_as_rendered(view))
        return vary_on_headers(*VARY)(cache_control(private=True, no_cache=True)(view))
    return decorator
