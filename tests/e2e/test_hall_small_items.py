"""Small things of a club night, in a real browser on a phone (390×844): the
focus goes to the first field in error, a trick field filled in for the
player is replaced by what is typed into it, not appended to."""
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import chip

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_first_field_in_error_takes_the_focus(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    page.locator("label[for=id_bidder_seat_0]").tap()  # N
    page.locator("#hand-form input[name=bid]").fill("245")
    chip(page, "trump", "♥").tap()
    page.locator("#hand-form input[name=meld_0]").fill("105")
    page.locator("#hand-form input[name=meld_1]").fill("60")
    page.locator("#hand-form input[name=tricks_0]").fill("150")
    page.locator("#hand-form input[name=tricks_1]").fill("60")
    page.locator("#hand-form button[type=submit]").tap()
    expect(page.locator("#id_bid_error")).to_have_text("bid 245 is below the minimum 250")
    expect(page.locator("#id_meld_0_error")).to_have_text("meld 105 is not a multiple of 10")
    expect(page.locator("#id_tricks_0_error")).to_have_text("trick points 150 + 60 must total 250")
    expect(page.locator("#hand-form input[name=bid]")).to_be_focused()


def test_typing_into_a_trick_field_filled_in_replaces_it(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    page.locator("#hand-form input[name=tricks_0]").press_sequentially("170")
    other = page.locator("#hand-form input[name=tricks_1]")
    expect(other).to_have_value("80")
    other.tap()
    other.press_sequentially("90")
    expect(other).to_have_value("90")  # not "8090"
    expect(page.locator("#hand-form input[name=tricks_0]")).to_have_value("170")  # typed: never overwritten


def _box(locator):
    box = locator.bounding_box()
    return round(box["width"]), round(box["height"])


def test_the_edited_tag_the_print_links_and_the_walk_ins_box_are_44_px_targets(live_server, phone, organizer):
    from django.urls import reverse

    from league import services
    from league.games.pinochle.hand_inputs import PinochleHandInput
    from tests.e2e.conftest import login
    from tests.e2e.main_pages import build_world

    w = build_world(organizer)
    game = w["game"]
    hand = game.hands.get(number=1)
    services.entry_update(hand=hand, by=organizer.user, expected_version=hand.version, inputs=PinochleHandInput(
        kind="played", bidder_seat=0, bid=250, trump="H", meld=(100, 180), tricks=(240, 10)))
    page = phone.new_page()
    login(page, live_server.url, organizer, reverse("league:game", args=[game.public_id]))
    tag = page.locator("#hand-1 a.tag")
    assert tag.text_content() == "edited"
    width, height = _box(tag)
    assert width >= 44 and height >= 44, (width, height)
    for link in page.locator("p.print a:visible").all():
        assert min(_box(link)) >= 44, link.text_content()

    night_args = [w["club"].slug, w["league"].slug, w["season"].pk, w["night"].pk]
    page.goto(live_server.url + reverse("league:night", args=night_args))
    links = page.locator("[data-testid=print-links] a")
    assert links.count() == 3  # whole night, round 1, Letter
    for link in links.all():
        assert min(_box(link)) >= 44, link.text_content()
    import datetime

    from league.models import RuleProfile

    league = services.league_create(club=w["club"], name="Monday Progressive",
                                    rule_profile=RuleProfile.objects.get(club=w["club"], name="Club rules"))
    today = datetime.date.today()
    season = services.season_create(league=league, name="Now", starts_on=today, ends_on=today)
    night = services.night_create(season=season, date=today, rounds=2)
    page.goto(live_server.url + reverse("league:night", args=[w["club"].slug, league.slug, season.pk, night.pk]))
    assert _box(page.locator("textarea[name=walk_ins]"))[1] >= 44


def test_the_home_page_offers_the_table_this_phone_last_entered_at(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/")
    expect(page.get_by_test_id("resume-table")).to_be_hidden()  # no table yet
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    expect(page.locator("#hand-form")).to_be_visible()
    page.goto(f"{live_server.url}/")
    resume = page.get_by_test_id("resume-table").locator("a")
    expect(resume).to_be_visible()
    expect(resume).to_have_text("Back to your table")
    expect(resume).to_have_attribute("href", f"/t/{game.access_token}/")
    resume.tap()
    page.wait_for_url(f"**/t/{game.access_token}/")


def test_a_table_entered_at_yesterday_is_not_offered(live_server, phone, start_game):
    game = start_game()
    page = phone.new_page()
    page.goto(f"{live_server.url}/t/{game.access_token}/")
    expect(page.locator("#hand-form")).to_be_visible()
    page.evaluate("""path => localStorage.setItem('clubtally-table',
        JSON.stringify({path: path, at: Date.now() - 13 * 3600 * 1000}))""", f"/t/{game.access_token}/")
    page.goto(f"{live_server.url}/")
    expect(page.get_by_test_id("resume-table")).to_be_hidden()
