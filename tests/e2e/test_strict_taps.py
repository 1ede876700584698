"""Interactions counted strictly on a phone (390×844): every tap, every typed
value and every keypad Next (Enter) is one. The rummy round's number boxes
advance with Next (the last one adds the round), and after a save the next
entry's "Add" button is on the screen without a scroll."""
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, chip, row_total

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


class Count:
    """Each call is one interaction: a tap, a value typed into the focused field, a Next."""

    def __init__(self, page):
        self.page, self.n = page, 0

    def tap(self, locator):
        locator.tap()
        self.n += 1

    def type(self, text):
        self.page.keyboard.type(text)
        self.n += 1

    def next(self):
        self.page.keyboard.press("Enter")
        self.n += 1


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_a_partnership_hand_counted_strictly_and_add_in_view_after_the_save(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    count = Count(page)
    for number, (bid, meld, tricks, totals) in enumerate(
            (("350", ("370", "40"), "150", "520"), ("250", ("100", "60"), "170", "790")), start=1):
        count.n = 0
        count.tap(chip(page, "bidder_seat", "Nora"))
        expect(page.locator("input[name=bid]")).to_be_focused()
        count.type(bid)
        count.tap(chip(page, "trump", "♥"))
        expect(page.locator("input[name=meld_0]")).to_be_focused()
        count.type(meld[0])
        count.next()
        count.type(meld[1])
        count.next()
        expect(page.locator("input[name=tricks_0]")).to_be_focused()
        count.type(tricks)
        count.next()  # the last field's Next adds the hand: no tap on "Add hand"
        expect(row_total(page, number, 0)).to_have_text(totals)
        # bidder, bid, trump, two melds, tricks: six values and two Nexts between typed fields, the last Next adds
        assert count.n == 9
        expect(page.locator("#hand-form button[type=submit]")).to_be_visible()
        assert in_view(page, page.locator("#hand-form button[type=submit]")), "Add hand is below the fold"


def test_a_rummy_round_advances_with_next_and_its_last_next_adds_it(live_server, phone, organizer, players):
    from league.games.rummy.services import rummy_game_create

    game = rummy_game_create(club=organizer.club, players=players, by=organizer.user)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    count = Count(page)
    form = page.locator("#round-form")
    count.tap(form.locator("input[name=t0_melds_on_table]"))
    count.type("400")
    count.next()
    expect(form.locator("input[name=t0_first_meld]")).to_be_focused()
    count.type("80")
    count.next()
    expect(form.locator("input[name=t0_cards_left]")).to_be_focused()
    count.tap(form.locator("input[name=t1_melds_on_table]"))
    count.type("200")
    count.next()
    expect(form.locator("input[name=t1_first_meld]")).to_be_focused()
    count.type("60")
    count.tap(form.get_by_role("button", name="Add round"))
    expect(page.locator("[data-testid=round-row]")).to_have_count(1)
    assert count.n == 10  # four values, three Nexts, a tap on each team's first box and one on Add
    expect(page.locator("[data-testid=total-0] .total")).to_have_text("400")
    expect(page.locator("[data-testid=total-1] .total")).to_have_text("200")
    assert in_view(page, page.locator("#round-form button[type=submit]")), "Add round is below the fold"

    # the last shown box's Next adds the round (the closed "Special melds" and "Runs" are skipped)
    form.locator("input[name=t0_melds_on_table]").tap()
    page.keyboard.type("100")
    form.locator("input[name=t1_failed_openings]").tap()
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=round-row]")).to_have_count(2)


@pytest.mark.parametrize("kind", ["three_handed", "double_deck"])
def test_after_a_save_add_hand_is_on_the_screen_for_every_pinochle_kind(live_server, phone, organizer, players, kind):
    from league import services
    from league.models import Hand

    seats = players[:3] if kind == "three_handed" else players
    game = services.game_create(club=organizer.club, players=seats, by=organizer.user, game_type=kind)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    page.locator("label[for=id_bidder_seat_0]").tap()
    bid = page.locator("input[name=bid]")
    minimum = bid.input_value()
    sides = 3 if kind == "three_handed" else 2
    for side in range(sides):
        page.locator(f"input[name=meld_{side}]").fill("0")
    trick_total = int(page.locator("#hand-form").get_attribute("data-trick-total"))
    page.locator("input[name=tricks_0]").fill(str(trick_total))
    for side in range(1, sides):
        page.locator(f"input[name=tricks_{side}]").fill("0")
    page.locator("label[for=id_trump_0]").tap()
    page.locator("#hand-form button[type=submit]").tap()
    expect(page.locator("[data-testid=hand-row]")).to_have_count(1)
    assert Hand.objects.get(game=game).bid == int(minimum)
    assert in_view(page, page.locator("#hand-form button[type=submit]")), "Add hand is below the fold"
