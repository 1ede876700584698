"""An event end to end in a real browser (docs/tournaments.md): the director
creates a cribbage event on a laptop, registers four entrants, starts one
qualifying round on the clock and calls the last hand; each table's phone
enters its game through its table link; qualifying ends, the two qualifiers
play the final on a phone, the winners are advanced, and the public page
shows the champion and the prize table: every page the rendered one.

Numbers worked out from docs/rules.md §9: four entrants at 10 make a pot of
40, in fives 8 units; one in two qualify (2). On 50/30/20 the champion's
exact share is 4 units, the finalist's 2.4; the two who lost their
qualifying games by the same score share 3rd and 4th (20 + 0), 0.8 units
each. Rounded down 4, 2, 0, 0; the two units left go to the largest
remainders (0.8, 0.8): 20, 10, 5 and 5.
"""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, login, no_horizontal_scroll

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("Ada Byrne", "Ben Cole", "Cy Dunn", "Di Eames")


def enter_game(phone, url, winner):
    """Seat ``winner`` pegs 20 a deal to 121, the other 15 (a skunk-free 90 after six deals)."""
    page = phone.new_page()
    page.goto(url)
    form = page.locator("#deal-form")
    deals = 0
    while deals < 7:
        pegging = {winner: 20 if deals < 6 else 1, 1 - winner: 15 if deals < 6 else 0}
        for name, value in (("pegging_0", pegging[0]), ("pegging_1", pegging[1])):
            form.locator(f"input[name={name}]").fill(str(value) if value else "")
        for name in ("pone_hand", "dealer_hand", "crib"):
            form.locator(f"input[name={name}]").fill("")
        form.get_by_role("button", name="Add deal").tap()
        deals += 1
        expect(page.locator("[data-testid=deal-row]")).to_have_count(deals)
    expect(page.locator(f"[data-testid=total-{winner}] .total")).to_have_text("121")
    page.close()


def table_links(page) -> list[str]:
    return [a.get_attribute("href") for a in page.get_by_test_id("table-link").all()]


def test_an_event_from_its_form_to_the_prize_table(live_server, laptop, phone, organizer):
    from league.models import RuleProfile

    club = organizer.club
    profile = RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    page = laptop.new_page()
    login(page, live_server.url, organizer, f"/clubs/{club.slug}/events/")
    page.fill("input[name=name]", "Winter Open")
    page.fill("input[name=date]", "2026-12-05")
    page.select_option("select[name=rule_profile]", str(profile.pk))
    page.fill("input[name=entry_fee]", "10")
    page.fill("input[name=unit]", "5")
    page.select_option("select[name=qualifier_share]", "1/2")
    with page.expect_navigation():
        page.get_by_role("button", name="Create the event").click()
    manage = page.url
    for name in NAMES:
        page.locator("form[action$='/entrants/'] input[name=name]").fill(name)
        with page.expect_navigation():
            page.get_by_role("button", name="Register", exact=True).click()
        expect(page.locator(".messages")).to_contain_text(f"{name} is entrant")
    page.select_option("select[name=kind]", "qualifying")
    page.fill("input[name=rounds]", "1")
    page.fill("input[name=minutes]", "45")
    with page.expect_navigation():
        page.get_by_role("button", name="Start the stage").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Start the round").click()
    with page.expect_navigation():
        page.get_by_role("button", name="Last hand").click()
    expect(page.get_by_test_id("clock-1-1")).to_contain_text("last hand called at")
    links = table_links(page)
    assert len(links) == 2
    for link in links:
        enter_game(phone, live_server.url + link, winner=0)
    page.goto(manage)
    with page.expect_navigation():
        page.get_by_role("button", name="End qualifying").click()
    expect(page.get_by_test_id("qualifying-standings")).to_be_visible()
    page.select_option("select[name=kind]", "playoff")
    with page.expect_navigation():
        page.get_by_role("button", name="Start the stage").click()
    [final] = table_links(page)[2:]
    enter_game(phone, live_server.url + final, winner=1)
    page.goto(manage)
    with page.expect_navigation():
        page.get_by_role("button", name="Advance the winners").click()
    expect(page.locator(".messages")).to_contain_text("wins the event.")

    public = phone.new_page()
    public.goto(page.url.replace("/manage/", "/"))
    champion = public.get_by_test_id("champion")
    expect(champion).to_contain_text("wins the event.")
    rows = public.get_by_test_id("prize-table").locator("tbody tr")
    expect(rows).to_have_count(4)
    prizes = [re.sub(r"\s+", " ", rows.nth(i).inner_text()).strip() for i in range(4)]
    winner = champion.inner_text().replace(" wins the event.", "")
    assert prizes[0] == f"1 {winner} 20"
    assert [(p.split()[0], p.split()[-1]) for p in prizes] == [("1", "20"), ("2", "10"), ("3", "5"), ("3", "5")]
    no_horizontal_scroll(public, PHONE["width"])
    pdf = public.request.get(live_server.url + f"/clubs/{club.slug}/e/winter-open/event.pdf")
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
