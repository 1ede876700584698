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


def test_every_page_links_the_manifest_with_its_own_path_and_the_theme_colour(client):
    page = client.get("/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest?start=/"' in page
    assert '<meta name="theme-color" content="#0f172a">' in page
    assert 'rel="manifest" href="/manifest.webmanifest?start=/meld/"' in client.get("/meld/").content.decode()


def test_the_manifest_is_served_as_a_manifest_with_separate_any_and_maskable_icons(client):
    answer = client.get("/manifest.webmanifest?start=/")
    assert (answer.status_code, answer["Content-Type"]) == (200, "application/manifest+json")
    manifest = json.loads(answer.content)
    assert [(i["src"], i["sizes"], i["purpose"]) for i in manifest["icons"]] == [
        ("/static/league/icons/icon-192.png", "192x192", "any"), ("/static/league/icons/icon-512.png", "512x512", "any"),
        ("/static/league/icons/icon-512.png", "512x512", "maskable")]
    assert (manifest["id"], manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "/", "standalone")


def test_an_install_from_a_table_link_opens_that_pad(client, make_game):
    game = make_game()
    pad = f"/t/{game.access_token}/"
    page = client.get(pad).content.decode()
    assert f'rel="manifest" href="/manifest.webmanifest?start={pad}"' in page
    manifest = json.loads(client.get(f"/manifest.webmanifest?start={pad}").content)
    assert (manifest["id"], manifest["start_url"]) == (pad, pad)


@pytest.mark.parametrize("start", ["https://evil.example/", "//evil.example/", "javascript:alert(1)", "/\\evil",
                                   "/x?y=1", "", "/a\nb"])
def test_a_manifest_start_that_is_not_a_plain_path_of_the_site_starts_at_home(client, start):
    manifest = json.loads(client.get("/manifest.webmanifest", {"start": start}).content)
    assert (manifest["id"], manifest["start_url"]) == ("/", "/")


def test_the_manifest_speaks_the_readers_language(client, settings):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "th"
    manifest = json.loads(client.get("/manifest.webmanifest?start=/").content)
    assert manifest["lang"] == "th"
    assert manifest["description"] != "Score pad and league table for a card club's night"


def test_a_mistyped_table_link_is_a_friendly_page_not_a_url_list(client, settings):
    settings.DEBUG = False
    answer = client.get("/t/not-a-real-token/")
    body = answer.content.decode()
    assert answer.status_code == 404
    assert "This page is not here" in body and "Scan the QR code" in body
    assert "urlpatterns" not in body and "URLconf" not in body
