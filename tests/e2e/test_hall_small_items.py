"""Small things of a club night, in a real browser on a phone (390×844): the
focus goes to the first field in error, a trick field filled in for the
player is replaced by what is typed into it, not appended to."""
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import chip

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_first_field_in_error_takes_the_focus(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    page.locator("label[for=id_bidder_seat_0]").tap()  # N
    page.locator("#hand-form input[name=bid]").fill("245")
    chip(page, "trump", "♥").tap()
    page.locator("#hand-form input[name=meld_0]").fill("105")
    page.locator("#hand-form input[name=meld_1]").fill("60")
    page.locator("#hand-form input[name=tricks_0]").fill("150")
    page.locator("#hand-form input[name=tricks_1]").fill("60")
    page.locator("#hand-form button[type=submit]").tap()
    expect(page.locator("#id_bid_error")).to_have_text("bid 245 is below the minimum 250")
    expect(page.locator("#id_meld_0_error")).to_have_text("meld 105 is not a multiple of 10")
    expect(page.locator("#id_tricks_0_error")).to_have_text("trick points 150 + 60 must total 250")
    expect(page.locator("#hand-form input[name=bid]")).to_be_focused()


def test_typing_into_a_trick_field_filled_in_replaces_it(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    page.locator("#hand-form input[name=tricks_0]").press_sequentially("170")
    other = page.locator("#hand-form input[name=tricks_1]")
    expect(other).to_have_value("80")
    other.tap()
    other.press_sequentially("90")
    expect(other).to_have_value("90")  # not "8090"
    expect(page.locator("#hand-form input[name=tricks_0]")).to_have_value("170")  # typed: never overwritten
