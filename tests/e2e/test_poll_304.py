"""The live board's htmx poll in a real browser: with nothing new the server
answers 304 and the board is left exactly as it was (the same DOM nodes); a
new hand gives a 200 and the board shows it (league/conditional.py,
static/league/js/poll.js).

The page runs on Playwright's clock (``page.clock``): time flows as usual,
and each poll is brought on by moving the clock past the board's interval
instead of waiting it out; ``next_poll`` then waits until htmx has handled
that poll's answer (the board's status line is rewritten after each)."""
import datetime

import pytest
from playwright.sync_api import expect

from league import services
from league.models import Game, Player, RuleProfile
from league.games.pinochle.hand_inputs import PinochleHandInput

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

POLL_S = 10  # the board's data-hx-trigger="every 10s"


def _night(organizer):
    club, by = organizer.club, organizer.user
    profile = RuleProfile.objects.create(club=club, name="Standard", options={})
    league = services.league_create(club=club, name="Open", rule_profile=profile, is_public=True)
    today = datetime.date.today()
    season = services.season_create(league=league, name="S", starts_on=today - datetime.timedelta(days=30),
                                    ends_on=today + datetime.timedelta(days=30))
    night = services.night_create(season=season, date=today, rounds=1)
    names = ("Ann", "Bo", "Cy", "Di")
    services.night_check_in(night=night, players=[Player.objects.create(club=club, name=n) for n in names])
    services.round_seat(night=night, by=by)
    return league, season, night, Game.objects.get(table__round__night=night)


def next_poll(board, is_poll):
    """Move the page's clock on by one poll interval; return when htmx has handled the answer."""
    status = board.get_by_test_id("board-status")
    before = status.text_content()
    with board.expect_response(is_poll):
        board.clock.fast_forward(POLL_S * 1000)
    expect(status).not_to_have_text(before)  # its time moved on by POLL_S (or it says the poll failed)


def test_a_304_poll_leaves_the_board_alone_and_a_new_hand_is_swapped_in(live_server, laptop, organizer):
    league, season, night, game = _night(organizer)
    path = f"/clubs/{organizer.club.slug}/l/{league.slug}/s/{season.pk}/n/{night.pk}/board/"
    polls = []
    board = laptop.new_page()

    def is_poll(response):
        return response.url.endswith(path) and bool(response.request.headers.get("hx-request"))

    board.on("response", lambda r: polls.append(r.status) if is_poll(r) else None)
    board.clock.install()
    board.goto(live_server.url + path)
    progress = board.get_by_test_id("board-progress")
    expect(progress).to_contain_text("0 hands entered")
    # the first poll has no tag yet (200); the next ones have nothing new (304)
    next_poll(board, is_poll)
    next_poll(board, is_poll)
    assert polls[:1] == [200] and polls[1:] and set(polls[1:]) == {304}, polls
    board.evaluate("document.querySelector('#board [data-testid=board-progress]').dataset.mark = 'kept'")
    next_poll(board, is_poll)
    assert polls[-1] == 304, polls
    expect(board.locator("[data-testid=board-progress][data-mark=kept]")).to_have_count(1)
    expect(progress).to_contain_text("0 hands entered")
    expect(board.get_by_test_id("board-status")).not_to_have_class("stale")

    services.entry_record(game=game, by=organizer.user,
                          inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=300, trump="H", meld=(150, 60), tricks=(170, 80)))
    next_poll(board, is_poll)
    expect(progress).to_contain_text("1 hand entered", timeout=(POLL_S + 3) * 1000)
    assert polls[-1] == 200, polls
    expect(board.locator("[data-mark=kept]")).to_have_count(0)
    expect(board.get_by_test_id("board-status")).not_to_have_class("stale")
