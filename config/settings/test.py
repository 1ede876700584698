"""Test settings: fast password hashing; the database comes from DATABASE_URL
(SQLite by default, PostgreSQL in CI's second pass)."""
import os
from pathlib import Path

from .base import *  # noqa: F401,F403

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
AXES_ENABLED = False  # tests log in thousands of times; test_login_throttling turns it on
# Each test process counts its own limits (a flushed database keeps the cache table's
# rows); tests/league/test_client_address.py counts them in the database's table.
CACHES = {**CACHES, "limits": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",  # noqa: F405
                               "LOCATION": "limits"}}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file, not shared-cache memory, so threads in the concurrency tests meet
    # SQLite's real locking (IMMEDIATE transactions wait for the writer).
    import tempfile

    DATABASES["default"]["TEST"] = {"NAME": str(Path(tempfile.gettempdir()) / f"clubtally-test-{os.getpid()}.sqlite3")}
    # The test database is thrown away after the run, so SQLite need not wait
    # for the disk at each commit (a commit waited for several fsyncs, about
    # 7 ms each on this machine's disk, in every test that commits: the browser
    # tests' requests, the concurrency tests). Locking and transactions are
    # unchanged; PostgreSQL's pass runs its cluster with ``fsync=off`` already.
    DATABASES["default"]["OPTIONS"] = {**DATABASES["default"].get("OPTIONS", {}),
                                       "init_command": "PRAGMA synchronous=OFF;"}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A query that runs away (a plan gone wrong) fails its test with the SQL
    # named, instead of holding the whole run until CI's clock runs out.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c statement_timeout=120s -c lock_timeout=60s"
    # One test database per run, so two runs against one server do not drop
    # each other's database.
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"}

# Toy Tally, the test-only sixth game (tests/toygame, docs/adding-a-game.md): its kind,
# registered like the built-in ones, its templates and its translations.
CLUBTALLY_GAME_KINDS = [*CLUBTALLY_GAME_KINDS, "tests.toygame.kind"]  # noqa: F405
TEMPLATES[0]["DIRS"] = [*TEMPLATES[0]["DIRS"], BASE_DIR / "tests" / "toygame" / "templates"]  # noqa: F405
LOCALE_PATHS = [*LOCALE_PATHS, BASE_DIR / "tests" / "toygame" / "locale"]  # noqa: F405
