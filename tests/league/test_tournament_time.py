"""Timed rounds (docs/tournaments.md, docs/rules.md §9): the director's last-hand call
reaches every table's phone, time called ends the games by the rules' hand-limit
arithmetic ("55 minutes or 500"), and the round's pacing on the director's page."""
import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import Game, RuleProfile, StageRound

from .rendered_forms import open_form
from .test_tournament_late import clock

pytestmark = pytest.mark.django_db
MADE = {"kind": "played", "dealer": 1, "bidder_seat": 0, "bid": 300, "trump": "H",  # N–S 320, E–W 140
        "meld_0": 150, "meld_1": 60, "tricks_0": 170, "tricks_1": 80}
LEVEL = {"kind": "played", "dealer": 1, "bidder_seat": 0, "bid": 250, "trump": "H",  # 250 each
         "meld_0": 100, "meld_1": 150, "tricks_0": 150, "tricks_1": 100}
PAIRS = [("Ann", "Ben"), ("Cy", "Dot"), ("Ed", "Flo"), ("Gus", "Hal")]


@pytest.fixture
def director(client, organizer):
    client.force_login(organizer)
    return client


@pytest.fixture
def timed(director, club):
    """A partnership Pinochle event of four pairs: one qualifying round of 55 minutes or 1000."""
    profile = RuleProfile.objects.create(club=club, name="1000", game_type="partnership", options={"target": 1000})
    form = open_form(director, reverse("league:tournaments", args=[club.slug])).form(has="payout_shares")
    form.update(name="Pinochle Night", date="2026-12-05", rule_profile=profile.pk, entry_fee=0, unit=1,
                payout_shares="1", qualifier_share="1/2")
    manage = form.submit(director)["Location"]
    for name, partner in PAIRS:
        form = open_form(director, manage).form(action_contains="/entrants/", has="name")
        assert form.update(name=name, partner=partner).submit(director).status_code == 302
    form = open_form(director, manage).form(has="best_of").update(kind="qualifying", rounds=1, best_of=1, minutes=55)
    assert form.submit(director).status_code == 302
    games = list(Game.objects.order_by("tournament_match__match__number"))
    assert len(games) == 2
    return manage, games


def enter(game, hand):
    phone = Client()
    form = open_form(phone, reverse("league:table", args=[game.access_token])).form(has="expected_number")
    assert form.update(**hand).submit(phone).status_code == 302


def end_line(game) -> str:
    page = Client().get(reverse("league:game", args=[game.public_id])).content.decode()
    return re.sub(r"\s+", " ", page[page.index('data-testid="game-over"'):].split("</div>")[0])


def test_the_last_hand_call_reaches_every_tables_phone_through_its_poll(director, timed):
    manage, games = timed
    clock(director, manage, 1, "start")
    phones = []
    for game in games:
        phone, url = Client(), reverse("league:table", args=[game.access_token])
        first = phone.get(url, HTTP_HX_REQUEST="true")
        assert 'data-testid="event-call"' not in first.content.decode()
        assert phone.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
        phones.append((phone, url, first["ETag"]))
    clock(director, manage, 1, "last_hand")
    called = timezone.localtime(StageRound.objects.get().last_hand_at)
    for phone, url, tag in phones:
        after = phone.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=tag)
        assert after.status_code == 200
        assert (f"Last hand, called at {called:%H:%M}: finish the hand in play and enter it; it ends the game, "
                f"the higher total winning.") in after.content.decode()


def test_after_the_last_hand_call_the_hand_in_play_ends_the_game_the_higher_total_winning(director, timed):
    manage, games = timed
    clock(director, manage, 1, "start")
    enter(games[0], MADE)
    clock(director, manage, 1, "last_hand")
    enter(games[0], MADE)
    games[0].refresh_from_db()
    assert (games[0].status, games[0].winner_side, games[0].hand_limit) == ("finished", 0, 2)
    assert "2 hands played: N–S win 640 to 280" in end_line(games[0])


def test_time_called_ends_each_game_at_the_hands_entered_and_level_totals_are_a_draw(director, timed, club):
    manage, games = timed
    clock(director, manage, 1, "start")
    enter(games[0], MADE)
    enter(games[1], LEVEL)
    clock(director, manage, 1, "time_up")
    for game in games:
        game.refresh_from_db()
    assert [(g.status, g.winner_side) for g in games] == [("finished", 0), ("finished", None)]
    assert "1 hand played: N–S win 320 to 140" in end_line(games[0])
    assert "1 hand played: a draw at 250" in end_line(games[1])
    event = games[0].tournament_match.match.round.stage.tournament
    page = director.get(reverse("league:tournament", args=[club.slug, event.slug])).content.decode()
    table = page[page.index('data-testid="qualifying-standings"'):].split("</table>")[0]
    rows = re.findall(r"<td>(\d+)</td><td>([^<]+?)(?: <span[^<]*</span>)?</td><td class=\"num\">(-?\d+)</td>"
                      r"<td class=\"num\">(\d+)</td><td class=\"num\">(-?\d+)</td>", table)
    # the table won: 1 game point and a spread of 180; the drawn table: no game point, no spread, for both
    # table 1 (Ann & Ben won against Gus & Hal): 1 game point and a spread of 180 for the winners;
    # table 2 drawn: no game point, no game won and no spread for Cy & Dot or Ed & Flo
    assert rows == [("1", "Ann &amp; Ben", "1", "1", "180"), ("2", "Cy &amp; Dot", "0", "0", "0"),
                    ("2", "Ed &amp; Flo", "0", "0", "0"), ("4", "Gus &amp; Hal", "0", "0", "-180")]


def test_a_game_page_of_an_event_links_back_to_its_event(director, timed, club):
    manage, games = timed
    page = Client().get(reverse("league:game", args=[games[1].public_id])).content.decode()
    event = games[1].tournament_match.match.round.stage.tournament
    assert (f'<a href="{reverse("league:tournament", args=[club.slug, event.slug])}">Pinochle Night</a> · Round 1'
            in page)


def test_the_directors_page_paces_the_round_hands_a_table_tables_behind_and_the_estimated_end(director, timed):
    manage, games = timed
    clock(director, manage, 1, "start")
    started = StageRound.objects.get().started_at
    StageRound.objects.update(started_at=started - datetime.timedelta(minutes=20))
    for _ in range(4):
        enter(games[0], MADE)  # 4 × 320 = 1280: the first table is over at 4 hands
    games[0].refresh_from_db()
    assert games[0].is_finished
    enter(games[1], MADE)  # one hand in 20 minutes: four at that pace end 80 minutes after the start; 55 is the limit
    page = director.get(manage).content.decode()
    pace = re.sub(r"\s+", " ", page[page.index('data-testid="pace-1"'):].split("</span>")[0])
    end = timezone.localtime(started - datetime.timedelta(minutes=20) + datetime.timedelta(minutes=55))
    assert pace.endswith(f">2.5 hands a table · 0 tables behind · estimated end {end:%H:%M}")
