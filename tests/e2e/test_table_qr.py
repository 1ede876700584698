"""Every game handed to a table has a table link and its QR code, and the code
opens the score pad: a casual rummy game (no league) started by an organizer
on a laptop, its code scanned by a phone that enters a round without an account."""
import re

import pytest
import segno
from playwright.sync_api import expect

from tests.e2e.conftest import login, total

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def dark_modules(svg: str) -> str:
    return re.search(r'<path stroke="#000" d="([^"]*)"', svg).group(1)


def test_a_casual_rummy_games_qr_code_opens_its_pad(live_server, laptop, phone, organizer, players):
    from league.games.rummy.services import rummy_game_create

    game = rummy_game_create(club=organizer.club, players=players, by=organizer.user)
    desk = laptop.new_page()
    login(desk, live_server.url, organizer, f"/g/{game.public_id}/")
    desk.locator("[data-testid=table-link-box] summary").click()
    link = desk.get_by_test_id("table-link").text_content().strip()
    assert link == f"{live_server.url}/t/{game.access_token}/"
    qr = desk.locator("[data-testid=table-qr] svg")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box["width"] >= 160 and box["width"] == box["height"]  # big enough for a phone camera
    svg = qr.evaluate("e => e.outerHTML")
    # the code drawn is, module for module, segno's symbol of the table link shown under it
    expected = segno.make(link, error="m").svg_inline(scale=1, border=4, omitsize=True, light="#fff", dark="#000",
                                                      svgclass="qr", lineclass=None)
    assert dark_modules(svg) == dark_modules(expected)

    # the phone "scans" it: the link the code holds opens the score pad, not the read-only page
    pad = phone.new_page()
    pad.goto(link)
    expect(pad.locator("#round-form")).to_be_visible()
    pad.locator("input[name=t0_melds_on_table]").fill("400")
    pad.locator("input[name=t1_melds_on_table]").fill("200")
    pad.locator("#round-form button[type=submit]").tap()
    expect(pad.locator("[data-testid=round-row]")).to_have_count(1)
    expect(total(pad, 0)).to_have_text("400")
    expect(total(pad, 1)).to_have_text("200")
