"""A club started from nothing, in a real browser, every step through the
rendered pages: a new user signs up and confirms the address (the link read
from the test's locmem outbox), starts a club and invites a second user by a
link; the second user signs up, confirms, accepts and becomes an organizer;
the first makes a rule profile and a league and gives the second the league's
director role; the second turns the other side's confirmation on, edits the
rule profile (the game to 1000), imports 12 players from a CSV list,
merges two of them, runs a night (a season, the night, check-in of four,
round 1 seated; one phone per side on the table link enters each hand, the
other side confirms it, until the game is over; the lock) and corrects a
hand of the locked night with a reason; the league's change log
shows each change. axe finds no serious violation on the pages only this
walk reaches (sign-up sent, the confirmation, the import preview)."""
import datetime
import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.e2e.conftest import _context, chip
from tests.e2e.main_pages import AXE
from tests.e2e.test_accessibility import RUN_AXE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Ada Byrne", "Ben Cole", "Cara Diaz", "Dev Evans", "Eve Foster", "Finn Gray", "Gus Hart",
           "Hana Ito", "Ivo Jones", "Jo King", "Bob Smith", "Bob Smyth"]


def sign_up(page, base, username, email):
    page.goto(f"{base}/accounts/login/")
    page.click("[data-testid=sign-up]")
    page.fill("input[name=username]", username)
    page.fill("input[name=email]", email)
    page.fill("input[name=password1]", f"{username}-long-secret-1")
    page.fill("input[name=password2]", f"{username}-long-secret-1")
    with page.expect_navigation():
        page.click("[data-testid=signup-form] button[type=submit]")
    expect(page.locator("[data-testid=verification-sent]")).to_be_visible()
    assert page.evaluate(RUN_AXE) == []
    [link] = re.findall(r"https?://\S+/accounts/confirm-email/\S+/", mail.outbox[-1].body)
    assert mail.outbox[-1].to == [email]
    page.goto(link)
    assert page.evaluate(RUN_AXE) == []
    with page.expect_navigation():
        page.click("[data-testid=confirm-email-form] button[type=submit]")
    expect(page.locator("[data-testid=club-new]")).to_be_visible()  # signed in: the home page offers a club


def enter(page, bidder_seat, bid, trump, meld, ns_tricks):
    """One played hand on the table link's pad (E–W's tricks are the rest of 250)."""
    page.locator("#hand-form fieldset[data-field=bidder_seat] label.chip").filter(
        has=page.locator(f"input[value='{bidder_seat}']")).click()
    page.fill("#hand-form input[name=bid]", str(bid))
    chip(page, "trump", trump).click()
    page.fill("#hand-form input[name=meld_0]", str(meld[0]))
    page.fill("#hand-form input[name=meld_1]", str(meld[1]))
    page.fill("#hand-form input[name=tricks_0]", str(ns_tricks))
    page.click("#hand-form button[type=submit]")


def declare(page, side):
    with page.expect_navigation():
        page.get_by_test_id("side-ask").get_by_role("button", name=side, exact=True).click()


def page_with_axe(browser):
    context = _context(browser)
    context.add_init_script(path=str(AXE))
    return context.new_page()


def test_a_club_from_nothing_to_a_corrected_locked_night_through_the_pages(browser, live_server, contexts):
    base = live_server.url
    first = page_with_axe(browser)
    sign_up(first, base, "ines", "ines@example.org")
    first.click("[data-testid=club-new]")
    first.fill("input[name=name]", "River Pinochle")
    with first.expect_navigation():
        first.click("form.stack button[type=submit]")
    assert first.url.endswith("/clubs/river-pinochle/settings/")

    first.select_option("#invite-form select[name=role]", "organizer")
    with first.expect_navigation():
        first.click("#invite-form button[type=submit]")
    invite = first.locator("[data-testid=invite-link]").first.inner_text().strip()

    second = page_with_axe(browser)
    sign_up(second, base, "bea", "bea@example.org")
    second.goto(invite)
    with second.expect_navigation():
        second.click("#accept-form button[type=submit]")

    first.click("[data-testid=rule-profiles-link]")
    first.click("a[data-kind=partnership]")
    first.fill("#profile-form input[name=name]", "Club rules")
    with first.expect_navigation():
        first.click("#profile-form button[type=submit]:not([name=preview])")
    first.goto(f"{base}/clubs/river-pinochle/leagues/")
    first.fill("form.stack input[name=name]", "Monday")
    first.select_option("form.stack select[name=rule_profile]", label="Club rules")
    first.select_option("form.stack select[name=format]", "progressive")
    with first.expect_navigation():
        first.click("form.stack button[type=submit]")
    first.click("[data-testid=league-settings-link]")
    first.select_option("#league-role-form select[name=user]", label="bea")
    first.select_option("#league-role-form select[name=role]", "director")
    with first.expect_navigation():
        first.click("#league-role-form button[type=submit]")
    expect(first.locator("[data-role-of=bea]")).to_contain_text("director")

    # the league's director (an organizer of the club) sets confirmation on and edits the rules
    second.goto(f"{base}/clubs/river-pinochle/l/monday/")
    second.click("[data-testid=league-settings-link]")
    second.check("#league-settings-form input[name=confirmation]")
    with second.expect_navigation():
        second.click("#league-settings-form button[type=submit]")
    second.goto(f"{base}/clubs/river-pinochle/rules/")
    second.click("[data-testid=profiles] li a:has-text('Club rules')")
    second.fill("#profile-form input[name=target]", "1000")
    with second.expect_navigation():
        second.click("#profile-form button[type=submit]:not([name=preview])")

    second.goto(f"{base}/clubs/river-pinochle/settings/")
    second.click("[data-testid=roster-link]")
    second.fill("#import-form textarea[name=text]", "name\n" + "\n".join(PLAYERS))
    with second.expect_navigation():
        second.click("#import-form button[type=submit]")
    expect(second.locator("[data-testid=import-preview] tr[data-status=new]")).to_have_count(12)
    assert second.evaluate(RUN_AXE) == []
    with second.expect_navigation():
        second.click("#import-confirm-form button.primary")
    expect(second.locator("[data-testid=roster] li[data-player]")).to_have_count(12)
    second.select_option("#merge-form select[name=keep]", label="Bob Smith")
    second.select_option("#merge-form select[name=gone]", label="Bob Smyth")
    second.check("#merge-form input[name=confirm]")
    with second.expect_navigation():
        second.click("#merge-form button[type=submit]")
    expect(second.locator("[data-testid=roster] li[data-player]")).to_have_count(11)

    # the director runs tonight's night: a season, the night, check-in, seating
    today = datetime.date.today()
    second.goto(f"{base}/clubs/river-pinochle/l/monday/")
    season_form = second.locator("form.stack", has=second.locator("input[name=starts_on]"))
    season_form.locator("input[name=name]").fill("Winter")
    season_form.locator("input[name=starts_on]").fill((today - datetime.timedelta(days=7)).isoformat())
    season_form.locator("input[name=ends_on]").fill((today + datetime.timedelta(days=60)).isoformat())
    with second.expect_navigation():
        season_form.locator("button[type=submit]").click()
    new_night = second.locator("form", has=second.get_by_role("heading", name="New club night"))
    new_night.get_by_label("Date").fill(today.isoformat())
    new_night.get_by_label("Rounds").fill("1")
    with second.expect_navigation():
        new_night.get_by_role("button", name="Create the night").click()
    night_url = second.url
    for name in PLAYERS[:4]:
        second.get_by_label(name, exact=True).check()
    with second.expect_navigation():
        second.get_by_role("button", name="Check in", exact=True).click()
    expect(second.get_by_test_id("checked-in")).to_have_text("4 checked in")
    with second.expect_navigation():
        second.get_by_role("button", name="Seat round 1").click()
    game_path = second.get_by_test_id("table-1-1").get_attribute("href")
    second.goto(base + game_path)
    table_link = second.get_by_test_id("table-link").text_content().strip()

    # the table's two phones: N–S enters each hand through the table link, E–W confirms it
    ns, ew = contexts("phone").new_page(), contexts("phone").new_page()
    for phone, side in ((ns, "N–S"), (ew, "E–W")):
        phone.goto(table_link)
        declare(phone, side)
    hands = [(0, 300, "♥", (220, 60), 170), (2, 450, "♦", (360, 0), 250)]  # 390 : 140, then 1000 : 140
    for number, hand in enumerate(hands, 1):
        enter(ns, *hand)
        expect(ns.get_by_test_id(f"entered-{number}")).to_have_text("to confirm")
        ew.reload()
        with ew.expect_navigation():
            ew.locator(f"#confirm-{number}").get_by_role("button", name=f"Confirm hand {number}", exact=True).click()
    ns.reload()
    expect(ns.get_by_test_id("game-over")).to_contain_text("Game over: N–S")  # 1000 reached and bid: the edited rules
    expect(ns.locator("#hand-form")).to_have_count(0)

    second.goto(night_url)
    with second.expect_navigation():
        second.get_by_role("button", name="Lock the night").click()
    with second.expect_navigation():
        second.get_by_role("button", name="Yes, lock the night").click()
    expect(second.locator("main")).to_contain_text("Locked")

    # the director corrects a hand of the locked night, with a reason
    second.goto(f"{base}{game_path}hands/1/")
    second.fill("#hand-form input[name=meld_1]", "80")
    second.fill("#hand-form input[name=reason]", "E–W melded 80, not 60")
    with second.expect_navigation():
        second.click("#hand-form button[type=submit]")
    expect(second.get_by_test_id("total-1")).to_contain_text("160")  # E–W 80 meld + 80 tricks

    second.goto(f"{base}/clubs/river-pinochle/l/monday/changes/")
    changes = second.locator("[data-testid=changes]")
    expect(changes).to_contain_text("bea is now director.")
    expect(changes).to_contain_text("The other side confirms each hand: off → on.")
    expect(changes).to_contain_text("Rule profile Club rules edited:")
    expect(changes).to_contain_text("1000")
    expect(changes).to_contain_text("E–W melded 80, not 60")

    from league.models import ChangeLog, Night

    assert Night.objects.get().status == Night.Status.LOCKED
    correction = ChangeLog.objects.get(reason="E–W melded 80, not 60")
    assert (correction.by.username, correction.game.public_id) == ("bea", game_path.strip("/").split("/")[-1])
    first.context.close()
    second.context.close()
