"""The night's live board on the hall's screen (1920×1080), read from across
the room: the full width, large type everywhere (no 17 px text in a 1020 px
column), full names, nothing sideways."""
import pytest

from tests.e2e.conftest import _context
from tests.e2e.main_pages import build_world

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

HALL_SCREEN = {"width": 1920, "height": 1080}
SMALLEST_TEXT = """() => {
  const sizes = [];
  const walk = document.createTreeWalker(document.querySelector('#board'), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, e = node.parentElement;
    if (!node.textContent.trim() || !e.getClientRects().length) continue;
    sizes.push([parseFloat(getComputedStyle(e).fontSize), node.textContent.trim().slice(0, 30)]);
  }
  sizes.sort((a, b) => a[0] - b[0]);
  return sizes[0];
}"""


def test_the_live_board_fills_the_hall_screen_in_large_type(browser, live_server, organizer, tmp_path):
    from django.urls import reverse

    w = build_world(organizer)
    context = _context(browser, viewport=HALL_SCREEN, screen=HALL_SCREEN)
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("league:night_board", args=[
            w["club"].slug, w["league"].slug, w["season"].pk, w["night"].pk]))
        board = page.locator("#board").bounding_box()
        assert board["width"] >= 1800, board
        size, text = page.evaluate(SMALLEST_TEXT)
        assert size >= 22, f"the smallest text on the board is {size}px: {text!r}"
        card = page.locator("[data-testid=table-1-1]")
        assert float(card.evaluate("e => parseFloat(getComputedStyle(e.querySelector('.side-line')).fontSize)")) >= 28
        assert float(page.locator("#board h1").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 38
        seated = [seat.player.name for seat in w["game"].seats.all()]
        assert len(seated) == 4 and all(name in card.inner_text() for name in seated)  # full names, not cut
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= HALL_SCREEN["width"]
        page.screenshot(path=tmp_path / "hall-screen-board.png")
    finally:
        context.close()
