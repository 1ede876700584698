"""A cut-throat league table on two phones: the table link asks whose
phone it is (player 1, 2 or 3), player 1 enters the hands, player 3 confirms
them, the game ends at 500 with the bidder winning a shared finish, and the
public standings rank each player on their own total.

Numbers as tests/e2e/test_three_handed.py, to 500: hand 1 Ann bids 300 and makes it,
350 / 130 / 30; hand 2 Bo bids 300 and reaches 500 while Ann has 530: Bo wins.
"""
import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import PHONE, no_horizontal_scroll, total
from tests.e2e.test_club_floor import confirm_button, season_rows
from tests.e2e.test_three_handed import PLAYERS, played

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def cutthroat_table(organizer):
    """An individual three-handed league (target 500, the other player confirms),
    one night, the three players seated: the table's game."""
    from league import services
    from league.models import GameType, RuleProfile

    club = organizer.club
    profile = RuleProfile.objects.create(club=club, name="Cut-throat 500", game_type=GameType.THREE_HANDED,
                                         options={"target": 500})
    league = services.league_create(club=club, name="Tuesday Threes", rule_profile=profile, format="individual",
                                    is_public=True)
    league.confirmation = True
    league.save(update_fields=["confirmation"])
    season = services.season_create(league=league, name="Winter", starts_on=datetime.date(2026, 12, 1),
                                    ends_on=datetime.date(2027, 2, 28))
    night = services.night_create(season=season, date=datetime.date(2026, 12, 1), rounds=1)
    services.night_check_in(night=night, players=[services.player_get_or_create(club=club, name=n) for n in PLAYERS])
    rnd = services.round_seat(night=night, by=organizer.user)
    return rnd.tables.get().game, season


def whose_phone(page, url, button):
    page.goto(url)
    ask = page.locator("form.side-ask")
    expect(ask).to_contain_text("Whose phone is this?")
    expect(ask.get_by_role("button")).to_have_count(3)
    with page.expect_navigation():
        ask.get_by_role("button", name=button, exact=True).tap()
    expect(page.locator("form.side-ask")).to_have_count(0)


def test_a_cut_throat_league_table_entered_and_confirmed_on_two_phones(live_server, contexts, organizer):
    game, season = cutthroat_table(organizer)
    link = f"{live_server.url}/t/{game.access_token}/"
    ann, cy = contexts("phone").new_page(), contexts("phone").new_page()
    whose_phone(ann, link, f"1 · {PLAYERS[0]}")
    whose_phone(cy, link, f"3 · {PLAYERS[2]}")
    no_horizontal_scroll(ann, PHONE["width"])

    played(ann, bidder=0, bid=300, trump="♥", meld=(200, 60, 0), tricks=(150, 70, 30), expected_rows=1)
    expect(confirm_button(ann, 1)).to_have_count(0)  # the one who entered it does not confirm it
    cy.reload()
    with cy.expect_navigation():
        confirm_button(cy, 1).tap()
    expect(confirm_button(cy, 1)).to_have_count(0)

    ann.reload()
    played(ann, bidder=1, bid=300, trump="♠", meld=(100, 200, 40), tricks=(80, 170, 0), expected_rows=2)
    for side, value in enumerate((530, 500, 30)):
        expect(total(ann, side)).to_have_text(str(value))
    cy.reload()
    with cy.expect_navigation():
        confirm_button(cy, 2).tap()
    expect(cy.locator("body")).to_contain_text(
        "Bo Reyes reached 500 and bid: Bo Reyes wins although another player has 530")

    board = contexts("laptop").new_page()  # anonymous: the league is public
    league = season.league
    board.goto(live_server.url + reverse("league:season", args=[league.club.slug, league.slug, season.pk]))
    assert season_rows(board) == [
        ("1", PLAYERS[0], "1", "0", "530", "500", "30", "1/1"),
        ("2", PLAYERS[1], "1", "1", "500", "530", "-30", "1/1"),
        ("3", PLAYERS[2], "1", "0", "30", "530", "-500", "0/0"),
    ]
