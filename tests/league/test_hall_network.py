"""The hall network: phones reach the laptop, printed links name the public address."""
import pytest

from config import hall

pytestmark = pytest.mark.django_db


def test_host_0000_allows_the_lan_address_and_the_public_host(monkeypatch):
    monkeypatch.setattr(hall, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setenv("CLUBTALLY_PUBLIC_URL", "http://club.example:8000/")
    hosts = hall.allowed_hosts("0.0.0.0")
    assert hosts[:4] == ["127.0.0.1", "localhost", "[::1]", "192.168.1.20"]
    assert "club.example" in hosts


def test_the_default_host_allows_only_this_computer(monkeypatch):
    monkeypatch.delenv("CLUBTALLY_PUBLIC_URL", raising=False)
    monkeypatch.delenv("DJANGO_ALLOWED_HOSTS", raising=False)
    assert hall.allowed_hosts("127.0.0.1") == ["127.0.0.1", "localhost", "[::1]"]


def test_the_table_link_names_the_configured_public_address(client, game, organizer, settings):
    settings.CLUBTALLY_PUBLIC_URL = "http://192.168.1.20:8000"
    client.force_login(organizer)
    page = client.get(f"/g/{game.public_id}/").content.decode()
    assert f"http://192.168.1.20:8000/t/{game.access_token}/" in page
    assert "127.0.0.1" not in page and "testserver/t/" not in page


def test_without_a_public_address_the_table_link_names_the_requests_host(client, game, organizer):
    client.force_login(organizer)
    page = client.get(f"/g/{game.public_id}/", HTTP_HOST="localhost").content.decode()
    assert f"http://localhost/t/{game.access_token}/" in page


def test_printed_sheets_links_use_the_public_address_not_the_request_host(rf, settings):
    from league.public_url import public_url

    settings.CLUBTALLY_PUBLIC_URL = "http://192.168.1.20:8000"
    request = rf.get("/", HTTP_HOST="127.0.0.1:8000")
    assert public_url(request, "/t/abc/") == "http://192.168.1.20:8000/t/abc/"
    settings.CLUBTALLY_PUBLIC_URL = ""
    assert public_url(request, "/t/abc/") == "http://127.0.0.1:8000/t/abc/"
