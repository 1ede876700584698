"""The live board's htmx poll is rendered once per change of the night
(league/views/nights.py: night_board): the next polls reuse the partial, with
no query for the rounds, and a change shows with the very next poll."""
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput

from .conftest import played
from .test_authorization import world  # noqa: F401 (fixture)
from .test_conditional_get import HX, member_client, urls


def test_a_poll_with_nothing_new_reuses_the_rendered_board_without_reading_the_rounds(world):  # noqa: F811
    client = member_client(world)
    url = urls(world)["board"]
    client.get(url)  # the page itself (session, CSRF cookie): no poll, nothing kept
    with CaptureQueriesContext(connection) as rendered:
        first = client.get(url, **HX)
    with CaptureQueriesContext(connection) as reused:
        again = client.get(url, **HX)
    assert first.status_code == again.status_code == 200
    assert again.content == first.content
    assert not any("league_gameseat" in q["sql"] for q in reused)
    assert len(reused) < len(rendered)


def test_a_hand_entered_shows_on_the_next_board_poll(world, organizer):  # noqa: F811
    client = member_client(world)
    url = urls(world)["board"]
    before = client.get(url, **HX).content.decode()
    client.get(url, **HX)  # now from the cache
    services.entry_record(game=world["game"], by=organizer, inputs=PinochleHandInput(**played(1, 250, (40, 120), (60, 190))))
    after = client.get(url, **HX).content.decode()
    # E–W made 250: 140 + 120 meld + 190 tricks, the new running total
    assert "450" in after and "450" not in before
    assert after == client.get(url, **HX).content.decode()


def test_the_board_poll_is_rendered_in_the_readers_language(world):  # noqa: F811
    client = member_client(world)
    url = urls(world)["board"]
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en", **HX).content.decode()
    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans", **HX).content.decode()
    assert "Season standings" in english and "Season standings" not in chinese


def _screen(world):
    w = world
    from django.urls import reverse

    return reverse("league:night_screen", args=[w["club"].slug, w["league"].slug, w["season"].pk, w["night"].pk])


def test_the_hall_screen_is_a_page_of_its_own_without_the_site_header(world):  # noqa: F811
    client = member_client(world)
    page = client.get(_screen(world)).content.decode()
    assert '<header class="top">' not in page and "<nav>" not in page
    assert f'<div id="board" class="kiosk-board" data-hx-get="{_screen(world)}" data-hx-trigger="every 10s"' in page
    assert f"Season standings · {world['season'].name}</h2>" in page
    assert 'data-testid="kiosk-tonight">Tonight · round 1 of ' in page


def test_the_hall_screens_poll_is_its_board_alone_and_shows_a_new_hand(world, organizer):  # noqa: F811
    client = member_client(world)
    url = _screen(world)
    before = client.get(url, **HX).content.decode()
    assert "<html" not in before and 'class="kiosk-head"' in before
    assert client.get(url, **HX).content.decode() == before  # from the cache
    services.entry_record(game=world["game"], by=organizer, inputs=PinochleHandInput(**played(1, 250, (40, 120), (60, 190))))
    after = client.get(url, **HX).content.decode()
    assert '<span class="kiosk-score">450</span>' in after and '<span class="kiosk-score">450</span>' not in before


def test_the_live_board_names_its_standings_the_seasons(world):  # noqa: F811
    client = member_client(world)
    page = client.get(urls(world)["board"]).content.decode()
    assert f'<h2 data-testid="board-season">Season standings · {world["season"].name}</h2>' in page
