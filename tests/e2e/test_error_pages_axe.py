"""axe-core on the pages a refusal answers with: the login throttle's page and
the 400 page, on a phone: no critical and no serious violation, and the
throttled page says how long to wait (test_accessibility.py scans the main pages)."""
import pytest
from django.test import override_settings
from playwright.sync_api import expect

from tests.e2e.main_pages import AXE
from tests.e2e.test_accessibility import RUN_AXE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@override_settings(AXES_ENABLED=True)
def test_the_throttled_login_page_has_no_serious_violation(live_server, phone):
    phone.add_init_script(path=str(AXE))
    page = phone.new_page()
    for i in range(6):
        page.goto(live_server.url + "/accounts/login/")
        page.fill("input[name=username]", "ann")
        page.fill("input[name=password]", f"wrong-{i}")
        with page.expect_navigation():
            page.click("form button[type=submit]")
    expect(page.get_by_test_id("locked-out")).to_have_text(
        "This account cannot log in from here for 15 minutes: too many wrong passwords were typed. "
        "Wait, then try again.")
    assert page.title() == "Too many attempts · Clubtally"
    assert page.evaluate(RUN_AXE) == []


def test_the_400_page_has_no_serious_violation(live_server, phone):
    phone.add_init_script(path=str(AXE))
    page = phone.new_page()
    page.goto(live_server.url + "/?per_page=0")
    expect(page.get_by_test_id("refusal")).to_have_text("per_page must be a number from 1 to 10000.")
    assert page.evaluate(RUN_AXE) == []
