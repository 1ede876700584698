"""Every game handed to a table has a table link and its QR code, opening the
score pad (not the read-only page): casual Pinochle started without an
account, a casual rummy or cribbage game an organizer starts outside a league."""
import html
import re

import pytest
import segno
from django.core.cache import cache
from django.urls import reverse

from league.models import Game
from league.games.cribbage.services import cribbage_game_create
from league.games.rummy.services import rummy_game_create

from .test_pdf_fonts import pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def qr_of(page: str) -> tuple[str, str]:
    """The table link shown and the link its QR code's SVG encodes, from the page as served."""
    shown = html.unescape(re.search(r'<code data-testid="table-link">([^<]*)</code>', page).group(1))
    svg = re.search(r'<figure class="table-qr" data-testid="table-qr">(<svg .*?</svg>)', page, re.S).group(1)
    return shown, svg


def segno_svg(link: str) -> str:
    return segno.make(link, error="m").svg_inline(scale=1, border=4, omitsize=True, light="#fff", dark="#000",
                                                  svgclass="qr", lineclass=None)


def modules(svg: str) -> str:
    """The symbol's dark modules: the path of the SVG."""
    return re.search(r'<path stroke="#000" d="([^"]*)"', svg).group(1)


def test_a_casual_rummy_game_shows_its_organizer_the_table_link_and_its_qr_code(client, club, players, organizer):
    game = rummy_game_create(club=club, players=players, by=organizer)
    client.force_login(organizer)
    page = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    shown, svg = qr_of(page)
    assert shown == f"http://testserver/t/{game.access_token}/"
    assert modules(svg) == modules(segno_svg(shown))
    assert 'aria-label="QR code of the table link"' in svg and f'data-link="{shown}"' in svg


def test_a_casual_cribbage_game_shows_its_organizer_the_table_link_and_its_qr_code(client, club, players, organizer):
    game = cribbage_game_create(club=club, players=players[:2], by=organizer)
    client.force_login(organizer)
    shown, svg = qr_of(client.get(reverse("league:game", args=[game.public_id])).content.decode())
    assert shown == f"http://testserver/t/{game.access_token}/"
    assert modules(svg) == modules(segno_svg(shown))


def test_a_casual_game_started_without_an_account_shows_its_table_link_and_qr_on_the_pad(client):
    answer = client.post("/casual/new/", {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"})
    game = Game.objects.get()
    page = client.get(answer["Location"]).content.decode()
    shown, svg = qr_of(page)
    assert shown == f"http://testserver/t/{game.access_token}/"
    assert modules(svg) == modules(segno_svg(shown))
    assert 'data-testid="table-link-box" open>' in page  # the holder's box is open: ready to scan
    assert 'data-testid="reissue-link"' not in page  # revoking is the organizers'


def test_a_casual_games_printed_sheet_from_its_table_link_carries_the_table_link(client):
    answer = client.post("/casual/new/", {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"})
    game = Game.objects.get()
    page = client.get(answer["Location"]).content.decode()
    url = reverse("league:table_sheet_pdf", args=[game.access_token])
    assert f'href="{url}" data-testid="print-table-sheet"' in page
    pdf = client.get(url)
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = pdf_text(pdf.content)
    assert f"http://testserver/t/{game.access_token}/" in text
    assert "Scan to enter this game's scores" in text
    assert f"/g/{game.public_id}/" not in text


def test_the_table_sheets_qr_code_is_the_table_link(client, club, players, organizer, monkeypatch):
    from league.pdf import game_sheet

    game = rummy_game_create(club=club, players=players, by=organizer)
    encoded = []
    original = game_sheet.qr_code
    monkeypatch.setattr(game_sheet, "qr_code", lambda url, size: encoded.append(url) or original(url, size))
    assert client.get(reverse("league:table_sheet_pdf", args=[game.access_token])).status_code == 200
    assert encoded == [f"http://testserver/t/{game.access_token}/"]


def test_a_league_tables_link_page_leaves_the_link_to_the_printed_sheet(client, club, players, organizer):
    """At a league table the night's printed sheet carries the QR code; the
    table link's page shows no link box (tests/league/test_rummy_league.py)."""
    from .test_pdf_league import make_season
    import datetime

    from league import services

    season = make_season(club)
    night = services.night_create(season=season, date=datetime.date(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=players)
    services.round_seat(night=night, by=organizer)
    game = Game.objects.get(table__round__night=night)
    page = client.get(reverse("league:table", args=[game.access_token])).content.decode()
    assert 'data-testid="table-link-box"' not in page


def test_a_casual_pads_print_link_prints_the_sheet_whose_qr_code_opens_the_pad(client):
    answer = client.post("/casual/new/", {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"})
    game = Game.objects.get()
    page = client.get(answer["Location"]).content.decode()
    url = reverse("league:table_sheet_pdf", args=[game.access_token])
    assert f'<a href="{url}" data-testid="print-sheet">Print sheet (PDF)</a> · <a href="{url}?paper=letter">' in page
