"""Installable and friendly: service worker, favicon, manifest, error pages."""
import json

import pytest

pytestmark = pytest.mark.django_db


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/javascript")
    assert (answer["Service-Worker-Allowed"], answer["Cache-Control"]) == ("/", "no-cache")
    assert '"/static/league/js/outbox.js"' in answer.content.decode()


def test_the_favicon_is_not_a_404(client):
    answer = client.get("/favicon.ico")
    assert (answer.status_code, answer["Content-Type"]) == (200, "image/x-icon")


def test_every_page_links_the_manifest_and_the_theme_colour(client):
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/static/league/manifest.webmanifest"' in page
    assert '<meta name="theme-color" content="#0f172a">' in page
    manifest = json.loads(client.get("/static/league/manifest.webmanifest").getvalue())
    assert [i["sizes"] for i in manifest["icons"]] == ["192x192", "512x512"]


def test_a_mistyped_table_link_is_a_friendly_page_not_a_url_list(client, settings):
    settings.DEBUG = False
    answer = client.get("/t/not-a-real-token/")
    body = answer.content.decode()
    assert answer.status_code == 404
    assert "This page is not here" in body and "Scan the QR code" in body
    assert "urlpatterns" not in body and "URLconf" not in body
