"""On a phone (390×844): switch the site's language from the header's menu,
see the pad in that language (remembered on the next page), and enter a hand
whose numbers come out as in English."""
import re

import polib
import pytest
from playwright.sync_api import expect

from league.management.commands.translations import catalog_path
from tests.e2e.conftest import PHONE, login, no_horizontal_scroll
from tests.e2e.test_score_pad import assert_row, assert_totals, played_hand

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LANGUAGES = {"zh-hant": "zh_Hant", "zh-hans": "zh_Hans", "th": "th"}


def translations(locale: str) -> dict:
    path = catalog_path(locale)
    if not path.exists():
        pytest.skip(f"the {locale} catalog is not merged yet")
    return {e.msgid: e.msgstr for e in polib.pofile(str(path)) if not e.msgid_plural}


@pytest.mark.parametrize("language", LANGUAGES)
def test_switch_language_on_a_phone_and_enter_a_hand(live_server, phone, organizer, start_game, language):
    po = translations(LANGUAGES[language])
    game = start_game()
    page = phone.new_page()
    login(page, live_server.url, organizer, f"/g/{game.public_id}/")
    submit = page.locator("#hand-form button[type=submit]")
    expect(submit).to_have_text("Add hand")

    with page.expect_navigation():
        page.locator("[data-testid=language-select]").select_option(language)
    assert re.search(rf"/g/{game.public_id}/$", page.url), page.url  # back on the same page
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(submit).to_have_text(po["Add hand"])
    expect(page.locator("header.top")).to_contain_text(po["Meld counter"])
    expect(page.locator("[data-testid=language-select]")).to_have_value(language)
    no_horizontal_scroll(page, PHONE["width"])

    # N bids 280 in ♥; meld 150/60; tricks 170/80: N–S +320, E–W +140 (as in English).
    played_hand(page, bidder="N Nora", bid=280, trump="♥", meld=(150, 60), ns_tricks=170, expected_rows=1)
    assert_totals(page, 320, 140)
    assert_row(page, 1, (320, 140), (320, 140))
    expect(submit).to_have_text(po["Add hand"])

    page.goto(f"{live_server.url}/")  # the choice is remembered on the device
    expect(page.locator("html")).to_have_attribute("lang", language)
    cookie = {c["name"]: c for c in phone.cookies()}["django_language"]
    assert cookie["value"] == language and cookie["expires"] > 0


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_players_rules_fit_a_phone_in_each_language(live_server, phone, language):
    """/help/rules/ at 390 px: one section per game, in the chosen language,
    the contents links reach each section, nothing scrolls sideways."""
    if language != "en":
        translations(LANGUAGES[language])  # skips until the catalog is merged
    phone.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = phone.new_page()
    page.goto(f"{live_server.url}/help/rules/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("[data-testid=rules-players] section h2")).to_have_count(5)
    no_horizontal_scroll(page, PHONE["width"])
    page.locator(".rules-games a[href='#rummy']").click()
    expect(page.locator("#rummy h2")).to_be_in_viewport()
