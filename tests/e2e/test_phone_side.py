"""A phone's side is bound to the phone, not to its cookies: the pad keeps
the phone's signed key in the phone's own storage (league/devices.py), so a
phone that entered a hand, then cleared its cookies and declared the other
side, is still the phone that entered it and cannot confirm it."""
import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.test_offline_entry import _enter

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night_game(organizer, players):
    """A league game at a table of tonight's round 1, in a league that asks the other side to confirm."""
    from league import services
    from league.models import Game, League, RuleProfile

    profile = RuleProfile.objects.create(club=organizer.club, name="R", options={})
    league = services.league_create(club=organizer.club, name="Conf", rule_profile=profile)
    League.objects.filter(pk=league.pk).update(confirmation=True)
    today = datetime.date.today()
    season = services.season_create(league=league, name="S", starts_on=today - datetime.timedelta(days=7),
                                    ends_on=today + datetime.timedelta(days=60))
    night = services.night_create(season=season, date=today, rounds=1)
    services.night_check_in(night=night, players=players)
    return Game.objects.get(table__round=services.round_seat(night=night, by=organizer.user))


def declare(page, side):
    ask = page.get_by_test_id("side-ask")
    with page.expect_navigation():
        ask.get_by_role("button", name=side, exact=True).click()


def test_clearing_the_cookies_does_not_let_the_entering_phone_confirm_its_hand(live_server, phone, night_game):
    from league.models import Hand, HandStatus

    page = phone.new_page()
    url = f"{live_server.url}/t/{night_game.access_token}/"
    page.goto(url)
    declare(page, "N–S")
    _enter(page, "Nora", 250, (100, 40), 150)
    expect(page.get_by_test_id("entered-1")).to_have_text("to confirm")
    assert page.evaluate("localStorage.getItem('clubtally-device')")  # kept in the phone

    phone.clear_cookies()
    page.goto(url)
    declare(page, "E–W")
    expect(page.get_by_test_id("side-ask")).to_have_count(0)
    expect(page.locator("#confirm-1")).to_have_count(0)  # still N–S: nothing of its own to confirm
    assert Hand.objects.get(game=night_game).status == HandStatus.ENTERED

    other = phone.browser.new_context(locale="en-US").new_page()  # E–W's own phone confirms
    other.goto(url)
    declare(other, "E–W")
    with other.expect_navigation():
        other.locator("#confirm-1").get_by_role("button", name="Confirm hand 1", exact=True).click()
    assert Hand.objects.get(game=night_game).status == HandStatus.CONFIRMED
    other.context.close()
