"""The running totals chart on a phone (390×844): drawn inside the screen, its numbers one tap away."""
import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, login, no_horizontal_scroll
from league.games.pinochle.hand_inputs import PinochleHandInput

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_game_chart_fits_a_phone_and_shows_its_numbers(live_server, phone, organizer, start_game):
    from league import services

    game = start_game()
    for bidder, meld, tricks in ((0, (150, 60), (170, 80)), (1, (40, 120), (60, 190))):
        services.entry_record(game=game, by=organizer.user,
                              inputs=PinochleHandInput(kind="played", bidder_seat=bidder, bid=250, trump="H", meld=meld, tricks=tricks))
    page = phone.new_page()
    login(page, live_server.url, organizer, f"/g/{game.public_id}/")
    chart = page.locator("[data-testid=game-chart]")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert 300 <= box["width"] <= PHONE["width"] and box["x"] >= 0
    assert page.locator("[data-testid=game-chart] polyline").count() == 2
    no_horizontal_scroll(page, PHONE["width"])
    figure = page.locator("[data-testid=game-chart-figure]")
    figure.get_by_text("The numbers").click()
    expect(figure.locator("table.chart-data tbody tr")).to_have_count(3)


def test_the_season_race_fits_a_phone_and_shows_its_numbers(live_server, phone, organizer):
    from league.sample_season import sample_season_create

    season = sample_season_create(club=organizer.club, nights=3, players=8, rounds=2, hands_per_game=3, seed=4)
    page = phone.new_page()
    login(page, live_server.url, organizer, f"/clubs/harbour/l/{season.league.slug}/s/{season.pk}/")
    chart = page.locator("[data-testid=season-race]")
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert 300 <= box["width"] <= PHONE["width"] and box["x"] >= 0
    assert page.locator("[data-testid=season-race] polyline").count() == 7  # the top seven of eight
    no_horizontal_scroll(page, PHONE["width"])
    figure = page.locator("[data-testid=season-race-figure]")
    figure.get_by_text("The numbers").click()
    expect(figure.locator("table.chart-data tbody tr")).to_have_count(3)
