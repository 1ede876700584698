"""A crafted link that puts a script in a parameter's name runs nothing: the
400 page shows the name as text, under the site's Content-Security-Policy."""
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CRAFTED = "/?%3Csvg%20onload%3Dalert(document.domain)%3E=%01"


def test_a_script_in_a_parameter_name_does_not_run(live_server, laptop):
    page = laptop.new_page()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    response = page.goto(live_server.url + CRAFTED)
    page.wait_for_timeout(300)
    assert dialogs == []
    assert response.status == 400
    expect(page.get_by_test_id("refusal")).to_have_text(
        "The field <svg onload=alert(document.domain)> holds a control character.")
    assert page.locator("svg").count() == 0
