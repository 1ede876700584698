"""Fixtures of the API's tests: the league tests' club, players and games, a
members-only league night (``private``) and a public league's sample season."""
import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from league.models import League
from league.sample_season import sample_season_create
from tests.league.conftest import club, game, make_game, organizer, players  # noqa: F401 (fixtures)
from tests.league.test_access_policy import private  # noqa: F401 (fixture)


@pytest.fixture(autouse=True)
def fresh_throttles():
    """Each test starts with no request counted by the throttles (they count in the cache)."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def public_season(club):  # noqa: F811
    """A public league's season of 3 locked nights, 8 players, 2 rounds of 4-hand games."""
    season = sample_season_create(club=club, nights=3, players=8, rounds=2, hands_per_game=4, seed=7)
    League.objects.filter(pk=season.league_id).update(is_public=True)
    season.league.refresh_from_db()
    return season
