"""Run the benchmark scripts in this folder (``make bench``); each prints its own figures.

    python tests/bench/run_all.py [--only pages,standings] [--compare REV [--rounds 2]]

``--compare REV`` checks out ``REV`` (any git revision) into a temporary
worktree and runs each chosen script against both checkouts, alternately
(this checkout, then REV, then this one again ... ``--rounds`` times each), so
both see the same machine; the measuring code is this checkout's in both
(``BENCH_SOURCE`` points it at the other tree). It then prints, for each
figure, the median over the rounds of both and the ratio now / REV, with the
load averages seen. The default scripts for a comparison skip the gunicorn
load run and the 13-million-pair cribbage census (``--only`` to choose).
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

here = Path(__file__).resolve().parent
root = here.parents[1]
COMPARED = ("pages", "standings", "exports", "pdf")


def scripts(only):
    found = sorted(here.glob("bench_*.py"))
    if only:
        wanted = {f"bench_{name.strip()}.py" for name in only.split(",")}
        found = [s for s in found if s.name in wanted]
    return found


def run_once(script, source, extra):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as out:
        path = out.name
    env = dict(os.environ, BENCH_JSON=path, BENCH_SOURCE=str(source), PYTHONPATH=str(source))
    code = subprocess.call([sys.executable, str(script), *extra], env=env)
    rows = json.loads(Path(path).read_text() or "[]") if code == 0 else []
    os.unlink(path)
    return code, rows


def compare(rev, chosen, rounds, extra):
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # still remove the worktree when stopped
    tmp = Path(tempfile.mkdtemp(prefix="clubtally-bench-")) / "rev"
    subprocess.check_call(["git", "-C", str(root), "worktree", "add", "--detach", "-q", str(tmp), rev])
    status = 0
    try:
        for script in chosen:
            runs = {"now": [], rev: []}
            for i in range(rounds):
                for label, source in (("now", root), (rev, tmp)) if i % 2 == 0 else ((rev, tmp), ("now", root)):
                    print(f"== {script.name} [{label}] round {i + 1}/{rounds}", flush=True)
                    code, rows = run_once(script, source, extra)
                    status |= code
                    runs[label].append({r["name"]: r for r in rows})
            print_ratios(script.name, rev, runs)
    finally:
        subprocess.call(["git", "-C", str(root), "worktree", "remove", "--force", str(tmp)])
    return status


def print_ratios(name, rev, runs):
    names = [n for n in (runs["now"][0] if runs["now"] else {}) if all(n in r for r in runs[rev] + runs["now"])]
    print(f"\n{name}: now vs {rev}, median of {len(runs['now'])} interleaved runs each")
    print(f"{'case':56} {'now ms':>9} {rev[:9]:>9} {'ratio':>7} {'x floor now':>11} {'x floor rev':>11} {'load':>10}")
    for case in names:
        now = [r[case] for r in runs["now"]]
        old = [r[case] for r in runs[rev]]
        a, b = statistics.median(x["median"] for x in now), statistics.median(x["median"] for x in old)
        ra = statistics.median(x["ratio"] for x in now) if all(x.get("ratio") for x in now) else float("nan")
        rb = statistics.median(x["ratio"] for x in old) if all(x.get("ratio") for x in old) else float("nan")
        loads = [v for x in now + old for v in x["load"]]
        print(f"{case[:56]:56} {a:9.2f} {b:9.2f} {a / b:7.2f} {ra:11.2f} {rb:11.2f}"
              f" {min(loads):4.2f}-{max(loads):<4.2f}")
    print(flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--compare", metavar="REV")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", help="comma-separated script names: pages,standings,exports,pdf,load,...")
    args, extra = parser.parse_known_args()
    if args.compare:
        return compare(args.compare, scripts(args.only or ",".join(COMPARED)), args.rounds, extra)
    status = 0
    for script in scripts(args.only):
        print(f"== {script.name}", flush=True)
        status |= subprocess.call([sys.executable, str(script), *extra])
    return status


if __name__ == "__main__":
    sys.exit(main())
