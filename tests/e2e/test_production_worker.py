"""Under the production settings, from a ``collectstatic`` build served by
gunicorn and whitenoise, the service worker installs and precaches the
hashed static files."""
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def production_server(tmp_path, free_port):
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_SECRET_KEY": "w" * 60,
                "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_SSL_REDIRECT": "0", "DJANGO_SECURE_COOKIES": "0",
                "DJANGO_STATIC_ROOT": str(tmp_path / "static"), "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                "CLUBTALLY_REDIS_URL": ""})
    for command in (["collectstatic", "--noinput", "-v", "0"], ["migrate", "-v", "0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, timeout=300)
    url = f"http://127.0.0.1:{free_port}"
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{free_port}",
                               "--workers", "1", "--timeout", "60"], cwd=ROOT, env=env)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/favicon.ico", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_service_worker_installs_from_a_collectstatic_build(production_server, phone):
    page = phone.new_page()
    page.goto(production_server + "/")
    state = page.evaluate("""Promise.race([navigator.serviceWorker.ready.then((r) => r.active.state),
        new Promise((done) => setTimeout(() => done("not installed after 15 s"), 15000))])""")
    assert state in ("activating", "activated")
    cached = page.evaluate("""async () => {
        const name = (await caches.keys()).find((k) => k.startsWith("clubtally-static-"));
        return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort();
    }""")
    assert len(cached) == 8
    assert all(p.startswith("/static/league/") for p in cached), cached
    assert "/static/league/js/outbox.js" not in cached  # the hashed name, not the source's
