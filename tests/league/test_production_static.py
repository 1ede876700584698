"""The production settings' static files: ``collectstatic`` into the manifest
storage, then the service worker, what it precaches, the web manifest, its
icons and every main page answer 200 (tests/league/production_probe.py, in a
process of its own under ``config.settings.production``)."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def probed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("production")
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_SECRET_KEY": "p" * 60,
                "DJANGO_ALLOWED_HOSTS": "testserver", "DJANGO_SSL_REDIRECT": "0", "DJANGO_SECURE_COOKIES": "0",
                "DJANGO_STATIC_ROOT": str(tmp / "static"), "DATABASE_URL": f"sqlite:///{tmp / 'db.sqlite3'}",
                "CLUBTALLY_REDIS_URL": ""})
    out = subprocess.run([sys.executable, "-m", "tests.league.production_probe"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout)


def test_the_service_worker_answers_200_under_the_production_settings(probed):
    assert probed["/sw.js"] == 200


def test_the_service_worker_caches_first_what_is_under_static_url(probed):
    assert probed["sw static prefix"] == "/static/"


def test_every_file_the_service_worker_precaches_is_served(probed):
    precached = {k: v for k, v in probed.items() if k.startswith("/static/")}
    assert len(precached) == 8
    assert set(precached.values()) == {200}


def test_the_precached_files_are_the_hashed_names_of_the_manifest_storage(probed):
    assert all(re.fullmatch(r"/static/league/.+\.[0-9a-f]{12}\.(css|js|png)", k)
               for k in probed if k.startswith("/static/")), [k for k in probed if k.startswith("/static/")]


def test_the_web_manifest_and_its_icons_are_served(probed):
    served = {k: v for k, v in probed.items() if k.startswith(("manifest ", "icon "))}
    assert len(served) == 3 and set(served.values()) == {200}, served


def test_every_main_page_answers_under_the_production_settings(probed):
    pages = {k: v for k, v in probed.items() if not k.startswith(("/", "manifest ", "icon ", "sw ", "pages listed"))}
    assert len(pages) == probed["pages listed"] >= 38
    assert {k: v for k, v in pages.items() if v != (404 if k == "404" else 200)} == {}
