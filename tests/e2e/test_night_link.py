"""A player's own link for the night opens the table they sit at, round after round."""
import datetime

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_players_night_link_opens_their_table_in_rounds_1_2_and_3(live_server, laptop, contexts, organizer):
    from league import services
    from league.models import Game, RuleProfile

    club = organizer.club
    roster = [services.player_get_or_create(club=club, name=f"Player {i:02d}") for i in range(8)]
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile)
    season = services.season_create(league=league, name="Autumn", starts_on=datetime.date(2026, 9, 1),
                                    ends_on=datetime.date(2026, 12, 31))
    night = services.night_create(season=season, date=datetime.date(2026, 10, 6), rounds=3)
    services.night_check_in(night=night, players=roster)

    desk = laptop.new_page()
    path = f"/clubs/{club.slug}/l/{league.slug}/s/{season.pk}/n/{night.pk}/"
    login(desk, live_server.url, organizer, path)
    desk.locator("[data-testid=night-links] summary").click()
    line = desk.locator("[data-testid=night-links] li", has_text="Player 03")
    link = line.locator("[data-testid=night-link]").inner_text().strip()
    assert link.startswith(live_server.url + "/n/")

    phone = contexts("phone").new_page()
    phone.goto(link)
    expect(phone.locator("[data-testid=not-seated]")).to_be_visible()
    tables = []
    for number in (1, 2, 3):
        rnd = services.round_seat(night=night, by=organizer.user)
        game = Game.objects.get(table__round=rnd, seats__player=roster[3])
        phone.goto(link)
        expect(phone).to_have_url(f"{live_server.url}/t/{game.access_token}/")
        expect(phone.locator("#pad")).to_contain_text("Player 03")
        tables.append(game.pk)
    assert len(set(tables)) == 3
