"""Cribbage in a real browser on a phone (390×844): a league night's table
plays a game to a skunk win on the board, one hand counted by tapping its
cards, one impossible hand refused under its box; then the season's
standings show the game points and the spread. The calculators work by taps.

Every number is worked out by hand from docs/rules.md, "Cribbage" under the default rules
(121, American Cribbage Congress game points: a skunk win is 3, spread by margin).
"""
import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, login, no_horizontal_scroll, sideways_scroll

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Seat 0 deals first and the deal alternates: (pegging seat 0, seat 1), pone's hand,
# dealer's hand, crib, then the running totals.
DEALS = [
    ((8, 4), 12, 20, 10, (38, 16)),    # seat 0 deals: 8+20+10 = 38; seat 1 4+12 (counted by its cards)
    ((4, 6), 16, 12, 8, (58, 42)),     # seat 1 deals: 38+4+16 = 58; 16+6+12+8 = 42
    ((6, 4), 10, 24, 12, (100, 56)),   # 58+6+24+12 = 100; 42+4+10 = 56
    ((4, 8), 14, 16, 8, (118, 88)),    # 100+4+14 = 118; 56+8+16+8 = 88
    ((3, 0), 0, 0, 0, (121, 88)),      # seat 0 pegs out: 121, seat 1 stays on 88 (under 91: skunk)
]


def setup_night(organizer):
    from league import services
    from league.models import Game, RuleProfile

    club = organizer.club
    profile = RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    league = services.league_create(club=club, name="Tuesday Cribbage", rule_profile=profile,
                                    format="individual", is_public=True)
    season = services.season_create(league=league, name="Spring", starts_on=datetime.date(2026, 3, 1),
                                    ends_on=datetime.date(2026, 5, 31))
    night = services.night_create(season=season, date=datetime.date(2026, 3, 3), rounds=1)
    players = [services.player_get_or_create(club=club, name=n) for n in ("Ada Byrne", "Ben Cole")]
    services.night_check_in(night=night, players=players)
    game = Game.objects.get(table__round=services.round_seat(night=night, by=organizer.user))
    names = [s.player.name for s in game.seats.order_by("seat")]
    base = f"/clubs/{club.slug}/l/{league.slug}/s/{season.pk}/"
    return base, f"{base}n/{night.pk}/", names


def form(page):
    return page.locator("#deal-form")


def chip(page, field, label):
    return form(page).locator(f"fieldset[data-field={field}] label.chip").filter(
        has=page.get_by_text(label, exact=True))


def card(page, code):
    return form(page).locator("label.pick").filter(has=page.locator(f"input[value='{code}']"))


def total(page, seat):
    return page.locator(f"[data-testid=total-{seat}] .total")


def type_points(page, pegging, pone, dealer, crib):
    for name, value in (("pegging_0", pegging[0]), ("pegging_1", pegging[1]), ("pone_hand", pone),
                        ("dealer_hand", dealer), ("crib", crib)):
        form(page).locator(f"input[name={name}]").fill(str(value) if value else "")


def add_deal(page, rows):
    form(page).get_by_role("button", name="Add deal").tap()
    expect(page.locator("[data-testid=deal-row]")).to_have_count(rows)


def test_a_league_table_plays_to_a_skunk_and_the_standings_show_it(live_server, phone, organizer, tmp_path):
    season_path, night_path, names = setup_night(organizer)
    page = phone.new_page()
    login(page, live_server.url, organizer, night_path)
    with page.expect_navigation():
        page.get_by_test_id("table-1-1").tap()
    expect(page.locator("[data-testid=total-0] .label")).to_have_text(names[0])
    expect(page.locator("[data-testid=line-61]")).to_have_text("61")
    expect(page.locator("[data-testid=line-91]")).to_have_text("91")
    submit = form(page).get_by_role("button", name="Add deal")
    expect(submit).to_be_in_viewport()  # on the first screen of the phone
    no_horizontal_scroll(page, PHONE["width"])

    # Deal 1: the starter is the 2♣; seat 1's hand 7♥ 8♣ 7♠ 8♦ is counted by tapping its cards.
    expect(form(page).locator("input[name=dealer][value='0']")).to_be_checked()
    form(page).locator("details.starter summary").tap()
    chip(page, "starter_rank", "2").tap()
    chip(page, "starter_suit", "♣").tap()
    form(page).locator("details.picker summary").tap()
    for code in ("7H", "8C", "7S", "8D"):
        card(page, code).tap()
    spoken = "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve"
    expect(page.get_by_test_id("pick-spoken")).to_have_text(spoken)
    picker_overflow = sideways_scroll(page, PHONE["width"])
    page.get_by_test_id("use-pick").tap()
    expect(form(page).locator("input[name=pone_hand]")).to_have_value("12")
    expect(form(page).locator("[data-spoken-for=pone_hand]")).to_have_text(spoken)
    (pegging, _pone, dealer, crib, after) = DEALS[0]
    for name, value in (("pegging_0", pegging[0]), ("pegging_1", pegging[1]), ("dealer_hand", dealer), ("crib", crib)):
        form(page).locator(f"input[name={name}]").fill(str(value))
    add_deal(page, 1)
    expect(total(page, 0)).to_have_text(str(after[0]))
    expect(total(page, 1)).to_have_text(str(after[1]))
    expect(page.locator("#deal-1 .cut")).to_have_text("2♣")

    # Deal 2: a dealer's hand of 19 is refused under its box, then corrected to 12.
    expect(form(page).locator("input[name=dealer][value='1']")).to_be_checked()
    pegging, pone, dealer, crib, after = DEALS[1]
    type_points(page, pegging, pone, 19, crib)
    form(page).get_by_role("button", name="Add deal").tap()
    expect(form(page).locator("#id_dealer_hand_error")).to_have_text("no hand scores 19: 19, 25, 26 and 27 are impossible")
    expect(page.locator("[data-testid=deal-row]")).to_have_count(1)
    form(page).locator("input[name=dealer_hand]").fill(str(dealer))
    add_deal(page, 2)
    expect(total(page, 0)).to_have_text(str(after[0]))
    expect(total(page, 1)).to_have_text(str(after[1]))

    for number, (pegging, pone, dealer, crib, after) in enumerate(DEALS[2:], start=3):
        expect(form(page).locator(f"input[name=dealer][value='{(number - 1) % 2}']")).to_be_checked()
        type_points(page, pegging, pone, dealer, crib)
        add_deal(page, number)
        expect(total(page, 0)).to_have_text(str(after[0]))
        expect(total(page, 1)).to_have_text(str(after[1]))

    expect(page.get_by_test_id("winner")).to_have_text(f"{names[0]} wins by 33")
    expect(page.get_by_test_id("skunk")).to_have_text("skunk")
    expect(page.get_by_test_id("game-points")).to_have_text("3 game points")
    expect(page.get_by_test_id("game-over")).to_contain_text(f"{names[0]} reached 121 with pegging; {names[1]} 88: skunk")
    expect(form(page)).to_have_count(0)
    no_horizontal_scroll(page, PHONE["width"])
    page.screenshot(path=tmp_path / "cribbage-board.png", full_page=True)

    page.goto(live_server.url + season_path)
    rows = page.locator("[data-testid=standing-row]")
    expect(rows).to_have_count(2)
    for i, (name, points, spread) in enumerate(((names[0], "3", "+33"), (names[1], "0", "-33"))):
        expect(rows.nth(i)).to_contain_text(name)
        expect(rows.nth(i).get_by_test_id("game-points")).to_have_text(points)
        expect(rows.nth(i).get_by_test_id("spread")).to_have_text(spread)
    no_horizontal_scroll(page, PHONE["width"])
    assert picker_overflow is None, picker_overflow


def test_the_calculators_answer_taps(live_server, phone):
    page = phone.new_page()
    page.goto(live_server.url + "/cribbage/show/")
    page.locator("label.chip").filter(has=page.get_by_text("5", exact=True)).tap()
    page.locator("label.chip").filter(has=page.get_by_text("♦", exact=True)).tap()
    for code in ("5H", "5C", "5S", "JD"):
        page.locator("label.pick").filter(has=page.locator(f"input[value='{code}']")).tap()
    expect(page.get_by_test_id("show-total")).to_have_text("29")
    expect(page.get_by_test_id("show-spoken")).to_contain_text("four of a kind is twenty-eight, one for his nobs is twenty-nine")
    no_horizontal_scroll(page, PHONE["width"])

    page.goto(live_server.url + "/cribbage/discard/")
    page.locator("label.chip").filter(has=page.get_by_text("the pone (their crib)")).tap()
    for code in ("AS", "2D", "3C", "4H", "KS", "QD"):
        page.locator("label.pick").filter(has=page.locator(f"input[value='{code}']")).tap()
    best = page.get_by_test_id("discard-row").first
    expect(best).to_contain_text("A♠ K♠")
    expect(best).to_contain_text("7.39")
    no_horizontal_scroll(page, PHONE["width"])

    page.goto(live_server.url + "/cribbage/pegging/")
    for rank, count in (("7", "7"), ("8", "15")):
        with page.expect_navigation():
            page.locator(f"[data-testid=peg-next] [data-rank='{rank}']").tap()
        expect(page.get_by_test_id("peg-count")).to_have_text(count)
    expect(page.locator("[data-testid=peg-next] [data-rank='6'] span")).to_have_text("+3")
    no_horizontal_scroll(page, PHONE["width"])
