"""``bench_load.py --nights N --tables T``: N public club nights of T seated
tables each, played against TWO gunicorn servers (production settings, 2 sync
workers each, loopback, free ports) sharing one PostgreSQL (``DATABASE_URL``,
required) and one Redis (``--redis-url`` or ``CLUBTALLY_REDIS_URL``, read by
the settings as in production).

    DATABASE_URL=postgres://… CLUBTALLY_REDIS_URL=redis://… \\
        python tests/bench/bench_load.py --nights 20 --tables 10 --minutes 25 --speedup 10

The clock: a simulated night of ``--minutes`` of play, run ``--speedup`` times
faster than real time (every interval below is divided by it; ``--speedup 10``
turns 25 minutes into 2.5, so the request rate is that of ten times as many
nights in real time: the equivalent load is printed).

Who sends what, each request to the two servers in turn (a load balancer's
round robin), all with one ``Host`` so both servers answer the same tags:

- each table's phone (one thread per table) opens its table link (the tables
  sit down over the first simulated minute), then polls
  it every ``--poll`` seconds (10) as the pad's ``fetch`` does (``If-None-Match``
  with the last tag, ``Sec-Fetch-Mode: cors``: a 304 when nothing changed),
  and every ``--hand-every`` seconds (300) enters a hand through the outbox:
  the fields of the form the server rendered, ``X-Outbox-Key`` a fresh key,
  then reads its page again (as the pad does after a save). Every
  ``--replay-every``-th hand is sent a second time with the same key and body
  (a phone that lost the answer): the server must answer that entry again
  (``replayed``) and store nothing; a request that fails is resent with its key;
- each night's members (``--members``, default tables / 2) poll the live
  board every ``--poll`` seconds as htmx does (``HX-Request`` and the tag),
  and open the season's standings once a minute;
- one thread reads the floor (``/_floor/<pk>/``: one row, nothing rendered,
  ``load_settings.py``) ``--floor-rate`` times a second, beside the rest.

Printed: p50/p95/p99 of the client's wall time per route, throughput, errors
(must be 0), each route's server CPU per request (``gunicorn_cpu.py``: the
worker's CPU between its request hooks) and its ratio to the floor's, the
CPU of the app servers, PostgreSQL and Redis over the run (``/proc``), the
capacity model's inputs, and afterwards the check that every game holds
exactly the acknowledged hands under their keys: 0 lost, 0 duplicated.
Exit status 1 on any error, lost or duplicated hand.
"""
import datetime
import html as html_lib
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import defaultdict
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOST = "clubtally.load"  # one Host for both servers, as behind a load balancer
HAND = {"bidder_seat": "0", "bid": "250", "trump": "S", "meld_0": "100", "meld_1": "60",
        "tricks_0": "150", "tricks_1": "100"}
TICK = os.sysconf("SC_CLK_TCK")


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


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.times = defaultdict(list)
        self.statuses = defaultdict(lambda: defaultdict(int))
        self.errors = []

    def note(self, route, status, seconds, ok, detail=""):
        with self.lock:
            self.times[route].append(seconds)
            self.statuses[route][status] += 1
            if not ok:
                self.errors.append((route, status, detail[:300]))


class Client:
    """One device: its cookies (shared by both servers: one site), its requests
    to the servers in turn, each timed under its route."""

    def __init__(self, bases, stats, start):
        self.bases, self.stats, self.turn = bases, stats, start
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect())

    def request(self, route, path, data=None, headers=None, expect=(200,)):
        base = self.bases[self.turn % len(self.bases)]
        self.turn += 1
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        head = {"Host": HOST, "X-Bench-Route": route, "Referer": f"http://{HOST}{path}", **(headers or {})}
        req = urllib.request.Request(base + path, body, headers=head)
        t0 = time.perf_counter()
        try:
            with self.opener.open(req, timeout=30) as r:
                status, text, tag = r.status, r.read().decode(), r.headers.get("ETag")
        except urllib.error.HTTPError as e:
            status, text, tag = e.code, e.read().decode(errors="replace"), e.headers.get("ETag")
        except Exception as e:  # the network: the caller may resend
            self.stats.note(route, "exception", time.perf_counter() - t0, False, repr(e))
            return None, "", None
        self.stats.note(route, status, time.perf_counter() - t0, status in expect, f"{path} {text}")
        return status, text, tag


def proc_cpu(pid):
    """utime + stime of one process and of its children that ended (cutime +
    cstime: PostgreSQL's backends come and go), seconds (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return sum(int(f) for f in fields[11:15]) / TICK
    except (OSError, IndexError, ValueError):
        return 0.0


def children(pid):
    try:
        found = []
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(c) for c in (task / "children").read_text().split()]
        return found
    except OSError:
        return []


def tree_cpu(pids):
    """CPU seconds of these processes and their children now (living ones)."""
    total, seen = 0.0, {}
    for pid in pids:
        for p in [pid, *children(pid)]:
            seen[p] = proc_cpu(p)
    total = sum(seen.values())
    return total, seen


def setup(nights, tables):
    """``nights`` new clubs, each with a public league, a season and tonight's
    night of ``tables`` seated tables; targets out of reach (the games do not end)."""
    from league import services
    from league.models import Club, Game, RuleProfile

    run = uuid.uuid4().hex[:6]  # a fresh set of clubs each run (a database may hold earlier runs)
    out = []
    for n in range(nights):
        club = Club.objects.create(name=f"Load night {n + 1}", slug=f"load-{run}-{n + 1:03d}")
        profile = RuleProfile.objects.create(club=club, name="R", options={"target": 100000})
        league = services.league_create(club=club, name="League", rule_profile=profile, is_public=True)
        season = services.season_create(league=league, name="S", starts_on=datetime.date(2026, 1, 1),
                                        ends_on=datetime.date(2026, 12, 31))
        night = services.night_create(season=season, date=datetime.date(2026, 6, 1), rounds=1)
        services.night_check_in(night=night, players=[
            services.player_get_or_create(club=club, name=f"P{n + 1:03d}-{i:03d}") for i in range(4 * tables)])
        rnd = services.round_seat(night=night)
        tokens = list(Game.objects.filter(table__round=rnd).order_by("table__number").values_list("access_token",
                                                                                                   flat=True))
        standings = f"/clubs/{club.slug}/l/{league.slug}/s/{season.pk}/"
        out.append({"tokens": tokens, "standings": standings, "board": f"{standings}n/{night.pk}/board/"})
    return out, Game.objects.order_by("pk").values_list("pk", flat=True).first()


def start_servers(env, cpu_dir):
    helps = subprocess.run([sys.executable, "-m", "gunicorn", "--help"], capture_output=True, text=True).stdout
    control = ["--no-control-socket"] if "--no-control-socket" in helps else []  # two servers would collide
    servers, bases = [], []
    for _ in range(2):
        from tests.bench.bench_load import free_port

        port = free_port()
        servers.append(subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}",
             "--log-level", "warning", "--timeout", "60", "-c", str(ROOT / "tests/bench/gunicorn_cpu.py"),
             *control],
            cwd=ROOT, env={**env, "BENCH_CPU_DIR": cpu_dir}, stderr=subprocess.STDOUT,
            stdout=open(os.path.join(cpu_dir, f"server-{port}.log"), "w")))  # a file: a full pipe would stall it
        bases.append(f"http://127.0.0.1:{port}")
    return servers, bases


def wait_up(base, path, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            req = urllib.request.Request(base + path, headers={"Host": HOST, "X-Bench-Route": "warm-up"})
            with urllib.request.urlopen(req, timeout=5):
                return
        except Exception:
            time.sleep(0.3)
    raise SystemExit(f"gunicorn at {base} did not answer within {seconds}s")


def model(summary, poll=10.0, hand_every=300.0, standings_every=60.0, members_per_table=0.5, busy=0.6):
    """The capacity model (docs/performance.md, "Capacity"): the server CPU a
    second that one night of T tables asks for in real time, from the mean CPU
    per request of each route measured in the run (``summary``) and the
    database's and Redis's CPU as a share of the app's; the cores for N such
    nights at ``busy`` utilisation. Per night: T phones poll every ``poll``
    seconds (a 304 unless their own hand was just entered: then a 200, the
    pad's refresh), T/``hand_every`` hands a second, T × ``members_per_table``
    members polling the board every ``poll`` seconds (a 200 when any of the
    night's tables entered a hand since: 1 - e^(-poll·T/hand_every)) and
    opening the standings every ``standings_every`` seconds."""
    import math

    def mean(route):
        return summary[route]["mean_ms"] if route in summary else 0.0

    run = summary["_run"]
    share = (run["db_cpu_s"] + run["redis_cpu_s"]) / run["app_cpu_s"] if run["app_cpu_s"] else 0.0
    rows = []
    for tables in (10, 30):
        hands = tables / hand_every
        members = tables * members_per_table
        changed = 1 - math.exp(-poll * tables / hand_every)
        app_ms = ((tables / poll - hands) * mean("table poll 304") + hands * mean("table poll 200")
                  + hands * mean("hand (outbox)")
                  + members / poll * (changed * mean("board poll 200") + (1 - changed) * mean("board poll 304"))
                  + members / standings_every * mean("standings"))
        per_night = app_ms * (1 + share) / 1000  # cores busy for one night
        for nights in (10, 50, 200):
            rows.append((nights, tables, nights * per_night, nights * per_night / busy,
                         nights * (tables / poll + hands * 2 + members / poll + members / standings_every)))
    return share, rows


def print_model(summary):
    share, rows = model(summary)
    print(f"capacity model (mean CPU per route of this run; PostgreSQL + Redis = {share:.2f} × the app's CPU; "
          f"phones poll every 10 s, a hand every 300 s a table, a member per 2 tables):")
    print(f"{'nights':>6} {'tables':>6} {'req/s':>8} {'CPU cores':>10} {'cores at 60%':>13}")
    for nights, tables, cores, planned, rate in rows:
        print(f"{nights:6d} {tables:6d} {rate:8.0f} {cores:10.2f} {planned:13.1f}")


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def run(args):
    env = dict(os.environ)
    url = env.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        print("bench_load.py --nights needs PostgreSQL: set DATABASE_URL=postgres://user@host:port/db "
              "(a throwaway database: each run adds its clubs load-<run>-001…)", file=sys.stderr)
        return 2
    if not args.redis_url:
        print("bench_load.py --nights needs Redis: give --redis-url redis://host:port/db or set "
              "CLUBTALLY_REDIS_URL (the two servers share its cache)", file=sys.stderr)
        return 2
    tables = args.tables or 10
    members = args.members if args.members is not None else max(1, tables // 2)
    speed = max(args.speedup, 0.001)
    span = args.minutes * 60 / speed
    if span > args.time_limit:
        print(f"{args.minutes} simulated minutes at speedup {speed:g} take {span:.0f} s, over --time-limit "
              f"{args.time_limit:g} s", file=sys.stderr)
        return 2
    env.update(DJANGO_SETTINGS_MODULE="tests.bench.load_settings", CLUBTALLY_REDIS_URL=args.redis_url,
               DJANGO_SECRET_KEY="load-test-" + "x" * 40, DJANGO_ALLOWED_HOSTS=f"127.0.0.1,{HOST}",
               DJANGO_SSL_REDIRECT="0", DJANGO_HSTS_SECONDS="0", DJANGO_SECURE_COOKIES="0",
               PYTHONPATH=str(ROOT))
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    os.environ.update(env)
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection, connections

    t_setup = time.perf_counter()
    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    nights, floor_pk = setup(args.nights, tables)
    cache.clear()
    with connection.cursor() as c:
        c.execute("SELECT pg_backend_pid()")
        backend = c.fetchone()[0]
    postmaster = int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
    connections.close_all()
    redis_pid = None
    try:
        import redis

        redis_pid = redis.Redis.from_url(args.redis_url).info("server").get("process_id")
    except Exception:
        pass
    setup_s = time.perf_counter() - t_setup
    print(f"set up {args.nights} nights of {tables} tables in {setup_s:.0f} s; playing {span:.0f} s", flush=True)

    cpu_dir = tempfile.mkdtemp(prefix="clubtally-load-cpu-")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stopped: still stop the servers (finally below)
    servers, bases = start_servers(env, cpu_dir)
    stats = Stats()
    acked = defaultdict(dict)  # token -> {number: key}
    replays = {"sent": 0, "answered": 0}
    lock = threading.Lock()
    try:
        for base in bases:
            wait_up(base, nights[0]["standings"])
        # both servers warm (templates, the cached fragments) before the clock starts
        for base in bases:
            for night in nights[:2]:
                for path in (night["standings"], night["board"], f"/t/{night['tokens'][0]}/", f"/_floor/{floor_pk}/"):
                    req = urllib.request.Request(base + path, headers={"Host": HOST, "X-Bench-Route": "warm-up"})
                    urllib.request.urlopen(req, timeout=30).read()
        cpu_before, _ = tree_cpu([s.pid for s in servers])
        db_before, _ = tree_cpu([postmaster])
        redis_before = proc_cpu(redis_pid) if redis_pid else 0.0
        client_before = time.process_time()
        start = time.monotonic()
        end = start + span
        poll_s, hand_s = args.poll / speed, args.hand_every / speed
        minute_s = 60 / speed

        def sleep_until(t):
            delay = t - time.monotonic()
            if delay > 0:
                time.sleep(delay)

        def phone(token, seed):
            rnd = random.Random(seed)
            me = Client(bases, stats, seed)
            path = f"/t/{token}/"
            # the tables sit down over the first minute; opening the link is a navigation (again if it failed)
            opened = start + rnd.uniform(0, minute_s)
            while True:
                sleep_until(opened)
                status, page, _ = me.request("table page", path)
                if status == 200:
                    break
                opened += poll_s
                if opened >= end:
                    return
            tag = None
            next_poll = time.monotonic() + poll_s
            next_hand = opened + rnd.uniform(0.2, 1.0) * hand_s
            hands = 0
            while True:
                due = min(next_poll, next_hand)
                if due >= end:
                    return
                sleep_until(due)
                if due == next_hand:
                    next_hand += hand_s
                    form = FormFields()
                    form.feed(page)
                    if not form.action:
                        stats.note("hand (outbox)", "no form", 0, False, path)
                        return
                    hands += 1
                    key = uuid.uuid4().hex
                    fields = {**form.fields, **HAND, "dealer": str(hands % 4)}
                    sends = 2 if args.replay_every and hands % args.replay_every == 0 else 1
                    numbers = []
                    for attempt in range(sends + 3):  # a failed send is resent with its key, as the outbox does
                        route = "hand (outbox)" if not numbers else "hand replayed"
                        status, body, _ = me.request(route, form.action, fields,
                                                     {"X-Outbox-Key": key}, expect=(200,))
                        if status is None:
                            continue
                        if status != 200:
                            break
                        answer = json.loads(body)
                        numbers.append((answer["number"], answer.get("replayed")))
                        if len(numbers) == sends:
                            break
                    if numbers:
                        number = numbers[0][0]
                        if int(fields.get("expected_number") or number) != number:
                            stats.note("hand (outbox)", "renumbered", 0, False, f"{path} {fields} {numbers}")
                        with lock:
                            acked[token][number] = key
                            if sends == 2:
                                replays["sent"] += 1
                                if len(numbers) == 2 and numbers[1] == (number, True):
                                    replays["answered"] += 1
                                else:
                                    stats.errors.append(("replay", numbers, path))
                    # the pad reads its page again after a save
                    status, text, new = me.request("table poll", path, headers={
                        "Sec-Fetch-Mode": "cors", **({"If-None-Match": tag} if tag else {})}, expect=(200, 304))
                    if status == 200:
                        page, tag = text, new
                else:  # the next poll is due a poll interval later, not sooner when a slow answer made it late
                    next_poll = max(next_poll + poll_s, time.monotonic())
                    status, text, new = me.request("table poll", path, headers={
                        "Sec-Fetch-Mode": "cors", **({"If-None-Match": tag} if tag else {})}, expect=(200, 304))
                    if status == 200:
                        page, tag = text, new

        def member(night, seed):
            rnd = random.Random(seed)
            me = Client(bases, stats, seed)
            tag, next_standings = None, start + rnd.uniform(0, minute_s)
            t = start + rnd.uniform(0, poll_s)
            while t < end:
                sleep_until(t)
                status, _, new = me.request("board poll", night["board"], headers={
                    "HX-Request": "true", "HX-Target": "board", **({"If-None-Match": tag} if tag else {})},
                    expect=(200, 304))
                if status == 200:
                    tag = new
                if time.monotonic() >= next_standings:
                    next_standings = max(next_standings + minute_s, time.monotonic())
                    me.request("standings", night["standings"])
                t = max(t + poll_s, time.monotonic())

        def floor():
            me = Client(bases, stats, 0)
            t = start
            while t < end:
                sleep_until(t)
                me.request("floor", f"/_floor/{floor_pk}/")
                t = max(t + 1 / args.floor_rate, time.monotonic())

        threads = [threading.Thread(target=phone, args=(tok, i * 7919 + j), daemon=True)
                   for i, night in enumerate(nights) for j, tok in enumerate(night["tokens"])]
        threads += [threading.Thread(target=member, args=(night, 100000 + i * 101 + k), daemon=True)
                    for i, night in enumerate(nights) for k in range(members)]
        threads.append(threading.Thread(target=floor, daemon=True))
        for t in threads:
            t.start()
        for t in threads:  # one bound for all: a minute past the end of play
            t.join(max(0.0, end + 60 - time.monotonic()))
        wall = time.monotonic() - start
        stuck = sum(t.is_alive() for t in threads)
        cpu_after, _ = tree_cpu([s.pid for s in servers])
        db_after, _ = tree_cpu([postmaster])
        redis_after = proc_cpu(redis_pid) if redis_pid else 0.0
        client_cpu = time.process_time() - client_before
    finally:
        for s in servers:
            s.terminate()
        for s in servers:
            try:
                s.wait(timeout=30)
            except subprocess.TimeoutExpired:
                s.kill()
                s.wait()
        logs = [f.read_text(errors="replace") for f in Path(cpu_dir).glob("server-*.log")]

    # the server's side: CPU per request by route and status class
    cpu = defaultdict(list)
    for f in Path(cpu_dir).glob("*.tsv"):
        for line in f.read_text().splitlines():
            route, status, cpu_ms, _wall = line.split("\t")
            if route == "warm-up":
                continue
            cpu[f"{route} {status}" if route in ("table poll", "board poll") else route].append(float(cpu_ms))
    shutil.rmtree(cpu_dir, ignore_errors=True)

    # afterwards: every game holds exactly the acknowledged hands, under their keys
    from league.models import Hand

    lost = duplicated = 0
    gaps = []
    for night in nights:
        for token in night["tokens"]:
            stored = dict(Hand.objects.filter(game__access_token=token).values_list("number", "client_key"))
            mine = acked.get(token, {})
            lost += sum(1 for n, k in mine.items() if stored.get(n) != k)
            duplicated += sum(1 for n in stored if n not in mine)
            if sorted(stored) != list(range(1, len(stored) + 1)):
                gaps.append(token)

    total = sum(len(v) for v in stats.times.values())
    floor_cpu = statistics.median(cpu["floor"]) if cpu.get("floor") else None
    app_cpu, db_cpu, redis_cpu = cpu_after - cpu_before, db_after - db_before, redis_after - redis_before
    load = os.getloadavg()
    print(f"two gunicorn servers × 2 sync workers, production settings, PostgreSQL + Redis, loopback; "
          f"{os.cpu_count()} cores, load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} at the end")
    print(f"{args.nights} nights × {tables} tables, {members} members a night; a phone polls every {args.poll:g} s, "
          f"a table enters a hand every {args.hand_every:g} s, {args.minutes:g} simulated minutes at speedup "
          f"{speed:g} = {wall:.0f} s (the request rate of {args.nights * speed:g} nights in real time); "
          f"setup {setup_s:.0f} s")
    print(f"requests {total} in {wall:.1f} s = {total / wall:.1f} req/s; errors {len(stats.errors)}; "
          f"threads still running {stuck}")
    print(f"{'route':22} {'n':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}   statuses")
    for route in sorted(stats.times):
        t = [x * 1000 for x in stats.times[route]]
        codes = ", ".join(f"{k}: {v}" for k, v in sorted(stats.statuses[route].items(), key=str))
        print(f"{route:22} {len(t):6d} {pct(t, .5):8.1f} {pct(t, .95):8.1f} {pct(t, .99):8.1f}   {codes}")
    print(f"server CPU per request (worker process time between gunicorn's request hooks), floor = "
          f"{floor_cpu or float('nan'):.2f} ms median")
    print(f"{'route':22} {'n':>6} {'median ms':>10} {'mean ms':>8} {'p95 ms':>8} {'× floor':>8}")
    for route in sorted(cpu):
        c = cpu[route]
        ratio = statistics.median(c) / floor_cpu if floor_cpu else float("nan")
        print(f"{route:22} {len(c):6d} {statistics.median(c):10.2f} {statistics.mean(c):8.2f} "
              f"{pct(c, .95):8.2f} {ratio:8.2f}")
    hooked = sum(sum(c) for c in cpu.values()) / 1000
    print(f"CPU over the run: app servers {app_cpu:.1f} s ({hooked:.1f} s inside requests), PostgreSQL "
          f"{db_cpu:.1f} s, Redis {redis_cpu:.1f} s, this client {client_cpu:.1f} s; "
          f"PostgreSQL + Redis = {(db_cpu + redis_cpu) / app_cpu if app_cpu else float('nan'):.2f} × the app's")
    print(f"hands acknowledged {sum(len(v) for v in acked.values())} (replays {replays['answered']}/"
          f"{replays['sent']} answered as the same entry), stored "
          f"{Hand.objects.filter(game__access_token__in=[t for n in nights for t in n['tokens']]).count()}: "
          f"lost {lost}, duplicated {duplicated}, numbering gap-free {not gaps}")
    summary = {route: {"n": len(c), "median_ms": statistics.median(c), "mean_ms": statistics.mean(c)}
               for route, c in cpu.items()}
    summary["_run"] = {"app_cpu_s": app_cpu, "db_cpu_s": db_cpu, "redis_cpu_s": redis_cpu, "wall_s": wall,
                       "hooked_cpu_s": hooked}
    print("json:", json.dumps(summary, sort_keys=True))
    print_model(summary)
    for e in stats.errors[:8]:
        print("  error:", e)
    bad_logs = [log for log in logs if "Traceback" in log or " ERROR " in log]
    for log in logs:
        if log.strip():
            print(f"  server log ({len(log.splitlines())} lines), its end:", log[-1500:])
    return 1 if stats.errors or lost or duplicated or gaps or stuck or bad_logs else 0
