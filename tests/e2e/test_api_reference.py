"""The API's reference page (Swagger UI at /api/v1/docs/) runs in a real
browser under the site's Content-Security-Policy: its scripts come from our
own static files, it reads the served schema and lists the API's operations,
and the browser reports no CSP violation."""
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_reference_page_shows_the_schema_under_the_sites_csp(laptop, live_server):
    page = laptop.new_page()
    violations = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(live_server.url + "/api/v1/docs/")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Clubtally API")
    expect(page.locator(".opblock-summary-path").first).to_be_visible()
    assert page.locator(".opblock-summary-path").count() == 31
    assert violations == []
