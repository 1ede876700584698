"""The meld counter in a real browser: tapping cards updates the total live
(htmx swaps ``#meld-result``), and from a game's "count" link the total goes
back into the hand form.

Meld values from docs/rules.md, "Partnership Pinochle" (default scoring and its composition rules).
"""
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, login, no_horizontal_scroll

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def tap_trump(page, suit: str):
    page.locator(f"#meld-form label.chip.suit-{suit}").tap()
    expect(page.locator(f"#meld-form input[name=trump][value={suit}]")).to_be_checked()


def tap_cards(page, hand: str, codes: str):
    """Tap the copy boxes of ``codes`` (``"AD 10D QS QS"``: a repeated code takes copy 2)
    in hand ``a`` or ``b``; each tap is a change that htmx sends."""
    seen: dict[str, int] = {}
    for code in codes.split():
        seen[code] = seen.get(code, 0) + 1
        copy = page.locator("#meld-form label.copy").filter(
            has=page.locator(f"input[name={hand}][value='{code}']")
        ).nth(seen[code] - 1)
        copy.tap()
        expect(copy.locator("input")).to_be_checked()


def test_meld_counter_seed_example(live_server, phone, tmp_path):
    page = phone.new_page()
    page.goto(f"{live_server.url}/meld/")
    expect(page.locator("h1")).to_have_text("Meld counter")
    expect(page.locator("[data-testid=meld-total]")).to_have_count(0)

    # ♦ trump, AD 10D KD QD JD QS JS JH JC = run 150 + jacks
    # around 40 + pinochle 40 = 230 (J♦ serves in all three classes).
    tap_trump(page, "D")
    expect(page.locator("[data-testid=meld-total]")).to_have_text("0")
    tap_cards(page, "a", "AD 10D KD QD JD QS JS JH JC")
    expect(page.locator("#meld-result [data-testid=meld-a]")).to_have_text("230")
    expect(page.locator("#meld-result [data-testid=meld-total]")).to_have_text("230")
    points = page.locator("#meld-result .meld-hand li b").all_inner_texts()
    assert sorted(map(int, points)) == [40, 40, 150], points
    # No game: no button to carry the meld anywhere.
    expect(page.get_by_role("link", name="Use this meld")).to_have_count(0)
    # htmx updated the result in place: still the same page, no full reload.
    assert page.url == f"{live_server.url}/meld/"
    no_horizontal_scroll(page, PHONE["width"])
    page.screenshot(path=tmp_path / "01-meld-230.png", full_page=True)


def test_meld_counter_fills_the_hand_form(live_server, phone, organizer, start_game, tmp_path):
    game = start_game()
    page = phone.new_page()
    login(page, live_server.url, organizer, f"/g/{game.public_id}/")

    # N–S's "count" link, beside the N–S meld box.
    ns_meld = page.locator("#hand-form input[name=meld_0]")
    ns_meld.locator("xpath=ancestor::label[1]").get_by_role("link", name="count").tap()
    page.wait_for_url(lambda u: urlsplit(u).path == "/meld/")
    query = parse_qs(urlsplit(page.url).query)
    assert query["back"] == [f"/g/{game.public_id}/"] and query["side"] == ["0"], page.url
    expect(page.locator("#meld-form legend", has_text="Partner 1")).to_be_visible()

    # ♥ trump. Partner 1: AH 10H KH QH JH = run 150 (its K/Q do not also
    # marry). Partner 2: KS QS = marriage 20, QS + JD = pinochle 40 → 60.
    tap_trump(page, "H")
    tap_cards(page, "a", "AH 10H KH QH JH")
    tap_cards(page, "b", "KS QS JD")
    expect(page.locator("#meld-result [data-testid=meld-a]")).to_have_text("150")
    expect(page.locator("#meld-result [data-testid=meld-b]")).to_have_text("60")
    expect(page.locator("#meld-result [data-testid=meld-total]")).to_have_text("210")
    page.screenshot(path=tmp_path / "01-partners.png", full_page=True)

    with page.expect_navigation():
        page.get_by_role("link", name="Use this meld").tap()
    assert page.url.split("#")[0].split("?")[0] == f"{live_server.url}/g/{game.public_id}/"
    expect(page.locator("#hand-form input[name=meld_0]")).to_have_value("210")
    expect(page.locator("#hand-form input[name=meld_1]")).to_have_value("")
    expect(page.locator("#hand-form input[name=trump][value=H]")).to_be_checked()
    page.screenshot(path=tmp_path / "02-prefilled.png", full_page=True)


def test_the_meld_counter_from_a_table_link_returns_to_it_with_the_hand_intact(live_server, phone, start_game):
    """Nobody logged in: the table link's pad, then the counter, then back to
    the table link (not the read-only public page), the typed hand kept."""
    game = start_game()
    page = phone.new_page()
    table = f"{live_server.url}/t/{game.access_token}/"
    page.goto(table)
    page.locator("#hand-form fieldset[data-field=bidder_seat] label.chip").filter(
        has=page.locator("input[value='2']")).tap()
    page.fill("#hand-form input[name=bid]", "320")
    page.fill("#hand-form input[name=meld_0]", "80")
    page.locator("#hand-form input[name=meld_1]").locator("xpath=ancestor::label[1]").get_by_role(
        "link", name="count").tap()
    page.wait_for_url(lambda u: urlsplit(u).path == "/meld/")
    tap_trump(page, "S")
    tap_cards(page, "a", "QS JD")
    expect(page.locator("#meld-result [data-testid=meld-total]")).to_have_text("40")
    with page.expect_navigation():
        page.get_by_role("link", name="Use this meld").tap()
    assert urlsplit(page.url).path == f"/t/{game.access_token}/"
    expect(page.locator("#hand-form")).to_be_visible()
    expect(page.locator("#hand-form input[name=bidder_seat][value='2']")).to_be_checked()
    expect(page.locator("#hand-form input[name=bid]")).to_have_value("320")
    expect(page.locator("#hand-form input[name=meld_0]")).to_have_value("80")
    expect(page.locator("#hand-form input[name=meld_1]")).to_have_value("40")
    expect(page.locator("#hand-form input[name=trump][value=S]")).to_be_checked()
