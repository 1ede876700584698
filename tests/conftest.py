"""Shared test configuration.

- Playwright's sync API runs an event loop in the test thread; Django refuses
  ORM calls from a thread with a running loop unless told it is safe.
- Under ``CI`` Hypothesis runs derandomized (the same examples every run).
- With ``CLUBTALLY_NO_SKIPS=1`` (``make test``, CI) a skipped test fails the
  run: a test that silently does not run proves nothing.

The suite runs in parallel (``make test``: pytest-xdist, one worker per core,
``--dist worksteal``), so every test must hold on its own, in any order,
beside another worker running any other test at the same moment:

- the database is the worker's own (pytest-django gives each worker its own
  test database, SQLite file or PostgreSQL, ``_gw0``, ``_gw1``...);
- a server a test starts listens on a port from the ``free_port`` fixture
  (or port 0), never a fixed one; ``live_server`` already does so;
- files go under ``tmp_path`` / ``tmp_path_factory``, never the repository
  or a fixed name in ``/tmp``;
- a shared outside service (a Redis server, say) is keyed by the
  ``worker_id`` fixture (``PYTEST_XDIST_WORKER``, ``master`` when run
  without xdist): a key prefix, a database number or a server of its own;
- a fixture wider than ``function`` may run once per worker: keep it
  read-only (or rebuild what it changes), never counted on running once.

Rows many tests read (the demo club) can be written once per module with
``rows_kept_for_module``, the way Django's ``TestCase.setUpTestData`` does it.
Tests that are known to be slow run first (``pytest_collection_modifyitems``);
the objects imported by collection are kept out of the cycle collector's
walks (``pytest_collection_finish``).
"""
import os
import socket
from contextlib import contextmanager

import pytest

from hypothesis import settings as hypothesis_settings

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# CI replays the same examples every run (derandomized), so a submission's
# verdict does not depend on luck; local runs keep exploring new examples.
# No example database under CI: what runs is the same on every machine and
# worker, whatever an earlier run saved (the examples themselves are unchanged).
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True, database=None)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")


# Tests measured at 20-70 s each (CI's --durations), run first: with
# ``--dist worksteal`` a long test picked up last keeps one worker busy while
# the other has nothing left; started first, the short ones fill in around it.
SLOW_FIRST = (
    "tests/e2e/test_accessibility.py::",
    "tests/e2e/test_club_floor.py::test_club_floor",
    "tests/league/test_league_pages.py::test_every_league_page_takes_the_same_queries_at_2_and_30_nights",
    "tests/e2e/test_phone_fit.py::",
    "tests/league/test_html_valid.py::",
    "tests/e2e/test_club_night.py::test_club_night",
    "tests/league/test_pdf_league.py::test_query_counts_do_not_grow_with_the_night_or_the_season",
    "tests/league/test_pdf_league.py::test_a_night_of_twenty_tables_keeps_every_text_inside_its_cell",
    "tests/e2e/test_score_pad.py::test_score_pad",
    "tests/league/test_properties.py::HandFormFuzz::",
    "tests/league/test_two_servers.py::",
)


def pytest_collection_modifyitems(session, config, items):
    def rank(item):
        for i, prefix in enumerate(SLOW_FIRST):
            if item.nodeid.startswith(prefix):
                return i
        return len(SLOW_FIRST)

    items.sort(key=rank)  # stable: everything else keeps its order


def pytest_sessionfinish(session, exitstatus):
    if os.environ.get("CLUBTALLY_NO_SKIPS") != "1":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    skipped = len(reporter.stats.get("skipped", []))
    if skipped and session.exitstatus == 0:
        reporter.write_line(
            f"FAILED: {skipped} test(s) skipped; CLUBTALLY_NO_SKIPS=1 forbids skips",
            red=True,
        )
        session.exitstatus = 1


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request in another language (cookie, club default) leaves that
    language active in the thread, as Django does between requests; reset
    it so the next test starts in the default language."""
    yield
    from django.utils import translation

    translation.deactivate()


@contextmanager
def rows_kept_for_module(django_db_blocker):
    """Write rows once for a whole module: inside a transaction that every
    test's own (rolled back) transaction nests in as a savepoint, so each test
    sees them exactly as written, whatever the tests before it changed; rolled
    back after the module's last test. Write them under
    ``django_db_blocker.unblock()`` and yield inside the block. Every test
    of such a module sees the rows (also one that does not ask for them);
    transactional tests (``transaction=True``, ``live_server``) cannot run
    inside it."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    try:
        yield
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture(scope="module")
def demo_club_for_module(django_db_setup, django_db_blocker):
    """The demo club (``load_demo``, every hand through the services: seconds
    of work), written once per module (``rows_kept_for_module``); a test asks
    for it through its own function-scoped fixture, which also takes ``db``."""
    from league.management.commands.load_demo import load_demo

    with rows_kept_for_module(django_db_blocker):
        with django_db_blocker.unblock():
            club = load_demo()
        yield club


@pytest.fixture
def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now (the system's choice),
    for a server a test starts: parallel workers never meet on a fixed port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pytest_collection_finish(session):
    """Python's cycle collector walks every object it tracks in its oldest
    generation each time that generation is collected: in a test process,
    every imported module, function and class (Django, Playwright,
    Hypothesis, ~150 test modules) again and again while tests run. Those
    live to the end anyway, so once collection is done they are moved out of
    its sight (``gc.freeze``); what the tests make is collected as before
    (about 12% of the CPU time of ordinary tests, docs/performance.md)."""
    import gc

    gc.freeze()
