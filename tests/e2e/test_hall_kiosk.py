"""The hall's screen across the room (1920×1080): a kiosk page without the
site header, tonight's scores 2–3× the names, the whole height used, and
"Tonight" and "Season" named; axe finds nothing serious on it."""
import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import _context
from tests.e2e.main_pages import AXE, build_world
from tests.e2e.test_accessibility import RUN_AXE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HALL_SCREEN = {"width": 1920, "height": 1080}
FONT = "e => parseFloat(getComputedStyle(e).fontSize)"


@pytest.fixture
def kiosk(browser, live_server, organizer):
    w = build_world(organizer)
    context = _context(browser, viewport=HALL_SCREEN, screen=HALL_SCREEN)
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    page.goto(live_server.url + reverse("league:night_screen", args=[
        w["club"].slug, w["league"].slug, w["season"].pk, w["night"].pk]))
    yield page, w
    context.close()


def test_the_hall_screen_has_no_site_header(kiosk):
    page, _w = kiosk
    assert page.locator("header.top").count() == 0
    assert page.locator("nav").count() == 0
    assert page.locator("#board h1").text_content().startswith("Thursday Partners · ")
    assert page.title().startswith("Hall screen · Thursday Partners")


def test_the_hall_screen_uses_the_whole_height_without_scrolling(kiosk):
    page, _w = kiosk
    board = page.locator("#board").bounding_box()
    assert board["width"] >= 1800 and board["y"] + board["height"] >= 1080 - 20 - 1, board
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= HALL_SCREEN["height"]
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= HALL_SCREEN["width"]
    standings = page.locator(".kiosk-standings").bounding_box()
    assert standings["y"] + standings["height"] >= 1080 * 0.9  # the standings reach the bottom, not half the screen


def test_tonights_scores_are_two_to_three_times_the_names(kiosk):
    page, w = kiosk
    table = page.get_by_test_id("kiosk-table-1")
    sides = table.locator(".kiosk-side")
    expect(sides).to_have_count(2)
    totals = [s.total for s in w["game"].sides.order_by("side")]
    for side in range(2):
        line = sides.nth(side)
        expect(line.locator(".kiosk-score")).to_have_text(str(totals[side]))
        ratio = line.locator(".kiosk-score").evaluate(FONT) / line.locator(".kiosk-name").evaluate(FONT)
        assert 2 <= ratio <= 3, ratio
    assert sides.nth(0).locator(".kiosk-name").evaluate(FONT) >= 32  # 3.2vh of 1080


def test_the_seasons_points_are_twice_the_names(kiosk):
    from league import services
    from league.games.pinochle.hand_inputs import PinochleHandInput
    from league.models import Game

    page, w = kiosk
    second = Game.objects.get(table__round__night=w["night"], table__number=2)
    for _ in range(4):  # N–S 450 a hand: 1800 ≥ 1500 ends the game, its result enters the standings
        services.entry_record(game=second, by=w["league"].club.memberships.first().user, inputs=PinochleHandInput(
            kind="played", bidder_seat=0, bid=250, trump="H", meld=(200, 0), tricks=(250, 0)))
    page.reload()
    rows = page.locator(".kiosk-standings li")
    expect(rows).to_have_count(2)  # the two teams with a result
    expect(rows.first.locator(".kiosk-score")).to_have_text("1800")
    first = rows.first
    ratio = first.locator(".kiosk-score").evaluate(FONT) / first.locator(".kiosk-name").evaluate(FONT)
    assert 2 <= ratio <= 3, ratio


def test_tonight_and_the_season_are_named(kiosk, tmp_path):
    page, w = kiosk
    page.screenshot(path=tmp_path / "hall-kiosk.png")
    expect(page.get_by_test_id("kiosk-tonight")).to_have_text("Tonight · round 1 of 3")
    expect(page.get_by_test_id("kiosk-season")).to_have_text(f"Season standings · {w['season'].name}")


def test_the_smallest_text_on_the_hall_screen_is_readable_across_the_room(kiosk):
    from tests.e2e.test_hall_screen import SMALLEST_TEXT

    page, _w = kiosk
    size, text = page.evaluate(SMALLEST_TEXT)
    assert size >= 28, f"the smallest text on the hall screen is {size}px: {text!r}"


def test_axe_finds_nothing_serious_on_the_hall_screen(kiosk):
    page, _w = kiosk
    assert page.evaluate(RUN_AXE) == []
