"""Bounded loopback load: gunicorn with 2 workers, 40 tables entering hands
through their table links while 100 members read the standings.

    python tests/bench/bench_load.py [--tables 40] [--hands 6] [--readers 100] [--reads 5]

With ``--nights N`` it plays N club nights of ``--tables`` tables against two
servers on PostgreSQL + Redis instead (``load_nights.py``: phones polling and
entering hands through the outbox, members reading, the capacity model's
figures; docs/performance.md, "Capacity").

Uses ``DATABASE_URL`` (SQLite file by default; give a PostgreSQL URL to load
PostgreSQL). Everything goes to 127.0.0.1 only, every loop is bounded in count
and the whole run in time. Prints throughput, p50/p99 per kind of request,
the error count (must be 0), and checks afterwards that every game holds
exactly the hands that were acknowledged: none lost, none duplicated.
"""
import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def setup_data(tables):
    """A public league night with ``tables`` seated tables (4 × tables players)."""
    import datetime

    from league import services
    from league.models import Club, Game, RuleProfile

    club = Club.objects.create(name="Load", slug="load")
    profile = RuleProfile.objects.create(club=club, name="R", options={"target": 100000})
    league = services.league_create(club=club, name="Load League", rule_profile=profile, is_public=True)
    season = services.season_create(league=league, name="S", starts_on=datetime.date(2026, 1, 1),
                                    ends_on=datetime.date(2026, 12, 31))
    night = services.night_create(season=season, date=datetime.date(2026, 6, 1), rounds=1)
    players = [services.player_get_or_create(club=club, name=f"L{i:03d}") for i in range(4 * tables)]
    services.night_check_in(night=night, players=players)
    rnd = services.round_seat(night=night)
    games = list(Game.objects.filter(table__round=rnd).order_by("table__number"))
    standings = f"/clubs/{club.slug}/l/{league.slug}/s/{season.pk}/"
    return [g.access_token for g in games], standings


class Session:
    """A tiny browser: cookies, CSRF token from the form, form posts."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()),
                                                  NoRedirect())

    def get(self, path):
        with self.opener.open(self.base + path, timeout=30) as r:
            return r.status, r.read().decode()

    def post(self, path, data):
        body = urllib.parse.urlencode(data).encode()
        req = urllib.request.Request(self.base + path, body, headers={"Referer": self.base + path})
        try:
            with self.opener.open(req, timeout=30) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_302(self, req, fp, code, msg, headers):
        return fp


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=None, help="tables (of one night, or of each night)")
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--readers", type=int, default=100)
    parser.add_argument("--reads", type=int, default=5)
    parser.add_argument("--time-limit", type=float, default=300)
    parser.add_argument("--threads", type=int, default=1,
                        help="threads per worker: more than 1 runs gunicorn's gthread workers")
    parser.add_argument("--nights", type=int, default=0,
                        help="club nights mode: this many public nights on two servers, PostgreSQL + Redis")
    parser.add_argument("--poll", type=float, default=10, help="nights mode: seconds between a phone's polls")
    parser.add_argument("--hand-every", type=float, default=300, help="nights mode: seconds between a table's hands")
    parser.add_argument("--minutes", type=float, default=25, help="nights mode: simulated minutes of play")
    parser.add_argument("--speedup", type=float, default=1,
                        help="nights mode: run the simulated clock this many times faster than real time")
    parser.add_argument("--members", type=int, default=None,
                        help="nights mode: members per night reading the board and standings (tables / 2)")
    parser.add_argument("--replay-every", type=int, default=4,
                        help="nights mode: every Nth hand is sent twice with its key, as a phone that lost the answer")
    parser.add_argument("--floor-rate", type=float, default=4, help="nights mode: floor requests per second")
    parser.add_argument("--redis-url", default=os.environ.get("CLUBTALLY_REDIS_URL", ""),
                        help="nights mode: the shared Redis (default CLUBTALLY_REDIS_URL)")
    args = parser.parse_known_args()[0]
    if args.nights:
        from tests.bench.load_nights import run

        sys.exit(run(args))
    args.tables = args.tables or 40

    env = dict(os.environ)
    env.setdefault("DATABASE_URL", "sqlite:///" + os.path.join(tempfile.mkdtemp(), "load.sqlite3"))
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.production"
    env.update(DJANGO_SECRET_KEY="load-test-" + "x" * 40, DJANGO_ALLOWED_HOSTS="127.0.0.1",
               DJANGO_SSL_REDIRECT="0", DJANGO_HSTS_SECONDS="0", DJANGO_SECURE_COOKIES="0")
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if env["DATABASE_URL"].startswith("postgres"):
        from league.models import Club

        Club.objects.filter(slug="load").delete()
    call_command("collectstatic", verbosity=0, interactive=False)
    tokens, standings_url = setup_data(args.tables)
    from django.db import connections

    connections.close_all()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}",
         "--log-level", "warning",
         *(["--worker-class", "gthread", "--threads", str(args.threads)] if args.threads > 1 else [])],
        cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + standings_url, timeout=2)
                break
            except Exception:
                time.sleep(0.2)
        results = {"hand": [], "read": []}
        errors, acked = [], {}
        lock = threading.Lock()
        deadline = time.monotonic() + args.time_limit

        def table(token):
            s = Session(base)
            ok = 0
            for n in range(1, args.hands + 1):
                if time.monotonic() > deadline:
                    break
                status, html = s.get(f"/t/{token}/")
                csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
                data = {"csrfmiddlewaretoken": csrf, "kind": "played", "dealer": (n - 1) % 4, "bidder_seat": n % 4,
                        "bid": 250, "trump": "S", "meld_0": 100, "meld_1": 60, "tricks_0": 150, "tricks_1": 100,
                        "expected_number": n}
                t0 = time.perf_counter()
                status, body = s.post(f"/t/{token}/hands/", data)
                with lock:
                    results["hand"].append(time.perf_counter() - t0)
                    if status != 302:
                        errors.append(("hand", status, body[:200]))
                    else:
                        ok += 1
            with lock:
                acked[token] = ok

        def reader():
            s = Session(base)
            for _ in range(args.reads):
                if time.monotonic() > deadline:
                    break
                t0 = time.perf_counter()
                try:
                    status, _ = s.get(standings_url)
                except Exception as e:
                    status = repr(e)
                with lock:
                    results["read"].append(time.perf_counter() - t0)
                    if status != 200:
                        errors.append(("read", status, ""))

        threads = [threading.Thread(target=table, args=(t,)) for t in tokens]
        threads += [threading.Thread(target=reader) for _ in range(args.readers)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join(args.time_limit + 30)
        wall = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(30)

    from league.models import Game, Hand

    stored = {g.access_token: Hand.objects.filter(game=g).count() for g in Game.objects.filter(access_token__in=tokens)}
    numbers_ok = all(
        list(Hand.objects.filter(game__access_token=t).order_by("number").values_list("number", flat=True))
        == list(range(1, stored[t] + 1)) for t in tokens)
    lost = sum(max(0, acked.get(t, 0) - stored[t]) for t in tokens)
    extra = sum(max(0, stored[t] - acked.get(t, 0)) for t in tokens)
    total = len(results["hand"]) + len(results["read"])
    db = "PostgreSQL" if env["DATABASE_URL"].startswith("postgres") else "SQLite"
    print(f"gunicorn 2 workers{f' x {args.threads} threads' if args.threads > 1 else ' (sync)'} on {db}: {args.tables} tables × {args.hands} hands, "
          f"{args.readers} readers × {args.reads} standings reads")
    print(f"requests {total} in {wall:.1f} s = {total / wall:.1f} req/s; errors {len(errors)}")
    for kind, times in results.items():
        if times:
            times.sort()
            p = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
            print(f"  {kind:5} n={len(times):4d} p50 {p(0.5):7.1f} ms  p99 {p(0.99):7.1f} ms  "
                  f"mean {statistics.mean(times) * 1000:7.1f} ms")
    print(f"hands acknowledged {sum(acked.values())}, stored {sum(stored.values())}: lost {lost}, "
          f"duplicated {extra}, numbering gap-free {numbers_ok}")
    for e in errors[:5]:
        print("  error:", e)
    sys.exit(1 if errors or lost or extra or not numbers_ok else 0)


if __name__ == "__main__":
    main()
