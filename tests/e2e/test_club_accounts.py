"""A club started from nothing, in a real browser, every step through the
rendered pages: a new user signs up and confirms the address (the link read
from the test's locmem outbox), starts a club and invites a second user by a
link; the second user signs up, confirms, accepts and becomes an organizer;
the first makes a rule profile and a league, gives the second the league's
director role and turns the other side's confirmation on; the second imports
12 players from a CSV list and merges two of them; the league's change log
shows each change. axe finds no serious violation on the pages only this
walk reaches (sign-up sent, the confirmation, the import preview)."""
import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from tests.e2e.conftest import _context
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


def page_with_axe(browser):
    context = _context(browser)
    context.add_init_script(path=str(AXE))
    return context.new_page()


def test_a_club_from_nothing_to_its_roster_through_the_pages(browser, live_server):
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
    with first.expect_navigation():
        first.click("form.stack button[type=submit]")
    first.click("[data-testid=league-settings-link]")
    first.select_option("#league-role-form select[name=user]", label="bea")
    first.select_option("#league-role-form select[name=role]", "director")
    with first.expect_navigation():
        first.click("#league-role-form button[type=submit]")
    expect(first.locator("[data-role-of=bea]")).to_contain_text("director")
    first.check("#league-settings-form input[name=confirmation]")
    with first.expect_navigation():
        first.click("#league-settings-form button[type=submit]")

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

    second.goto(f"{base}/clubs/river-pinochle/l/monday/changes/")
    changes = second.locator("[data-testid=changes]")
    expect(changes).to_contain_text("bea is now director.")
    expect(changes).to_contain_text("The other side confirms each hand: off → on.")
    first.context.close()
    second.context.close()
