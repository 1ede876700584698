"""A night's check-in and seating through the API, for its club's organizers:
the night page's form and services; a round asked for while the last one is
still playing is a 409 naming its tables until confirmed."""
import datetime

import pytest
from rest_framework.test import APIClient

from league import services
from league.models import ChangeLog, CheckIn, Player, RuleProfile, Round
from tests.league.test_authorization_matrix import dump

from .test_api_reads import member


@pytest.fixture
def night(club, organizer, players):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile)
    season = services.season_create(league=league, name="S", starts_on=datetime.date(2026, 9, 1),
                                    ends_on=datetime.date(2026, 12, 1))
    return services.night_create(season=season, date=datetime.date(2026, 10, 6), rounds=2)


def url(night, tail):
    s = night.season
    return f"/api/v1/clubs/{s.league.club.slug}/leagues/{s.league.slug}/seasons/{s.pk}/nights/{night.pk}/{tail}/"


@pytest.fixture
def organizer_api(organizer):
    api = APIClient()
    api.force_login(organizer)
    return api


def test_an_organizer_checks_players_and_walk_ins_in(night, players, organizer_api):
    response = organizer_api.post(url(night, "checkins"), {"players": [p.pk for p in players[:3]],
                                                           "walk_ins": ["Eve", "Flo"]}, format="json")
    assert response.status_code == 200, response.json()
    assert sorted(c["name"] for c in response.json()["checkins"]) == ["Ann", "Bo", "Cy", "Eve", "Flo"]
    assert CheckIn.objects.filter(night=night).count() == 5
    assert Player.objects.filter(club=night.season.league.club, name="Eve").count() == 1


def test_a_player_of_another_club_is_refused_and_nothing_is_saved(night, organizer_api):
    from league.models import Club

    other = Player.objects.create(club=Club.objects.create(name="O", slug="o"), name="Zed")
    before = dump()
    response = organizer_api.post(url(night, "checkins"), {"players": [other.pk], "walk_ins": "Eve"}, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["players"]
    assert dump() == before


def test_members_may_not_check_in_and_strangers_do_not_find_the_night(night, players, club):
    reader = member(club)
    before = dump()
    assert reader.post(url(night, "checkins"), {"players": [players[0].pk]}, format="json").status_code == 403
    assert APIClient().post(url(night, "checkins"), {"players": [players[0].pk]}, format="json").status_code == 404
    assert dump() == before


def test_seating_a_round_while_the_last_is_playing_asks_first(night, players, organizer_api):
    services.night_check_in(night=night, players=players)
    first = organizer_api.post(url(night, "rounds"), {}, format="json")
    assert first.status_code == 201
    assert [len(r["tables"]) for r in first.json()["seating"]] == [1]
    before = dump()
    asked = organizer_api.post(url(night, "rounds"), {}, format="json")
    assert asked.status_code == 409
    assert asked.json()["tables"] == [1]
    assert dump() == before
    seated = organizer_api.post(url(night, "rounds"), {"confirm": True, "hand_limit": 4}, format="json")
    assert seated.status_code == 201
    assert Round.objects.filter(night=night).count() == 2
    assert ChangeLog.objects.filter(night=night).count() == 1


def test_a_hand_limit_that_is_not_a_number_is_refused(night, players, organizer_api):
    services.night_check_in(night=night, players=players)
    before = dump()
    response = organizer_api.post(url(night, "rounds"), {"hand_limit": "many"}, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["hand_limit"]
    assert dump() == before
