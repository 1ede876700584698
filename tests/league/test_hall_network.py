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


# --- printed addresses never point at loopback when phones cannot reach it ----------------------

def test_a_server_on_the_lan_prints_its_lan_address_not_loopback(monkeypatch):
    monkeypatch.setattr(hall, "lan_address", lambda: "192.168.1.20")
    monkeypatch.delenv("CLUBTALLY_PUBLIC_URL", raising=False)
    assert hall.printed_url("0.0.0.0", "8080") == "http://192.168.1.20:8080"
    assert hall.printed_url("::", "8000") == "http://192.168.1.20:8000"


def test_the_configured_public_address_wins_over_the_lan_address(monkeypatch):
    monkeypatch.setattr(hall, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setenv("CLUBTALLY_PUBLIC_URL", "https://hall.example/")
    assert hall.printed_url("0.0.0.0", "8000") == "https://hall.example"


def test_a_server_on_loopback_leaves_printed_links_to_the_request(monkeypatch):
    monkeypatch.setattr(hall, "lan_address", lambda: "192.168.1.20")
    monkeypatch.delenv("CLUBTALLY_PUBLIC_URL", raising=False)
    assert hall.printed_url("127.0.0.1", "8000") == ""


def test_the_local_settings_of_host_0000_print_the_lan_address(tmp_path):
    """The settings ``make run`` starts with (HOST and PORT in the environment)."""
    import os
    import subprocess
    import sys

    code = ("import config.hall as h; h.lan_address = lambda: '192.168.1.20'; "
            "import config.settings.local as s; print(s.CLUBTALLY_PUBLIC_URL)")
    env = {k: v for k, v in os.environ.items() if k != "CLUBTALLY_PUBLIC_URL"} | {"HOST": "0.0.0.0", "PORT": "8123"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "http://192.168.1.20:8123"


def test_make_run_hands_host_and_port_to_the_server():
    from pathlib import Path

    makefile = (Path(__file__).parents[2] / "Makefile").read_text()
    assert "HOST=$(HOST) PORT=$(PORT) $(PY) manage.py runserver $(HOST):$(PORT)" in makefile


def test_the_hall_sheets_qr_codes_name_the_lan_address_when_printed_from_loopback(client, organizer, settings):
    """The organizer's browser is on 127.0.0.1; the server listens on the LAN:
    every table's QR code on the night's sheets is the LAN address."""
    import datetime

    from league import services
    from league.models import Game

    from .test_pdf_league import make_season, night_args
    from .test_pdf_fonts import pdf_text

    settings.CLUBTALLY_PUBLIC_URL = "http://192.168.1.20:8000"
    season = make_season(organizer.memberships.get().club)
    club = season.league.club
    players = [services.player_get_or_create(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    night = services.night_create(season=season, date=datetime.date(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=players)
    services.round_seat(night=night, by=organizer)
    client.force_login(organizer)
    from django.urls import reverse

    pdf = client.get(reverse("league:night_sheets_pdf", args=night_args(night)), HTTP_HOST="127.0.0.1:8000")
    text = pdf_text(pdf.content)
    game = Game.objects.get(table__round__night=night)
    assert f"http://192.168.1.20:8000/t/{game.access_token}/" in text
    assert "127.0.0.1" not in text


def _night_page(client, organizer, host):
    import datetime

    from django.urls import reverse

    from league import services

    from .test_pdf_league import make_season, night_args

    season = make_season(organizer.memberships.get().club)
    club = season.league.club
    players = [services.player_get_or_create(club=club, name=n) for n in ("Ann", "Bo", "Cy", "Di")]
    night = services.night_create(season=season, date=datetime.date(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=players)
    services.round_seat(night=night, by=organizer)
    client.force_login(organizer)
    return client.get(reverse("league:night", args=night_args(night)), HTTP_HOST=host).content.decode()


WARNING = ("Printed QR codes and links would point at 127.0.0.1, which phones cannot open. Start the server "
           "with HOST=0.0.0.0 (it then uses this computer's address on the hall's wifi) or set "
           "CLUBTALLY_PUBLIC_URL, then print.")


def test_print_links_warn_when_they_would_point_at_loopback(client, organizer, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    settings.CLUBTALLY_PUBLIC_URL = ""
    page = _night_page(client, organizer, "127.0.0.1:8000")
    assert page.count('data-testid="loopback-warning"') == 1
    assert WARNING in page


def test_print_links_do_not_warn_when_they_name_the_hall_address(client, organizer, settings):
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]
    settings.CLUBTALLY_PUBLIC_URL = "http://192.168.1.20:8000"
    page = _night_page(client, organizer, "127.0.0.1:8000")
    assert 'data-testid="loopback-warning"' not in page


def test_a_games_table_link_warns_when_it_would_point_at_localhost(client, game, organizer, settings):
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]
    settings.CLUBTALLY_PUBLIC_URL = ""
    client.force_login(organizer)
    page = client.get(f"/g/{game.public_id}/", HTTP_HOST="localhost:8000").content.decode()
    assert page.count('data-testid="loopback-warning"') == 2  # beside the table link and the print links
    assert "would point at localhost, which phones cannot open" in page
    page = client.get(f"/g/{game.public_id}/", HTTP_HOST="testserver").content.decode()
    assert 'data-testid="loopback-warning"' not in page


@pytest.mark.parametrize("host, loopback", [
    ("127.0.0.1", True), ("127.0.1.1", True), ("::1", True), ("[::1]", True), ("localhost", True),
    ("app.localhost", True), ("192.168.1.20", False), ("hall.example", False), ("10.0.0.5", False),
])
def test_which_hosts_only_this_computer_reaches(host, loopback):
    from league.public_url import is_loopback

    assert is_loopback(host) is loopback


# --- a pad over plain http says what that means ------------------------------------------------

INSECURE = ("This address is not secure (http): hands entered without network wait on this phone only while "
            "this page stays open, so keep it open and the screen awake until they are sent.")


def test_a_pad_over_plain_http_on_the_lan_says_it_keeps_its_queue_only_while_open(client, game, settings):
    settings.ALLOWED_HOSTS = ["192.168.1.20", "testserver"]
    page = client.get(f"/t/{game.access_token}/", HTTP_HOST="192.168.1.20:8000").content.decode()
    assert page.count('data-testid="insecure-pad"') == 1 and INSECURE in page


def test_a_pad_over_https_or_on_this_computer_says_nothing_of_it(client, game, settings):
    settings.ALLOWED_HOSTS = ["hall.example", "localhost", "testserver"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    secure = client.get(f"/t/{game.access_token}/", HTTP_HOST="hall.example",
                        HTTP_X_FORWARDED_PROTO="https").content.decode()
    local = client.get(f"/t/{game.access_token}/", HTTP_HOST="localhost:8000").content.decode()
    assert 'data-testid="insecure-pad"' not in secure and 'data-testid="insecure-pad"' not in local


def test_the_read_only_page_says_nothing_of_it(client, game, settings):
    settings.ALLOWED_HOSTS = ["192.168.1.20", "testserver"]
    page = client.get(f"/g/{game.public_id}/", HTTP_HOST="192.168.1.20:8000").content.decode()
    assert 'data-testid="insecure-pad"' not in page
