"""Under the production settings (a subprocess with ``config.settings.production``,
as a deploy runs it, over HTTPS behind the proxy): the web app manifest's media
type, icons and ``id``; the language cookie ``Secure`` and ``SameSite=Lax``;
the Permissions-Policy that grants the screen wake lock to the site only."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = r'''
import json, django
django.setup()
from django.core.management import call_command
from django.test import Client
from django.test.utils import override_settings
call_command("migrate", verbosity=0)
# collectstatic's manifest (the hashed names) is a deploy step; the plain storage stands in for it here.
with override_settings(STORAGES={"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                                 "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}):
    c = Client(HTTP_HOST="club.example.org", HTTP_X_FORWARDED_PROTO="https")
    manifest = c.get("/manifest.webmanifest?start=/t/abc/")
    home = c.get("/")
    chosen = c.post("/i18n/setlang/", {"language": "th", "next": "/"})
    cookie = chosen.cookies["django_language"]
    print(json.dumps({
        "manifest": [manifest.status_code, manifest["Content-Type"], json.loads(manifest.content)],
        "home": [home.status_code, home.get("Permissions-Policy"), home.get("Strict-Transport-Security")],
        "manifest_policy": manifest.get("Permissions-Policy"),
        "language_cookie": [chosen.status_code, cookie.value, cookie["secure"], cookie["samesite"], cookie["path"],
                            cookie["max-age"], cookie["httponly"]],
    }))
'''
POLICY = ("accelerometer=(), autoplay=(), camera=(), display-capture=(), encrypted-media=(), fullscreen=(), "
          "geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), "
          "screen-wake-lock=(self), usb=()")


@pytest.fixture(scope="module")
def production(tmp_path_factory):
    db = tmp_path_factory.mktemp("production") / "db.sqlite3"
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_SECRET_KEY": "p" * 60,
                "DJANGO_ALLOWED_HOSTS": "club.example.org", "DATABASE_URL": f"sqlite:///{db}"})
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_manifest_is_served_as_application_manifest_json_in_production(production):
    status, media_type, manifest = production["manifest"]
    assert (status, media_type) == (200, "application/manifest+json")
    assert [(i["sizes"], i["purpose"]) for i in manifest["icons"]] == [
        ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")]
    assert (manifest["id"], manifest["start_url"], manifest["scope"]) == ("/t/abc/", "/t/abc/", "/")


def test_the_language_cookie_is_secure_and_same_site_lax_in_production(production):
    assert production["language_cookie"] == [302, "th", True, "Lax", "/", 365 * 24 * 3600, True]


def test_every_response_grants_the_screen_wake_lock_to_the_site_and_nothing_else(production):
    status, policy, hsts = production["home"]
    assert (status, policy) == (200, POLICY)
    assert production["manifest_policy"] == POLICY
    assert hsts == "max-age=31536000; includeSubDomains; preload"
