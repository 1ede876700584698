"""Late entrants, no-shows and forfeits (docs/tournaments.md, docs/rules.md §9),
through the director's rendered forms: exact numbers, one rule a test."""
import re

import pytest
from django.urls import reverse

from league.models import Entrant, Game, Match, MatchSide, Stage, Tournament

from .rendered_forms import open_form
from .test_tournament_pages import NAMES, event_from_the_form, press, register, start_stage
from .tournament_helpers import play_crib

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client, organizer):
    client.force_login(organizer)
    return client


def play_round(number, organizer, winner=0, loser_points=95):
    for game in Game.objects.filter(tournament_match__match__round__number=number,
                                    tournament_match__match__round__stage__number=1, status="in_progress"):
        play_crib(game, winner, loser_points, organizer)


def clock(client, manage, round_number, action):
    """The director's clock button of round ``round_number``."""
    form = next(f for f in open_form(client, manage).forms if f.value("round") == str(round_number))
    response = form.set("action", action).submit(client)
    assert response.status_code == 302
    return response


def seated(round_number) -> list[list[str]]:
    return [[ms.entrant.name for ms in m.sides.all()]
            for m in Match.objects.filter(round__stage__number=1, round__number=round_number).order_by("number")]


def standings(client, club, event) -> list[tuple]:
    page = client.get(reverse("league:tournament", args=[club.slug, event.slug])).content.decode()
    table = page[page.index('data-testid="qualifying-standings"'):].split("</table>")[0]
    return re.findall(r"<td>(\d+)</td><td>(\w+)[^<]*(?:<span[^>]*>[^<]*</span>[^<]*)*</td>"
                      r"<td class=\"num\">(-?\d+)</td><td class=\"num\">(\d+)</td>", table)


def test_a_late_entrant_checked_in_after_round_one_plays_from_round_two_and_round_one_scores_nothing(
        director, club, organizer):
    event, manage = event_from_the_form(director, club)
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=3, best_of=1)
    clock(director, manage, 1, "start")
    play_round(1, organizer)  # side 0 wins each table, 121 to 95
    page = director.get(manage).content.decode()
    assert "Check in a late entrant" in page and "A late entrant plays from round 2" in page
    response = open_form(director, manage).form(action_contains="/entrants/", has="name").update(name="Ed").submit(
        director)
    assert response.status_code == 302
    assert "Ed is entrant 5 and plays from round 2." in director.get(manage).content.decode()
    assert Entrant.objects.get(player__name="Ed").joins_round == 2
    assert all("Ed" not in table for table in seated(1))
    for number in (2, 3):  # five entrants: two tables and a bye, Ed at a table (the missed round counts as his bye)
        assert sorted(len(t) for t in seated(number)) == [1, 2, 2]
        assert any("Ed" in t for t in seated(number) if len(t) == 2)
    play_round(2, organizer, winner=1)
    play_round(3, organizer, winner=1)
    ed = next(row for row in standings(director, club, event) if row[1] == "Ed")
    assert ed[2:] == ("4", "2")  # round 1 nothing, rounds 2 and 3 won as side 1: 2 game points each


def test_late_check_in_is_refused_naming_the_field_once_every_qualifying_round_is_under_way(director, club):
    event, manage = event_from_the_form(director, club)
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=1, best_of=1)
    form = open_form(director, manage).form(action_contains="/entrants/", has="name").update(name="Ed")
    clock(director, manage, 1, "start")
    response = form.submit(director)
    assert response.status_code == 400
    assert "Registration is closed: no qualifying round is left to join." in response.content.decode()
    assert Entrant.objects.count() == 4


def test_a_no_show_withdrawn_after_seating_forfeits_every_game_and_each_opponent_scores_a_plain_win(
        director, club, organizer):
    event, manage = event_from_the_form(director, club, qualifier_share="1/2")
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=3, best_of=1)
    assert Game.objects.count() == 6
    response = open_form(director, manage).form(action_contains="/entrants/4/withdraw/").submit(director)
    assert response.status_code == 302
    page = director.get(manage).content.decode()
    assert "Di is withdrawn: their games from round 1 are forfeited." in page
    assert Game.objects.count() == 3 and page.count('data-testid="forfeited"') == 3
    assert re.findall(r"/entrants/(\d+)/withdraw/", page) == ["1", "2", "3"]
    for number in (1, 2, 3):
        play_round(number, organizer)
    assert press(director, manage, "tournament_advance", club.slug, event.slug, 1).status_code == 302
    rows = {name: (points, won) for _rank, name, points, won in standings(director, club, event)}
    di_opponents = [n for t in seated(1) + seated(2) + seated(3) if "Di" in t for n in t if n != "Di"]
    assert sorted(di_opponents) == ["Ann", "Bo", "Cy"] and rows["Di"] == ("0", "0")
    assert sum(int(points) for points, _won in rows.values()) == 6 * 2  # six tables, each a win of 2 game points
    start_stage(director, manage, kind="playoff", rounds=1, best_of=1)
    assert "Di" not in [ms.entrant.name for ms in MatchSide.objects.filter(match__round__stage__number=2)]


def late_form(client, manage, match):
    """The director's minutes-late form of playoff match ``match``."""
    return next(f for f in open_form(client, manage).forms if "/late/" in f.action and f.value("match") == str(match))


def late_to_the_final(director, club, organizer, best_of):
    event, manage = event_from_the_form(director, club, qualifier_share="1/2")  # four entrants: two qualify
    for name in NAMES[:4]:
        register(director, manage, name)
    start_stage(director, manage, kind="qualifying", rounds=1, best_of=1)
    play_round(1, organizer)
    press(director, manage, "tournament_advance", club.slug, event.slug, 1)
    start_stage(director, manage, kind="playoff", rounds=1, best_of=best_of)
    final = Match.objects.get(round__stage__number=2)
    late = final.sides.get(side=1).entrant
    return event, manage, final, late


def test_a_playoff_player_five_minutes_late_forfeits_one_game_of_a_best_of_three(director, club, organizer):
    event, manage, final, late = late_to_the_final(director, club, organizer, 3)
    form = late_form(director, manage, 1).update(entrant=late.number, minutes=5)
    assert form.submit(director).status_code == 302
    card = director.get(manage).content.decode()
    card = card[card.index('data-testid="match-2-1-1"'):].split("</div>")[0]
    assert re.findall(r'<b class="num">(\d+)</b>', card) == ["1", "0"]
    assert final.games.count() == 1  # game 1 is still to play
    assert not Stage.objects.get(number=2).finished


def test_a_playoff_player_twenty_minutes_late_loses_a_best_of_three_and_keeps_the_losers_prize(
        director, club, organizer):
    event, manage, final, late = late_to_the_final(director, club, organizer, 3)
    form = late_form(director, manage, 1).update(entrant=late.number, minutes=20)
    assert form.submit(director).status_code == 302
    assert final.games.count() == 0  # two games forfeited decide the match: its unplayed game is removed
    assert press(director, manage, "tournament_advance", club.slug, event.slug, 2).status_code == 302
    assert Tournament.objects.get().status == Tournament.Status.FINISHED
    public = director.get(reverse("league:tournament", args=[club.slug, event.slug])).content.decode()
    prizes = re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td><td class=\"num\">(\d+)</td></tr>", public)
    winner = final.sides.get(side=0).entrant.name
    # pot 4 × 20 = 80 on 50/30/20 in fives: the absent finalist keeps second's 25; Cy and Di share third's 16
    assert prizes == [("1", winner, "40"), ("2", late.name, "25"), ("3", "Cy", "10"), ("3", "Di", "5")]


def test_minutes_late_beyond_the_form_range_are_refused_under_the_field(director, club, organizer):
    event, manage, final, late = late_to_the_final(director, club, organizer, 3)
    form = late_form(director, manage, 1).update(entrant=late.number, minutes=601)
    response = form.submit(director)
    assert response.status_code == 400
    assert "Ensure this value is less than or equal to 600." in response.content.decode()
    assert final.sides.get(side=1).late_minutes is None
