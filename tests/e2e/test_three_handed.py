"""Three-handed Pinochle in a real browser on a phone (docs/rules.md, "Three-handed Pinochle"):
a full cut-throat game to the target entered by taps, and an auction-settlement
sitting with its units, balances and settle-up line.

Every expected number is worked out by hand: cut-throat under the standard
rules (1500, min 250 by 10, 250 trick points, an opponent keeps its meld only
with a counter, the bidder wins a shared finish); auction under the default
bid-value table (300–340: 1 unit, 350–390: 2, 400–440: 3).
"""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, chip, hand_row, login, no_horizontal_scroll, row_delta, row_total, total

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PLAYERS = ("Ann Lee", "Bo Reyes", "Cy Tran")
CHIPS = ("1 Ann", "2 Bo", "3 Cy")


def rows(page):
    return page.locator("[data-testid=hand-row]")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def assert_totals(page, *totals):
    for side, value in enumerate(totals):
        expect(total(page, side)).to_have_text(str(value))


def assert_row(page, number: int, deltas, totals):
    for side in range(3):
        expect(row_delta(page, number, side)).to_have_text(signed(deltas[side]))
        expect(row_total(page, number, side)).to_have_text(str(totals[side]))


def start_three_handed(page, url, organizer, profile_label=None):
    """The new-game page for three players, names typed in, the game started."""
    login(page, url, organizer, f"/clubs/{organizer.club.slug}/games/new/?type=three_handed")
    expect(page.locator("h1")).to_contain_text("New game")
    expect(page.locator("input[name=west]")).to_have_count(0)
    no_horizontal_scroll(page, PHONE["width"])
    for seat, name in zip(("north", "east", "south"), PLAYERS):
        page.locator(f"input[name={seat}]").fill(name)
    if profile_label:
        page.locator("select[name=rule_profile]").select_option(label=profile_label)
    with page.expect_navigation():
        page.get_by_role("button", name="Start the game").tap()
    assert re.search(r"/g/[\w-]+/$", page.url), page.url
    for side, name in enumerate(PLAYERS):
        expect(page.locator(f"[data-testid=total-{side}] .who")).to_have_text(name)
    assert_totals(page, 0, 0, 0)
    expect(rows(page)).to_have_count(0)


def tap_bid(page, bidder: int, bid: int):
    """Tap the bidder's chip (the bid jumps to the minimum 250), then + up to ``bid``."""
    bid_input = page.locator("#hand-form input[name=bid]")
    expect(bid_input).to_have_value("")
    chip(page, "bidder_seat", CHIPS[bidder]).tap()
    expect(bid_input).to_have_value("250")
    raise_bid = page.locator("#hand-form button.step[data-step-dir='1']")
    for _ in range((bid - 250) // 10):
        raise_bid.tap()
    expect(bid_input).to_have_value(str(bid))


def type_meld(page, meld):
    for side, value in enumerate(meld):
        page.locator(f"#hand-form input[name=meld_{side}]").fill(str(value))


def type_tricks(page, tricks):
    """Type the first two players' trick points; pad.js gives the third the rest of 250."""
    for side in (0, 1):
        field = page.locator(f"#hand-form input[name=tricks_{side}]")
        field.fill("")
        field.press_sequentially(str(tricks[side]))
    expect(page.locator("#hand-form input[name=tricks_2]")).to_have_value(str(tricks[2]))


def add_hand(page, expected_rows: int):
    page.locator("#hand-form button[type=submit]").tap()
    expect(rows(page)).to_have_count(expected_rows)
    expect(page.locator("#hand-form .error, #hand-form .errors")).to_have_count(0)


def played(page, *, bidder, bid, trump, meld, tricks, expected_rows):
    tap_bid(page, bidder, bid)
    chip(page, "trump", trump).tap()
    type_meld(page, meld)
    type_tricks(page, tricks)
    add_hand(page, expected_rows)


def thrown_in(page, *, bidder, bid, trump, meld, expected_rows):
    chip(page, "kind", "thrown in").tap()
    expect(page.locator("#hand-form input[name=tricks_0]")).to_be_hidden()
    tap_bid(page, bidder, bid)
    chip(page, "trump", trump).tap()
    type_meld(page, meld)
    add_hand(page, expected_rows)


def test_cutthroat_game_to_1500_on_a_phone(live_server, phone, organizer, tmp_path):
    page = phone.new_page()
    start_three_handed(page, live_server.url, organizer)
    expect(page.locator("p.rules")).to_contain_text("1500")
    no_horizontal_scroll(page, PHONE["width"])

    # 1. Ann bids 300 ♥ and makes 200 + 150 = 350; Bo 60 + 70 = 130; Cy 0 + 30 = 30.
    played(page, bidder=0, bid=300, trump="♥", meld=(200, 60, 0), tricks=(150, 70, 30), expected_rows=1)
    assert_totals(page, 350, 130, 30)
    assert_row(page, 1, (350, 130, 30), (350, 130, 30))

    # 2. Bo bids 350 ♠, takes 100 + 60 = 160 < 350: set −350; Ann 50 + 90 = 140; Cy 120 + 100 = 220.
    played(page, bidder=1, bid=350, trump="♠", meld=(50, 100, 120), tricks=(90, 60, 100), expected_rows=2)
    assert_totals(page, 490, -220, 250)
    assert_row(page, 2, (140, -350, 220), (490, -220, 250))
    expect(hand_row(page, 2).locator(".set-tag")).to_have_text("set")

    # 3. Cy bids 300 ♦ and throws in: −300; Ann and Bo keep their meld 100 and 40.
    thrown_in(page, bidder=2, bid=300, trump="♦", meld=(100, 40, 20), expected_rows=3)
    assert_totals(page, 590, -180, -50)
    assert_row(page, 3, (100, 40, -300), (590, -180, -50))
    expect(hand_row(page, 3).locator("td.bid")).to_contain_text("thrown in")

    # 4. Ann bids 400 ♣: 600 + 160 = 760 made → 1350; Bo 300 + 50 → 170; Cy 200 + 40 → 190.
    played(page, bidder=0, bid=400, trump="♣", meld=(600, 300, 200), tricks=(160, 50, 40), expected_rows=4)
    assert_totals(page, 1350, 170, 190)
    assert_row(page, 4, (760, 350, 240), (1350, 170, 190))
    expect(page.locator("[data-testid=game-over]")).to_have_count(0)
    no_horizontal_scroll(page, PHONE["width"])

    # 5. Cy bids 300 ♥: 1200 + 130 = 1330 made → 1520; Ann 150 + 100 = 250 → 1600;
    # Bo 0 + 20 → 190. Ann and Cy both pass 1500 on the same hand: the bidder Cy
    # wins with the lower total.
    played(page, bidder=2, bid=300, trump="♥", meld=(150, 0, 1200), tricks=(100, 20, 130), expected_rows=5)
    assert_totals(page, 1600, 190, 1520)
    assert_row(page, 5, (250, 20, 1330), (1600, 190, 1520))
    banner = page.locator("[data-testid=game-over]")
    expect(banner).to_contain_text("Game over: Cy Tran wins.")
    expect(banner).to_contain_text("Cy Tran reached 1520 and bid: Cy Tran wins although another player has 1600")
    expect(page.locator("[data-testid=total-2]")).to_have_class(re.compile(r"\bwinner\b"))
    expect(page.locator(".scoreboard .winner")).to_have_count(1)
    expect(page.locator("#hand-form")).to_have_count(0)
    no_horizontal_scroll(page, PHONE["width"])
    page.screenshot(path=tmp_path / "cutthroat-game-over.png", full_page=True)


def test_auction_sitting_on_a_phone(live_server, phone, organizer, tmp_path):
    from league.models import GameType, RuleProfile

    RuleProfile.objects.create(club=organizer.club, name="Auction", game_type=GameType.THREE_HANDED,
                               options={"settlement": "auction"})
    page = phone.new_page()
    start_three_handed(page, live_server.url, organizer, profile_label="Auction")
    settle = page.locator("[data-testid=settle-up]")
    expect(settle).to_contain_text("Settle up: all square")
    expect(page.locator("[data-testid=sheet] thead")).to_contain_text("Units · balance")

    # 1. Ann bids 350 ♥ (2 units), 200 + 160 made: each opponent pays Ann 2.
    played(page, bidder=0, bid=350, trump="♥", meld=(200, 50, 30), tricks=(160, 60, 30), expected_rows=1)
    assert_totals(page, 4, -2, -2)
    assert_row(page, 1, (4, -2, -2), (4, -2, -2))
    expect(settle).to_contain_text("Bo Reyes pays Ann Lee 2 · Cy Tran pays Ann Lee 2")

    # 2. Bo bids 300 ♠ (1 unit) and throws in: Bo pays each opponent 1 (single set).
    thrown_in(page, bidder=1, bid=300, trump="♠", meld=(0, 60, 0), expected_rows=2)
    assert_totals(page, 5, -4, -1)
    assert_row(page, 2, (1, -2, 1), (5, -4, -1))

    # 3. Cy bids 400 ♦ (3 units), 100 + 100 = 200 < 400: set, Cy pays each opponent 6 (double set).
    played(page, bidder=2, bid=400, trump="♦", meld=(0, 0, 100), tricks=(100, 50, 100), expected_rows=3)
    assert_totals(page, 11, 2, -13)
    assert_row(page, 3, (6, 6, -12), (11, 2, -13))
    expect(hand_row(page, 3).locator(".set-tag")).to_have_text("set")

    # 4. All passed: nothing paid.
    chip(page, "kind", "all passed").tap()
    expect(page.locator("#hand-form input[name=bid]")).to_be_hidden()
    add_hand(page, 4)
    assert_totals(page, 11, 2, -13)
    expect(hand_row(page, 4).locator("td.bid")).to_have_text("all passed")

    expect(settle).to_have_text(re.compile(r"Settle up:\s*Cy Tran pays Ann Lee 11\s*·\s*Cy Tran pays Bo Reyes 2"))
    # balances always sum to zero; a sitting has no winner and keeps taking hands
    assert sum(int(total(page, s).inner_text()) for s in range(3)) == 0
    expect(page.locator("[data-testid=game-over]")).to_have_count(0)
    expect(page.locator(".scoreboard .winner")).to_have_count(0)
    expect(page.locator("#hand-form button[type=submit]")).to_have_text("Add hand")
    no_horizontal_scroll(page, PHONE["width"])
    page.screenshot(path=tmp_path / "auction-sitting.png", full_page=True)
