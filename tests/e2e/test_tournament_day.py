"""The event day of "Done when" in a real browser (docs/tournaments.md): thirteen
players register (one a no-show, one late), three qualifying rounds are entered
through the table links on phones, the cut, a playoff with byes, a timed round
called to the tables' phones, and the prize table; every page and PDF on the
way the rendered one.

Numbers from docs/rules.md §9: thirteen entrants (the no-show withdrawn once
seated stays an entrant, their fee paid), one in three qualify: 5, a bracket
of 8 whose top three seeds have byes (only 4 meets 5 in its first round). The
pot is 13 × 10 = 130, paid in fives on 50/30/20: the champion's exact share
13 units, the finalist's 7.8, the semifinal losers share 3rd and 4th: 2.6
each. Rounded down 13, 7, 2, 2 (24 of 26 units); the two left go to the
largest remainders: 0.8 (2nd), then 0.6 and 0.6, the better rank first and
then the first listed: 65, 40, 15 and 10.
"""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, login, no_horizontal_scroll
from tests.e2e.test_tournament import enter_game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
NAMES = ("Ada", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Nora")


def links_of(page, stage: int, rnd: int) -> list[str]:
    return [a.get_attribute("href")
            for a in page.get_by_test_id(f"round-{stage}-{rnd}").get_by_test_id("table-link").all()]


def press(page, name: str, form=None):
    scope = page.locator(form) if form else page
    with page.expect_navigation():
        scope.get_by_role("button", name=name, exact=True).first.click()


def clock(page, rnd: int, name: str):
    press(page, name, f"form:has(input[name=round][value='{rnd}'])")


def play_round(page, phone, base, manage, stage, rnd, links=None):
    for link in links if links is not None else links_of(page, stage, rnd):
        enter_game(phone, base + link, winner=0)
    page.goto(manage)


def test_an_event_day_with_a_late_entrant_a_no_show_a_timed_round_and_a_playoff_with_byes(
        live_server, laptop, phone, organizer):
    from league.models import RuleProfile

    club = organizer.club
    profile = RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    base = live_server.url
    page = laptop.new_page()
    login(page, base, organizer, f"/clubs/{club.slug}/events/")
    page.fill("input[name=name]", "Winter Open")
    page.fill("input[name=date]", "2026-12-05")
    page.select_option("select[name=rule_profile]", str(profile.pk))
    page.fill("input[name=entry_fee]", "10")
    page.fill("input[name=unit]", "5")
    page.select_option("select[name=qualifier_share]", "1/3")
    press(page, "Create the event")
    manage = page.url
    for name in NAMES:
        page.locator("form[action$='/entrants/'] input[name=name]").fill(name)
        press(page, "Register")
        expect(page.locator(".messages")).to_contain_text(f"{name} is entrant")
    page.select_option("select[name=kind]", "qualifying")
    page.fill("input[name=rounds]", "3")
    page.fill("input[name=minutes]", "30")
    press(page, "Start the stage")
    tables_pdf = page.request.get(manage.replace("/manage/", "/tables.pdf"))
    assert tables_pdf.status == 200 and tables_pdf.headers["content-type"] == "application/pdf"

    # Nora does not come: withdrawn once seated, her three games are forfeited
    press(page, "Withdraw Nora")
    expect(page.locator(".messages")).to_contain_text("Nora is withdrawn: their games from round 1 are forfeited.")
    expect(page.get_by_test_id("forfeited")).to_have_count(3)

    clock(page, 1, "Start the round")
    round_one = links_of(page, 1, 1)
    assert len(round_one) == 5  # six tables, Nora's forfeited
    play_round(page, phone, base, manage, 1, 1, round_one)

    # Lee walks in after round 1: checked in, plays from round 2; rounds 2 and 3 are seated again
    expect(page.get_by_test_id("late-note")).to_contain_text("A late entrant plays from round 2")
    page.locator("form[action$='/entrants/'] input[name=name]").fill("Lee")
    press(page, "Register")
    expect(page.locator(".messages")).to_contain_text("Lee is entrant 13 and plays from round 2.")
    for rnd in (2, 3):
        expect(page.get_by_test_id(f"round-1-{rnd}").get_by_test_id("table-link")).to_have_count(6)
        expect(page.get_by_test_id(f"round-1-{rnd}")).to_contain_text("Lee")
    clock(page, 2, "Start the round")
    play_round(page, phone, base, manage, 1, 2)

    # round 3 is timed: the director's last-hand call reaches a table's phone through its poll
    clock(page, 3, "Start the round")
    round_three = links_of(page, 1, 3)
    table = phone.new_page()
    table.goto(base + round_three[0])
    expect(table.get_by_test_id("event-link")).to_contain_text("Winter Open · Round 3")
    expect(table.get_by_test_id("event-call")).to_have_count(0)
    clock(page, 3, "Last hand")
    expect(page.get_by_test_id("clock-1-3")).to_contain_text("last hand called at")
    expect(table.get_by_test_id("event-call")).to_contain_text(
        "play this game out, start no other.", timeout=25_000)  # the pad polls every 15 seconds
    table.close()
    play_round(page, phone, base, manage, 1, 3, round_three)
    clock(page, 3, "Time is up")
    expect(page.get_by_test_id("clock-1-3")).to_contain_text("time called at")

    press(page, "End qualifying")
    standings = page.get_by_test_id("qualifying-standings")
    expect(standings.locator("tr.qualified")).to_have_count(5)
    expect(standings).to_contain_text("withdrawn from round 1")
    expect(standings).to_contain_text("late: plays from round 2")

    page.select_option("select[name=kind]", "playoff")
    press(page, "Start the stage")
    first = page.get_by_test_id("round-2-1")
    expect(first.locator(".table-card")).to_have_count(4)
    expect(first.get_by_text("bye", exact=True)).to_have_count(3)
    expect(page.get_by_test_id("match-2-1-2")).to_contain_text("4")
    for rnd in (1, 2, 3):
        play_round(page, phone, base, manage, 2, rnd)
        press(page, "Advance the winners")
        if rnd < 3:
            expect(page.locator(".messages")).to_contain_text(f"Round {rnd + 1} is drawn.")
    expect(page.locator(".messages")).to_contain_text("wins the event.")

    public = phone.new_page()
    public.goto(manage.replace("/manage/", "/"))
    champion = public.get_by_test_id("champion")
    expect(champion).to_contain_text("wins the event.")
    rows = public.get_by_test_id("prize-table").locator("tbody tr")
    expect(rows).to_have_count(4)
    prizes = [re.sub(r"\s+", " ", rows.nth(i).inner_text()).strip() for i in range(4)]
    assert [(p.split()[0], p.split()[-1]) for p in prizes] == [("1", "65"), ("2", "40"), ("3", "15"), ("3", "10")]
    assert prizes[0] == champion.inner_text().replace(" wins the event.", "").join(("1 ", " 65"))
    no_horizontal_scroll(public, PHONE["width"])
    for path in ("event.pdf", "prizes.csv"):
        answer = public.request.get(manage.replace("/manage/", f"/{path}"))
        assert answer.status == 200
    csv = public.request.get(manage.replace("/manage/", "/prizes.csv")).text().lstrip("\ufeff")  # the BOM for spreadsheets
    assert csv.splitlines()[0] == "Pool,Place,Entrant,Amount" and len(csv.splitlines()) == 5
