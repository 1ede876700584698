"""gunicorn config for the load test (``bench_load.py --nights``): each sync
worker notes the CPU time (``time.process_time``) and wall time of every
request, under the route the client names in ``X-Bench-Route`` and the
status class, one line per request in ``$BENCH_CPU_DIR/<pid>.tsv``.

A sync worker serves one request at a time, so the process's CPU between
``pre_request`` and ``post_request`` is that request's: the view, the
templates, the ORM and the database driver, the WSGI write.
"""
import os
import time

_out = {}


def pre_request(worker, req):
    worker.bench_started = (time.process_time(), time.perf_counter())


def post_request(worker, req, environ, resp):
    started = getattr(worker, "bench_started", None)
    if started is None:
        return
    cpu, wall = time.process_time() - started[0], time.perf_counter() - started[1]
    route = environ.get("HTTP_X_BENCH_ROUTE", "other")
    status = str(getattr(resp, "status", "") or "").split(" ")[0]
    out = _out.get(os.getpid())
    if out is None:
        out = _out[os.getpid()] = open(os.path.join(os.environ["BENCH_CPU_DIR"], f"{os.getpid()}.tsv"), "a",
                                       buffering=1)
    out.write(f"{route}\t{status}\t{cpu * 1000:.3f}\t{wall * 1000:.3f}\n")
