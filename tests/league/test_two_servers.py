"""Two gunicorn servers, one database and one Redis (the shared cache chosen
by CLUBTALLY_REDIS_URL, config/settings/base.py): hands written through one
are read through the other at once, the same numbers, no error.

The servers use the test database (a file on the SQLite pass, the test
database of DATABASE_URL's server on the PostgreSQL pass) and live at most
``LIFETIME_S`` seconds. Redis: CLUBTALLY_TEST_REDIS_URL (``.ci/run`` starts
one), else a ``redis-server`` this test starts on a free port. Without
either the test is skipped, and under CLUBTALLY_NO_SKIPS=1 it fails saying so.
"""
import datetime
import html as html_lib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
from django.db import connection, connections

from league import services
from league.models import Club, Game, GameSide, Result, RuleProfile

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
LIFETIME_S = 120
HANDS = ({"bidder_seat": "0", "bid": "300", "trump": "H", "meld_0": "200", "meld_1": "40", "tricks_0": "200",
          "tricks_1": "50"},) * 8


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(check, what: str, seconds: float = 30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except Exception:
            pass
        time.sleep(0.2)
    raise AssertionError(f"{what} did not come up within {seconds}s")


@pytest.fixture
def redis_url():
    url = os.environ.get("CLUBTALLY_TEST_REDIS_URL", "").strip()
    if url:
        yield url
        return
    binary = shutil.which("redis-server")
    if not binary:
        message = ("redis-server is missing: the two-server shared-cache test needs Debian's redis-server "
                   "(apt-get install redis-server) or CLUBTALLY_TEST_REDIS_URL")
        if os.environ.get("CLUBTALLY_NO_SKIPS") == "1":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    port = free_port()
    server = subprocess.Popen(
        ["timeout", str(LIFETIME_S + 60), binary, "--bind", "127.0.0.1", "--port", str(port), "--save", "",
         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        import redis

        wait_for(lambda: redis.Redis(port=port).ping(), "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


def database_url() -> str:
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    auth = urllib.parse.quote(s["USER"] or "") + (":" + urllib.parse.quote(s["PASSWORD"]) if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect())

    def open(self, path, data=None):
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        req = urllib.request.Request(self.base + path, body, headers={"Referer": self.base + path})
        try:
            with self.opener.open(req, timeout=30) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()


class FormFields(HTMLParser):
    """The fields of ``<form id=hand-form>`` as the browser would send them untouched."""

    def __init__(self):
        super().__init__()
        self.inside, self.fields, self.action, self._select = False, {}, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("id") == "hand-form":
            self.inside, self.action = True, html_lib.unescape(a.get("action") or "")
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") in ("radio", "checkbox"):
                if "checked" in a:
                    self.fields[a["name"]] = a.get("value", "on")
            else:
                self.fields.setdefault(a["name"], a.get("value") or "")
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and ("selected" in a or self._select not in self.fields):
            self.fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self._select = None


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?<![\w-])\d+(?![\w-])", text)]


def start_server(port, env):
    helps = subprocess.run([sys.executable, "-m", "gunicorn", "--help"], capture_output=True, text=True).stdout
    # newer gunicorns open a control socket at one fixed path: two servers would collide
    control = ["--no-control-socket"] if "--no-control-socket" in helps else []
    return subprocess.Popen(
        ["timeout", str(LIFETIME_S), sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "1",
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "--timeout", "30", *control],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_two_servers_on_one_database_and_one_redis_read_the_same_numbers_at_once(redis_url):
    import redis

    club = Club.objects.create(name="Two Halls", slug="two-halls")
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Shared", rule_profile=profile, is_public=True)
    season = services.season_create(league=league, name="S", starts_on=datetime.date(2026, 1, 1),
                                    ends_on=datetime.date(2026, 12, 31))
    night = services.night_create(season=season, date=datetime.date(2026, 6, 1), rounds=1)
    services.night_check_in(night=night, players=[services.player_get_or_create(club=club, name=n)
                                                  for n in ("Ann", "Bo", "Cy", "Di")])
    game = Game.objects.get(table__round=services.round_seat(night=night))
    standings_path = f"/clubs/{club.slug}/l/{league.slug}/s/{season.pk}/"
    game_path = f"/g/{game.public_id}/"
    connections.close_all()

    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test", "DATABASE_URL": database_url(),
           "CLUBTALLY_REDIS_URL": redis_url, "PYTHONPATH": str(ROOT)}
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    shared = redis.Redis.from_url(redis_url)
    shared.flushdb()
    ports = free_port(), free_port()
    servers = [start_server(p, env) for p in ports]
    errors = []
    try:
        one, two = (Browser(f"http://127.0.0.1:{p}") for p in ports)
        for b in (one, two):
            wait_for(lambda b=b: b.open(standings_path)[0] == 200, f"gunicorn at {b.base}")
        assert shared.dbsize() > 0, "the servers did not write the standings to the shared Redis"

        phone, reader = Browser(one.base), Browser(two.base)
        for n, hand in enumerate(HANDS, start=1):
            status, page = phone.open(f"/t/{game.access_token}/")
            assert status == 200, page[:300]
            form = FormFields()
            form.feed(page)
            if not form.action:
                break  # the game is over: no more hands
            status, body = phone.open(form.action, {**form.fields, **hand})
            if status not in (200, 302):
                errors.append(("hand", n, status, body[:300]))
                break
            stored = list(GameSide.objects.filter(game=game).order_by("side").values_list("total", flat=True))
            status, page = reader.open(game_path)  # through the other server, at once
            if status != 200:
                errors.append(("game", n, status))
            elif not all(t in numbers(page) for t in stored):
                errors.append(("game totals", n, stored))
            connections.close_all()
        game.refresh_from_db()
        assert game.is_finished, "eight 400-point hands did not finish the game"
        results = {r.player.name: r.points_for for r in Result.objects.filter(game=game).select_related("player")}
        assert len(results) == 4 and max(results.values()) >= 1500
        for b in (two, one):
            status, page = b.open(standings_path)
            assert status == 200
            for name, points in results.items():
                row = re.search(rf">{name}<.*?</tr>", page, re.S)
                assert row and points in numbers(row.group(0)), (b.base, name, points)
    finally:
        for s in servers:
            s.terminate()
        logs = [s.communicate(timeout=30)[0] for s in servers]
        connections.close_all()
    assert errors == []
    assert not any("Traceback" in log or "ERROR" in log for log in logs), logs
