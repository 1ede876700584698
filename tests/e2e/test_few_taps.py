"""Entry in few taps on the pad: fields advance in the page's order (a number that cannot grow by itself),
the remainder never overwrites a typed number, no input stays in the address."""
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import chip, row_total
from league.games.pinochle.hand_inputs import PinochleHandInput

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_played_hand_follows_the_pads_order_counted_strictly(live_server, phone, start_game):
    """Bidder, bid, trump, then N–S's meld and tricks, then E–W's meld (their
    tricks are the remainder): every tap, typed value and Next counted."""
    from league.models import Hand

    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    taps = 0

    def tap(locator):
        nonlocal taps
        locator.click()
        taps += 1

    def type_value(text):
        nonlocal taps
        page.keyboard.type(text)
        taps += 1

    def next_key():
        nonlocal taps
        page.keyboard.press("Enter")
        taps += 1

    tap(chip(page, "bidder_seat", "Nora"))
    expect(page.locator("input[name=bid]")).to_be_focused()
    type_value("350")
    next_key()  # the bid could grow: Next goes to the trump
    expect(page.locator("#id_trump_0")).to_be_focused()
    tap(chip(page, "trump", "♥"))
    expect(page.locator("input[name=meld_0]")).to_be_focused()
    type_value("370")
    next_key()
    expect(page.locator("input[name=tricks_0]")).to_be_focused()
    type_value("150")  # cannot grow past 250: moves on by itself
    expect(page.locator("input[name=tricks_1]")).to_have_value("100")
    expect(page.locator("input[name=meld_1]")).to_be_focused()
    type_value("40")
    next_key()  # the last field still to fill: adds the hand
    expect(row_total(page, 1, 0)).to_have_text("520")
    assert taps == 9  # eight with the trump tapped straight after the bid (tests/e2e/test_strict_taps.py)
    hand = Hand.objects.get(game=game)
    assert (hand.bidder_seat, hand.bid, hand.trump) == (0, 350, "H")


def test_the_remainder_never_overwrites_a_typed_number(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    page.fill("input[name=tricks_0]", "100")
    expect(page.locator("input[name=tricks_1]")).to_have_value("150")  # empty: filled in
    page.fill("input[name=tricks_1]", "100")
    expect(page.locator("input[name=tricks_0]")).to_have_value("100")  # typed: kept
    page.fill("input[name=tricks_0]", "120")
    expect(page.locator("input[name=tricks_1]")).to_have_value("100")


def test_no_input_stays_in_the_address_after_the_meld_counter(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/?bid=350&meld_0=370&trump=H")
    expect(page.locator("input[name=bid]")).to_have_value("350")
    page.wait_for_function("location.search === ''")
    page.reload()
    expect(page.locator("input[name=bid]")).to_have_value("")


def test_the_trump_goes_to_the_meld_counter(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    chip(page, "bidder_seat", "Nora").click()
    chip(page, "trump", "♠").click()
    page.locator("#hand-form a.count-link").first.click()
    page.wait_for_url("**/meld/**")
    assert "trump=S" in page.url


def test_a_correction_is_one_tap_on_the_hands_row(live_server, phone, start_game, organizer):
    from league import services

    game = start_game()
    services.entry_record(game=game, by=organizer.user,
                          inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=250, trump="H", meld=(100, 40), tricks=(150, 100)))
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    page.locator("#hand-1 td.bid").tap()
    page.wait_for_url(f"**/t/{game.access_token}/hands/1/")
    expect(page.locator("h1")).to_have_text("Edit hand 1")


def test_a_cribbage_deal_with_numbers_that_could_grow_takes_nine(live_server, phone, organizer):
    """Ada deals first: her pegging of 3 could be 30 and Ben's 2 could be 20 to
    24, so each waits for Next; 8, 12 and 6 cannot grow (a hand counts 29 at most)."""
    from league import services
    from league.models import Hand

    club = organizer.club
    players = [services.player_get_or_create(club=club, name=n) for n in ("Ada Byrne", "Ben Cole")]
    from league.games.cribbage.services import cribbage_game_create

    game = cribbage_game_create(club=club, players=players, by=organizer.user)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    taps = 0

    def count(action):
        nonlocal taps
        action()
        taps += 1

    deal = page.locator("#deal-form")
    count(lambda: deal.locator("input[name=pegging_0]").tap())
    for value, following in (("3", "pegging_1"), ("2", "pone_hand")):
        count(lambda: page.keyboard.type(value))
        count(lambda: page.keyboard.press("Enter"))
        expect(deal.locator(f"input[name={following}]")).to_be_focused()
    for value, following in (("8", "dealer_hand"), ("12", "crib")):
        count(lambda: page.keyboard.type(value))
        expect(deal.locator(f"input[name={following}]")).to_be_focused()
    count(lambda: page.keyboard.type("6"))
    count(lambda: page.keyboard.press("Enter"))
    expect(page.locator("[data-testid=deal-row]")).to_have_count(1)
    assert taps == 9
    hand = Hand.objects.prefetch_related("side_rows").get(game=game)
    assert sorted((r.side, r.pegging) for r in hand.side_rows.all()) == [(0, 3), (1, 2)]
