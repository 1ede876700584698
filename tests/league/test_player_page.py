"""The player page by season: one season's figures and games (``?season=``,
by default the latest played), the all-time figures summed from the
per-season figures, links to every season, and the same queries whatever
the number of seasons."""
import re

import pytest
from django.db import connection
from django.db.models import Sum
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Player, Result
from league.sample_season import sample_season_create


def stats(html: str, testid: str) -> dict:
    block = re.search(rf'<dl class="stats" data-testid="{testid}">(.*?)</dl>', html, re.S).group(1)
    return dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", block))


def expected(player, **where) -> dict:
    rows = Result.objects.filter(player=player, bye=False, **where)
    sums = rows.aggregate(pf=Sum("points_for"), pa=Sum("points_against"), made=Sum("bids_made"),
                          taken=Sum("bids_taken"))
    return {"Games": str(rows.count()), "Won": str(rows.filter(won=True).count()), "Points for": str(sums["pf"]),
            "Points against": str(sums["pa"]), "Bids made": f"{sums['made']} / {sums['taken']}"}


@pytest.fixture
def seasons(club):
    return [sample_season_create(club=club, nights=1, players=8, seed=s) for s in (1, 2)]


def page(client, player, **params):
    response = client.get(reverse("league:player", args=[player.club.slug, player.pk]), params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_the_latest_season_and_the_all_time_sums(client, organizer, seasons):
    client.force_login(organizer)
    player = Player.objects.get(name="Sample player 00")
    html = page(client, player)
    shown = stats(html, "stats")
    assert {k: shown[k] for k in expected(player)} == expected(player, season=seasons[1])
    every = stats(html, "all-time")
    assert {k: every[k] for k in expected(player)} == expected(player)
    assert int(every["Games"]) == 2 * int(shown["Games"]) == 6


def test_season_parameter_shows_that_seasons_figures_and_games_only(client, organizer, seasons):
    client.force_login(organizer)
    player = Player.objects.get(name="Sample player 00")
    html = page(client, player, season=seasons[0].pk)
    shown = stats(html, "stats")
    assert {k: shown[k] for k in expected(player)} == expected(player, season=seasons[0])
    games = set(re.findall(r'href="(/g/[^"]+/)"', html))
    wanted = {f"/g/{pid}/" for pid in Result.objects.filter(player=player, season=seasons[0])
              .values_list("game__public_id", flat=True)}
    assert games == wanted and len(games) == 3
    assert f'href="?season={seasons[0].pk}" aria-current="page"' in html
    assert f'href="?season={seasons[1].pk}">' in html


def test_the_page_takes_the_same_queries_with_one_season_or_four(client, organizer, club):
    client.force_login(organizer)
    sample_season_create(club=club, nights=1, players=8, seed=1)
    player = Player.objects.get(name="Sample player 00")
    page(client, player)  # the session's first request reads what later ones keep
    with CaptureQueriesContext(connection) as one:
        page(client, player)
    for seed in (2, 3, 4):
        sample_season_create(club=club, nights=1, players=8, seed=seed)
    with CaptureQueriesContext(connection) as four:
        html = page(client, player)
    assert len(four.captured_queries) == len(one.captured_queries)
    assert stats(html, "all-time")["Games"] == "12"
