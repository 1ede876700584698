"""What every benchmark here measures with: percentiles, an interleaved floor, the load.

- ``percentile`` is the nearest-rank percentile (the smallest sample with at
  least ``q`` of the samples at or below it): the p95 of 3 samples is the
  largest, of 20 the 19th, of 200 the 190th; the median is ``statistics.median``.
- ``interleaved`` times a case and its floor (a trivial request, a minimal
  PDF) alternately, A B A B, the floor warmed as many times as the case, so
  both see the same machine; the ratio of their medians is the figure to read.
- Times are this process's CPU time (``BENCH_CLOCK=wall``: wall time).
- ``Load`` samples the 1-minute load average before and after each case, and
  every printed figure carries it: on a shared machine a figure means little
  without it.
- ``BENCH_JSON=path`` makes ``report`` also write the rows as JSON (what
  ``run_all.py --compare`` reads); ``BENCH_SOURCE=dir`` makes a script measure
  the code in ``dir`` (another checkout) instead of this one.
"""
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path


def source_root() -> Path:
    """The checkout whose code is measured, first on ``sys.path``."""
    root = Path(os.environ.get("BENCH_SOURCE") or Path(__file__).resolve().parents[2])
    sys.path.insert(0, str(root))
    return root


def percentile(samples, q: float) -> float:
    """Nearest-rank ``q`` percentile (0 < q <= 1) of ``samples``."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def loadavg() -> float:
    return os.getloadavg()[0]


CLOCK = time.perf_counter if os.environ.get("BENCH_CLOCK") == "wall" else time.process_time
"""CPU time of this process by default: the in-process benchmarks run the server's
work (and SQLite's) in this process, and on a shared machine wall time mostly
measures the other processes; ``BENCH_CLOCK=wall`` for wall time."""


def _timed(fn) -> float:
    t0 = CLOCK()
    fn()
    return (CLOCK() - t0) * 1000


def interleaved(fn, floor, repeat: int, warm: int | None = None, prepare=None):
    """Time ``fn`` and ``floor`` alternately ``repeat`` times each, after
    ``warm`` (default: ``repeat`` // 4, at least 1) untimed pairs; returns a
    row dict. ``prepare`` (untimed) runs before each call of ``fn``: e.g. a
    write, so that each timed read is the first after a change."""
    load_before = loadavg()
    for _ in range(max(1, repeat // 4) if warm is None else warm):
        floor()
        if prepare:
            prepare()
        fn()
    case_ms, floor_ms = [], []
    for _ in range(repeat):
        floor_ms.append(_timed(floor))
        if prepare:
            prepare()
        case_ms.append(_timed(fn))
    return {
        "median": statistics.median(case_ms), "p95": percentile(case_ms, 0.95), "n": repeat,
        "floor_median": statistics.median(floor_ms), "floor_p95": percentile(floor_ms, 0.95),
        "load": (load_before, loadavg()),
    }


def row(name: str, measured: dict, **extra) -> dict:
    measured = dict(measured, name=name, **extra)
    measured["ratio"] = measured["median"] / measured["floor_median"] if measured.get("floor_median") else None
    return measured


HEADER = f"{'case':56} {'median ms':>10} {'p95 ms':>9} {'floor ms':>9} {'x floor':>8} {'n':>4} {'load':>10}"


def line(r: dict) -> str:
    extra = "".join(f"  {k}={r[k]}" for k in ("queries", "kib", "pages") if k in r)
    ratio = f"{r['ratio']:8.2f}" if r.get("ratio") else f"{'':8}"
    floor = f"{r['floor_median']:9.2f}" if r.get("floor_median") else f"{'':9}"
    return (f"{r['name'][:56]:56} {r['median']:10.2f} {r['p95']:9.2f} {floor} {ratio} {r['n']:4d}"
            f" {r['load'][0]:4.2f}-{r['load'][1]:<4.2f}{extra}")


def report(rows: list[dict], title: str = "") -> None:
    """Print ``rows`` (with the machine's cores and load) and, under ``BENCH_JSON``, write them."""
    if title:
        print(title)
    clock = "wall" if CLOCK is time.perf_counter else "CPU"
    print(f"machine: {os.cpu_count()} cores; {clock} ms; load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(HEADER)
    for r in rows:
        print(line(r))
    if os.environ.get("BENCH_JSON"):
        Path(os.environ["BENCH_JSON"]).write_text(json.dumps(rows, indent=1))
