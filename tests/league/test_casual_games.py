"""Casual games without an account, bounded per client address."""
import pytest
from django.core.cache import cache, caches

from league.models import Game

pytestmark = pytest.mark.django_db

SEATS = {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear(), caches["limits"].clear()
    yield
    cache.clear(), caches["limits"].clear()


def test_the_anonymous_home_page_starts_a_casual_game_at_its_table_link(client):
    assert 'href="/casual/new/"' in client.get("/").content.decode()
    answer = client.post("/casual/new/", SEATS)
    game = Game.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/t/{game.access_token}/"
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Bo", "Cy", "Di"]
    assert client.get(answer["Location"]).status_code == 200


def test_one_address_starts_at_most_the_hourly_limit_of_casual_games(client, settings):
    settings.CASUAL_GAMES_PER_HOUR = 3
    codes = [client.post("/casual/new/", SEATS, REMOTE_ADDR="203.0.113.9").status_code for _ in range(4)]
    assert codes == [302, 302, 302, 429]
    assert client.post("/casual/new/", SEATS, REMOTE_ADDR="203.0.113.10").status_code == 302
    assert Game.objects.count() == 4


def test_a_casual_game_needs_four_different_names(client):
    answer = client.post("/casual/new/", {**SEATS, "west": "ann"})
    assert answer.status_code == 400
    assert "Four different names, one per seat." in answer.content.decode()
    assert Game.objects.count() == 0
