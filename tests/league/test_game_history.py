"""The audit trail covers games and seats, not only hands: who
started a game with which players in which seats, and every seat swap before
play, shown with every hand's entries on one history page per game."""
import datetime

import pytest
from django.core.exceptions import ValidationError
from django.test.utils import CaptureQueriesContext
from django.db import connection
from django.urls import reverse

from league import services
from league.models import Game, HandRevision, RuleProfile
from league.games.cribbage.services import cribbage_game_create
from league.games.rummy.services import rummy_game_create

from .conftest import played
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


def events(game):
    return list(HandRevision.objects.filter(game=game, number=0).order_by("id")
                .values_list("action", "by__username", "via", "before", "after"))


def seats(*names):
    return [{"seat": i, "player": n} for i, n in enumerate(names)]


def test_starting_a_pinochle_game_records_who_started_it_with_its_seats_and_rules(game, organizer):
    [(action, by, via, before, after)] = events(game)
    assert (action, by, via, before) == ("start", "org", "org", None)
    assert after["seats"] == seats("Ann", "Bo", "Cy", "Di")
    assert (after["game_type"], after["rules"]["target"]) == ("partnership", 1500)


def test_starting_a_cribbage_or_rummy_game_is_recorded_too(club, players, organizer):
    crib = cribbage_game_create(club=club, players=players[:2], by=organizer)
    rummy = rummy_game_create(club=club, players=players, by=organizer)
    assert [(e[0], e[4]["seats"], e[4]["game_type"]) for e in events(crib)] == [
        ("start", seats("Ann", "Bo"), "cribbage")]
    assert [(e[0], e[4]["seats"], e[4]["game_type"]) for e in events(rummy)] == [
        ("start", seats("Ann", "Bo", "Cy", "Di"), "rummy")]


def test_a_refused_game_records_nothing(club, players, organizer):
    with pytest.raises(ValidationError):
        services.game_create(club=club, players=players[:3], by=organizer)
    assert not HandRevision.objects.exists() and not Game.objects.exists()


@pytest.fixture
def seated_round(club, organizer, players):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Thursday", rule_profile=profile)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 1, 1), ends_on=D(2026, 6, 30))
    night = services.night_create(season=season, date=D(2026, 1, 8), rounds=1)
    extra = [services.player_get_or_create(club=club, name=n) for n in ("Ed", "Flo", "Gus", "Hal")]
    services.night_check_in(night=night, players=players + extra)
    return services.round_seat(night=night, by=organizer)


def table_seats(rnd, number):
    game = Game.objects.get(table__round=rnd, table__number=number)
    return game, seats(*game.seats.order_by("seat").values_list("player__name", flat=True))


def test_seating_a_round_records_each_tables_game_with_its_seats(seated_round):
    for number in (1, 2):
        game, now = table_seats(seated_round, number)
        assert [(e[0], e[1], e[4]["seats"]) for e in events(game)] == [("start", "org", now)]


def test_a_seat_swap_records_both_tables_seats_before_and_after(seated_round, organizer):
    one, before_one = table_seats(seated_round, 1)
    two, before_two = table_seats(seated_round, 2)
    services.round_swap_seats(round=seated_round, first=(1, 0), second=(2, 3), by=organizer)
    _one, after_one = table_seats(seated_round, 1)
    _two, after_two = table_seats(seated_round, 2)
    assert after_one[0]["player"] == before_two[3]["player"] and after_two[3]["player"] == before_one[0]["player"]
    assert events(one)[-1] == ("seats", "org", "org", {"seats": before_one}, {"seats": after_one})
    assert events(two)[-1] == ("seats", "org", "org", {"seats": before_two}, {"seats": after_two})


def test_a_refused_seat_swap_records_nothing(seated_round, organizer):
    one, _ = table_seats(seated_round, 1)
    services.entry_record(game=one, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    with pytest.raises(ValidationError):
        services.round_swap_seats(round=seated_round, first=(1, 0), second=(2, 3), by=organizer)
    assert [e[0] for e in events(one)] == ["start"]


def test_the_night_page_swap_is_recorded_under_the_organizer(client, seated_round, organizer):
    night = seated_round.night
    league = night.season.league
    client.force_login(organizer)
    url = reverse("league:night", args=[league.club.slug, league.slug, night.season_id, night.pk])
    response = client.post(url, {"action": "swap", "first_table": 1, "first_seat": 1, "second_table": 2,
                                 "second_seat": 2})
    assert response.status_code == 302
    one, _ = table_seats(seated_round, 1)
    assert [(e[0], e[1]) for e in events(one)] == [("start", "org"), ("seats", "org")]


def test_the_game_history_page_lists_start_swaps_and_hands_in_order(client, seated_round, organizer):
    one, before = table_seats(seated_round, 1)
    services.round_swap_seats(round=seated_round, first=(1, 0), second=(1, 1), by=organizer)
    services.entry_record(game=one, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    client.force_login(organizer)  # a members-only league's history is for its club
    html = client.get(reverse("league:game_history", args=[one.public_id])).content.decode()
    names = [s["player"] for s in before]
    assert html.index("game started") < html.index("seats changed") < html.index("#1 entered")
    assert f"N {names[0]} · E {names[1]} · S {names[2]} · W {names[3]}" in html  # as started
    assert f"N {names[1]} · E {names[0]} · S {names[2]} · W {names[3]}" in html  # after the swap
    assert reverse("league:hand_history", args=[one.public_id, 1]) in html


def test_the_game_history_page_costs_the_same_queries_however_long_the_game(client, game, organizer):
    def count():
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(reverse("league:game_history", args=[game.public_id])).status_code == 200
        return len(ctx.captured_queries)

    short = count()
    for _ in range(4):  # N–S 1280: still playing
        services.entry_record(game=game, by=organizer,
                              inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert count() == short == 3  # the club's language and time zone, and the page's two


def test_cribbage_and_rummy_pages_link_to_their_game_history(client, club, players, organizer):
    crib = cribbage_game_create(club=club, players=players[:2], by=organizer)
    rummy = rummy_game_create(club=club, players=players, by=organizer)
    for game, page in ((crib, "league:game"), (rummy, "league:game")):
        html = client.get(reverse(page, args=[game.public_id])).content.decode()
        assert f'href="{reverse("league:game_history", args=[game.public_id])}"' in html
        history = client.get(reverse("league:game_history", args=[game.public_id])).content.decode()
        assert f'href="{reverse(page, args=[game.public_id])}"' in history  # and back


def test_the_pinochle_sheet_links_to_its_game_history(client, game):
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert f'href="{reverse("league:game_history", args=[game.public_id])}"' in html
    history = client.get(reverse("league:game_history", args=[game.public_id])).content.decode()
    assert f'href="{reverse("league:game", args=[game.public_id])}"' in history
