"""Double-deck Pinochle in a real browser on a phone (docs/rules.md, "Double-deck Pinochle"):
a full game to 500 entered by taps, with trick points totalling 50 and bids
from 50 (the stepper goes by 1 from 50, by 5 from 60).

Every expected number is worked out by hand under the standard double-deck
rules (500, min bid 50, counters 1 each + 2 for the last trick = 50, the
defenders keep their meld only with a counter, set = −bid).
"""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, chip, hand_row, login, no_horizontal_scroll, row_delta, row_total, total

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

NAMES = {"north": "Nora Quinn", "east": "Eli Park", "south": "Sam Ortiz", "west": "Wren Hale"}
NS, EW = "Nora Quinn & Sam Ortiz", "Eli Park & Wren Hale"


def rows(page):
    return page.locator("[data-testid=hand-row]")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def assert_totals(page, ns: int, ew: int):
    expect(total(page, 0)).to_have_text(str(ns))
    expect(total(page, 1)).to_have_text(str(ew))


def assert_row(page, number: int, deltas, totals):
    for side in (0, 1):
        expect(row_delta(page, number, side)).to_have_text(signed(deltas[side]))
        expect(row_total(page, number, side)).to_have_text(str(totals[side]))


def tap_bid(page, bidder: str, bid: int):
    """Tap the bidder's chip (the bid jumps to the minimum 50), then + up to ``bid``:
    by 1 up to 60, by 5 from there."""
    bid_input = page.locator("#hand-form input[name=bid]")
    expect(bid_input).to_have_value("")
    chip(page, "bidder_seat", bidder).tap()
    expect(bid_input).to_have_value("50")
    raise_bid = page.locator("#hand-form button.step[data-step-dir='1']")
    taps = bid - 50 if bid <= 60 else 10 + (bid - 60) // 5
    for _ in range(taps):
        raise_bid.tap()
    expect(bid_input).to_have_value(str(bid))


def played(page, *, bidder, bid, trump, meld, ns_tricks, expected_rows):
    tap_bid(page, bidder, bid)
    chip(page, "trump", trump).tap()
    page.locator("#hand-form input[name=meld_0]").fill(str(meld[0]))
    page.locator("#hand-form input[name=meld_1]").fill(str(meld[1]))
    field = page.locator("#hand-form input[name=tricks_0]")
    field.fill("")
    field.press_sequentially(str(ns_tricks))
    # pad.js fills E–W with the rest of the double deck's 50 trick points
    expect(page.locator("#hand-form input[name=tricks_1]")).to_have_value(str(50 - ns_tricks))
    page.locator("#hand-form button[type=submit]").tap()
    expect(rows(page)).to_have_count(expected_rows)
    expect(page.locator("#hand-form .error, #hand-form .errors")).to_have_count(0)


def test_double_deck_game_to_500_on_a_phone(live_server, phone, organizer, tmp_path):
    page = phone.new_page()
    login(page, live_server.url, organizer, f"/clubs/{organizer.club.slug}/games/new/?type=double_deck")
    expect(page.locator("h1")).to_contain_text("New game")
    expect(page.locator("select[name=rule_profile]")).to_contain_text("Standard double-deck (500 · min 50)")
    no_horizontal_scroll(page, PHONE["width"])
    for seat, name in NAMES.items():
        page.locator(f"input[name={seat}]").fill(name)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    assert re.search(r"/g/[\w-]+/$", page.url), page.url
    expect(page.locator("[data-testid=total-0] .who")).to_have_text(NS)
    expect(page.locator("[data-testid=total-1] .who")).to_have_text(EW)
    assert_totals(page, 0, 0)
    form = page.locator("#hand-form")
    expect(form).to_have_attribute("data-min-bid", "50")
    expect(form).to_have_attribute("data-trick-total", "50")
    no_horizontal_scroll(page, PHONE["width"])

    # 1. N bids 55 ♥: N–S 20 + 38 = 58 ≥ 55 made; E–W 12 + 12 = 24.
    played(page, bidder="N Nora", bid=55, trump="♥", meld=(20, 12), ns_tricks=38, expected_rows=1)
    assert_totals(page, 58, 24)
    assert_row(page, 1, (58, 24), (58, 24))

    # 2. E bids 50 ♠: E–W 30 + 30 = 60 made → 84; N–S 10 + 20 = 30 → 88.
    played(page, bidder="E Eli", bid=50, trump="♠", meld=(10, 30), ns_tricks=20, expected_rows=2)
    assert_totals(page, 88, 84)
    assert_row(page, 2, (30, 60), (88, 84))

    # 3. S bids 65 ♦: N–S 20 + 40 = 60 < 65, set −65 → 23; E–W 40 + 10 = 50 → 134.
    played(page, bidder="S Sam", bid=65, trump="♦", meld=(20, 40), ns_tricks=40, expected_rows=3)
    assert_totals(page, 23, 134)
    assert_row(page, 3, (-65, 50), (23, 134))
    expect(hand_row(page, 3).locator(".set-tag")).to_have_text("set")

    # 4. N bids 60 ♣: N–S 250 + 30 = 280 → 303; E–W 150 + 20 = 170 → 304.
    played(page, bidder="N Nora", bid=60, trump="♣", meld=(250, 150), ns_tricks=30, expected_rows=4)
    assert_totals(page, 303, 304)
    assert_row(page, 4, (280, 170), (303, 304))
    expect(page.locator("[data-testid=game-over]")).to_have_count(0)

    # 5. W bids 75 ♠: E–W 180 + 35 = 215 ≥ 75 → 519; N–S 160 + 15 = 175 → 478.
    # Only E–W pass 500: E–W win.
    played(page, bidder="W Wren", bid=75, trump="♠", meld=(160, 180), ns_tricks=15, expected_rows=5)
    assert_totals(page, 478, 519)
    assert_row(page, 5, (175, 215), (478, 519))
    expect(hand_row(page, 5).locator("td.bid")).to_contain_text("75")
    banner = page.locator("[data-testid=game-over]")
    expect(banner).to_contain_text(f"Game over: E–W ({EW}) win.")
    expect(banner).to_contain_text("E–W reached 519")
    expect(page.locator("[data-testid=total-1]")).to_have_class(re.compile(r"\bwinner\b"))
    expect(page.locator("[data-testid=total-0]")).not_to_have_class(re.compile(r"\bwinner\b"))
    expect(page.locator("#hand-form")).to_have_count(0)
    no_horizontal_scroll(page, PHONE["width"])
    page.screenshot(path=tmp_path / "double-deck-game-over.png", full_page=True)
