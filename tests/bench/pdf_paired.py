"""The round packet of this checkout against another revision's, renders alternated.

    python tests/bench/pdf_paired.py REV [--renders 10] [--players 80]

Starts one worker process per checkout (this one, and ``REV`` checked out
into a temporary git worktree), each on its own throwaway SQLite database
holding the same sample night (``--players`` 80: 20 tables a round, 3
rounds). Then asks them in turn (this, REV, REV, this ...) for one cold
render each of: one round's table sheets (20 pages), the same 20 links' QR
codes drawn alone, and the whole night's packet (60 pages). Cold: the
encoder's QR cache, if any, is emptied before every render. Prints per
figure the median CPU milliseconds of both, the ratio now / REV, the QR
share of the round packet (QR codes alone ÷ packet) and the load averages
seen. Nothing is asserted.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

here = Path(__file__).resolve().parent
root = here.parents[1]
CASES = ("round", "qr", "night")


def worker(players: int) -> None:
    """Set up the night, then answer each case name read on stdin with its CPU ms."""
    sys.path.insert(0, os.environ["BENCH_SOURCE"])
    sys.path.insert(0, str(here))
    import fixture

    fixture.database()
    import io

    from django.core.management import call_command
    from django.urls import reverse
    from reportlab.pdfgen.canvas import Canvas

    from league.models import Club
    from league.pdf import TableSheets, flowables
    from league.sample_season import sample_season_create
    from league.selectors.pdf import night_tables_for_print

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", slug="bench")
    season = sample_season_create(club=club, nights=1, players=players, seed=1)
    night = season.nights.get()
    round_tables, night_tables = night_tables_for_print(night, 1), night_tables_for_print(night)

    def link(game):
        return "http://testserver" + reverse("league:table", args=[game.access_token])

    def qr_alone():
        buffer = io.BytesIO()
        canvas = Canvas(buffer)
        for i, table in enumerate(round_tables):
            code = flowables.qr_code(link(table.game), 30 * 2.835)
            code.wrapOn(canvas, 100, 100)
            code.drawOn(canvas, 20 + (i % 5) * 100, 20 + (i // 5) * 100)
        canvas.showPage()
        canvas.save()

    cases = {
        "round": lambda: TableSheets(night, round_tables, link=link, round_number=1).render(),
        "qr": qr_alone,
        "night": lambda: TableSheets(night, night_tables, link=link).render(),
    }
    for fn in cases.values():  # warm: fonts registered, templates and translations loaded
        fn()
    print("ready", flush=True)
    for line in sys.stdin:
        name = line.strip()
        for cache in ("qr_runs", "qr_image"):  # the encoder's cache, by its name then and now
            getattr(getattr(flowables, cache, None), "cache_clear", lambda: None)()
        t0 = time.process_time()
        cases[name]()
        print(json.dumps({"ms": (time.process_time() - t0) * 1000, "load": os.getloadavg()[0]}), flush=True)


def start(source: Path, players: int) -> subprocess.Popen:
    env = dict(os.environ, BENCH_SOURCE=str(source), PYTHONPATH=str(source))
    proc = subprocess.Popen([sys.executable, __file__, "--worker", "--players", str(players)], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return proc


def ask(proc, name) -> dict:
    proc.stdin.write(name + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("rev", nargs="?")
    parser.add_argument("--renders", type=int, default=10)
    parser.add_argument("--players", type=int, default=80)
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    if args.worker:
        return worker(args.players)
    tmp = Path(tempfile.mkdtemp(prefix="clubtally-paired-")) / "rev"
    subprocess.check_call(["git", "-C", str(root), "worktree", "add", "--detach", "-q", str(tmp), args.rev])
    procs = {}
    try:
        procs = {"now": start(root, args.players), args.rev: start(tmp, args.players)}
        for proc in procs.values():
            assert proc.stdout.readline().strip() == "ready"
        times = {(label, case): [] for label in procs for case in CASES}
        loads = []
        for i in range(args.renders):
            order = list(procs) if i % 2 == 0 else list(procs)[::-1]
            for case in CASES:
                for label in order:
                    answer = ask(procs[label], case)
                    times[label, case].append(answer["ms"])
                    loads.append(answer["load"])
        print(f"paired renders: {args.renders} of each case per checkout, CPU ms, load {min(loads):.2f}-"
              f"{max(loads):.2f} on {os.cpu_count()} cores")
        print(f"{'case':28} {'now ms':>9} {args.rev[:9]:>9} {'now / rev':>9}")
        med = {k: statistics.median(v) for k, v in times.items()}
        for case in CASES:
            a, b = med["now", case], med[args.rev, case]
            print(f"{case:28} {a:9.1f} {b:9.1f} {a / b:9.3f}")
        for label in procs:
            print(f"QR share of the round packet [{label}]: {med[label, 'qr'] / med[label, 'round']:.1%}")
        print("speed-up of the round packet (rev / now): "
              f"{med[args.rev, 'round'] / med['now', 'round']:.2f}x")
        print(json.dumps({f"{k[0]}:{k[1]}": v for k, v in times.items()}))
    finally:
        for proc in procs.values():
            proc.stdin.close()
            proc.wait(timeout=60)
        subprocess.call(["git", "-C", str(root), "worktree", "remove", "--force", str(tmp)])


if __name__ == "__main__":
    sys.exit(main())
