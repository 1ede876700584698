"""Interactions counted strictly on a phone (390×844): every tap, every typed
value and every keypad Next (Enter) is one, for a played hand of every kind.

The pad moves on by itself after a number that cannot grow within the rules'
range (trick points up to 250 by 10: "150" can have no digit more, "15" can),
so such a number needs no Next; a number that could still grow waits for Next,
and Next on the last field still to fill adds the entry. The bidder's seat
button fills in the minimum bid and moves to the bid, the trump button moves to
the first side's meld, and each side's meld and tricks follow one another (the
other side's tricks are the remainder). After a save the next entry's "Add" is
on the screen without a scroll."""
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


def focused(page, name):
    expect(page.locator(f"#hand-form input[name={name}]")).to_be_focused()


def add_in_view(page, form="#hand-form"):
    add = page.locator(f"{form} button[type=submit]")
    expect(add).to_be_visible()
    assert in_view(page, add), "Add is below the fold after the save"


def test_a_partnership_hand_at_the_minimum_bid_takes_seven(live_server, phone, start_game):
    from league.models import Hand

    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    count = Count(page)
    count.tap(chip(page, "bidder_seat", "Nora"))
    focused(page, "bid")
    expect(page.locator("input[name=bid]")).to_have_value("250")  # the minimum, filled in
    count.tap(chip(page, "trump", "♥"))
    focused(page, "meld_0")
    count.type("370")  # could be 3700 (the rules allow 4820): waits for Next
    focused(page, "meld_0")
    count.next()
    focused(page, "tricks_0")
    count.type("150")  # no trick points above 250: cannot grow, moves on by itself
    expect(page.locator("input[name=tricks_1]")).to_have_value("100")
    focused(page, "meld_1")
    count.type("40")
    count.next()  # the last field still to fill: Next adds the hand
    expect(row_total(page, 1, 0)).to_have_text("520")  # 370 + 150, the bid of 250 made
    expect(row_total(page, 1, 1)).to_have_text("140")  # 40 + 100
    assert count.n == 7
    hand = Hand.objects.get(game=game)
    assert (hand.bidder_seat, hand.bid, hand.trump) == (0, 250, "H")
    add_in_view(page)


def test_a_partnership_hand_with_a_typed_bid_takes_eight(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    count = Count(page)
    count.tap(chip(page, "bidder_seat", "Nora"))
    count.type("300")  # replaces the selected minimum; could be 3000: the trump button moves on
    count.tap(chip(page, "trump", "♠"))
    focused(page, "meld_0")
    count.type("100")
    count.next()
    count.type("170")
    focused(page, "meld_1")
    count.type("60")
    count.next()
    expect(row_total(page, 1, 0)).to_have_text("-300")  # 100 + 170 = 270 short of 300: set
    expect(row_total(page, 1, 1)).to_have_text("140")  # 60 + 80
    assert count.n == 8
    add_in_view(page)


def test_a_double_deck_hand_at_the_minimum_bid_takes_seven(live_server, phone, organizer, players):
    from league import services
    from league.models import Hand

    game = services.game_create(club=organizer.club, players=players, by=organizer.user, game_type="double_deck")
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    count = Count(page)
    count.tap(chip(page, "bidder_seat", "Nora"))
    expect(page.locator("input[name=bid]")).to_have_value("50")
    count.tap(chip(page, "trump", "♣"))
    count.type("42")  # could be 420 (up to 974): Next
    count.next()
    focused(page, "tricks_0")
    count.type("30")  # 50 trick points at most: cannot grow
    expect(page.locator("input[name=tricks_1]")).to_have_value("20")
    focused(page, "meld_1")
    count.type("18")
    count.next()
    expect(page.locator("[data-testid=hand-row]")).to_have_count(1)
    assert count.n == 7
    hand = Hand.objects.prefetch_related("side_rows").get(game=game)
    assert (hand.bid, hand.trump) == (50, "C")
    assert sorted((r.side, r.meld, r.tricks) for r in hand.side_rows.all()) == [(0, 42, 30), (1, 18, 20)]
    add_in_view(page)


def test_a_three_handed_hand_at_the_minimum_bid_takes_ten(live_server, phone, organizer, players):
    """Eight values (bidder, trump and three players' meld and first two tricks;
    the bid is the minimum, the third trick points the remainder): each meld waits for Next."""
    from league import services
    from league.models import Hand

    game = services.game_create(club=organizer.club, players=players[:3], by=organizer.user, game_type="three_handed")
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    minimum = page.locator("#hand-form").get_attribute("data-min-bid")
    count = Count(page)
    count.tap(chip(page, "bidder_seat", "Nora"))
    expect(page.locator("input[name=bid]")).to_have_value(minimum)
    count.tap(chip(page, "trump", "♦"))
    count.type("200")
    count.next()
    count.type("150")
    focused(page, "meld_1")
    count.type("60")
    count.next()
    count.type("50")  # 500 is over 250: cannot grow
    expect(page.locator("input[name=tricks_2]")).to_have_value("50")
    focused(page, "meld_2")
    count.type("40")
    count.next()
    expect(page.locator("[data-testid=hand-row]")).to_have_count(1)
    assert count.n == 10
    hand = Hand.objects.prefetch_related("side_rows").get(game=game)
    assert hand.bid == int(minimum)
    assert sorted((r.side, r.meld, r.tricks) for r in hand.side_rows.all()) == [(0, 200, 150), (1, 60, 50), (2, 40, 50)]
    add_in_view(page)


def test_a_cribbage_deal_takes_seven(live_server, phone, organizer):
    from league import services
    from league.models import Hand
    from league.games.cribbage.services import cribbage_game_create

    players = [services.player_get_or_create(club=organizer.club, name=n) for n in ("Ada Byrne", "Ben Cole")]
    game = cribbage_game_create(club=organizer.club, players=players, by=organizer.user)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    deal = page.locator("#deal-form")
    count = Count(page)
    count.tap(deal.locator("input[name=pegging_0]"))
    count.type("4")  # Ada deals: she pegs 30 at most, so 4 cannot grow
    expect(deal.locator("input[name=pegging_1]")).to_be_focused()
    count.type("3")  # Ben is the pone: 24 at most
    expect(deal.locator("input[name=pone_hand]")).to_be_focused()
    count.type("8")  # a hand counts 29 at most
    count.type("12")
    expect(deal.locator("input[name=crib]")).to_be_focused()
    count.type("6")
    count.next()  # the last box: Next adds the deal
    expect(page.locator("[data-testid=deal-row]")).to_have_count(1)
    assert count.n == 7
    hand = Hand.objects.prefetch_related("side_rows").get(game=game)
    assert sorted((r.side, r.pegging, r.show, r.crib) for r in hand.side_rows.all()) == [(0, 4, 12, 6), (1, 3, 8, None)]
    add_in_view(page, "#deal-form")


def test_a_cribbage_number_that_can_grow_waits_for_next(live_server, phone, organizer):
    from league import services
    from league.games.cribbage.services import cribbage_game_create

    players = [services.player_get_or_create(club=organizer.club, name=n) for n in ("Ada Byrne", "Ben Cole")]
    game = cribbage_game_create(club=organizer.club, players=players, by=organizer.user)
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    deal = page.locator("#deal-form")
    deal.locator("input[name=pegging_0]").tap()
    page.keyboard.type("3")  # the dealer may peg 30
    expect(deal.locator("input[name=pegging_0]")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.type("2")  # the pone may peg 20 to 24
    expect(deal.locator("input[name=pegging_1]")).to_be_focused()
    page.keyboard.type("4")
    expect(deal.locator("input[name=pone_hand]")).to_be_focused()
    page.keyboard.press("Enter")  # a Next from habit right after the move is not a skip
    expect(deal.locator("input[name=pone_hand]")).to_be_focused()
    expect(deal.locator("input[name=pegging_1]")).to_have_value("24")


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
    # four values, three Nexts, a tap on each team's first box and one on Add:
    # a round's boxes have no upper bound in the rules, so each waits for Next
    assert count.n == 10
    expect(page.locator("[data-testid=total-0] .total")).to_have_text("400")
    expect(page.locator("[data-testid=total-1] .total")).to_have_text("200")
    add_in_view(page, "#round-form")

    # the last shown box's Next adds the round (the closed "Special melds" and "Runs" are skipped)
    form.locator("input[name=t0_melds_on_table]").tap()
    page.keyboard.type("100")
    form.locator("input[name=t1_failed_openings]").tap()
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=round-row]")).to_have_count(2)
