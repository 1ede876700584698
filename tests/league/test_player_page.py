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

from .test_league_play import profile, roster  # noqa: F401 (fixtures)


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


def game_links(html: str) -> list[str]:
    games = html[html.index('<h2 id="games">'):]
    return re.findall(r'href="(/g/[^"]+/)"', games[:games.index("</ul>")])


def test_the_games_are_listed_a_page_at_a_time_latest_first(client, organizer, club, monkeypatch):
    from league.selectors import people
    monkeypatch.setattr(people, "GAMES_PER_PAGE", 4)
    season = sample_season_create(club=club, nights=4, players=4, rounds=1, hands_per_game=2, seed=3)
    client.force_login(organizer)
    player = Player.objects.get(name="Sample player 00")
    every = [f"/g/{pid}/" for pid in Result.objects.filter(player=player, season=season, bye=False)
             .order_by("-night__date", "game_id").values_list("game__public_id", flat=True)]
    assert len(every) == 4  # 4 nights, one game each
    html = page(client, player, season=season.pk)
    assert game_links(html) == every and 'data-testid="older-games"' not in html
    monkeypatch.setattr(people, "GAMES_PER_PAGE", 3)
    html = page(client, player, season=season.pk)
    assert game_links(html) == every[:3] and 'data-testid="newer-games"' not in html
    older = re.search(r'<a href="([^"]*)" rel="next" data-testid="older-games">', html).group(1)
    assert older == f"?season={season.pk}&amp;page=2#games"
    html = page(client, player, season=season.pk, page=2)
    assert game_links(html) == every[3:]
    assert re.search(r'<a href="([^"]*)" rel="prev" data-testid="newer-games">', html).group(1) == (
        f"?season={season.pk}#games")
    assert 'data-testid="older-games"' not in html
    assert game_links(page(client, player, season=season.pk, page=99)) == []
    url = reverse("league:player", args=[club.slug, player.pk])
    for crafted in ("0", "9" * 18, "x"):  # a clear 400, as for every paged list
        response = client.get(url, {"season": season.pk, "page": crafted})
        assert response.status_code == 400  # the site's 400 page (templates/400.html)
        assert '<p data-testid="refusal">page must be a number from 1 to 10000.</p>' in response.content.decode()


def test_the_form_chart_draws_the_seasons_last_nights(client, organizer, club, monkeypatch):
    from league.selectors import people
    monkeypatch.setattr(people, "FORM_NIGHTS", 3)
    season = sample_season_create(club=club, nights=5, players=4, rounds=1, hands_per_game=2, seed=4)
    client.force_login(organizer)
    player = Player.objects.get(name="Sample player 00")
    nights = list(Result.objects.filter(player=player, season=season, bye=False).values("night__date")
                  .annotate(p=Sum("points_for")).order_by("night__date").values_list("night__date", "p"))
    per_night = [p for _date, p in nights]
    html = page(client, player, season=season.pk)
    figure = html[html.index('data-testid="form-chart-figure"'):]
    assert re.findall(r'data-values="([^"]*)"', figure[:figure.index("</svg>")]) == [
        " ".join(map(str, per_night[-3:]))]
    assert (f"Points scored on each of the last 3 nights; best {max(per_night[-3:])}, last {per_night[-1]}."
            in html)
    form = html[html.index("<h2>Form</h2>"):]
    listed = re.findall(r'<li>([0-9-]{10}) .*?<span class="num">(-?[0-9]+)</span>', form[:form.index("</ul>")])
    assert listed[:3] == [(f"{d:%Y-%m-%d}", str(p)) for d, p in nights[::-1][:3]]  # the latest nights first


def test_the_rating_chart_draws_the_last_rated_games_and_counts_every_one(client, organizer, club, monkeypatch):
    from league.models import RatingEvent
    from league.selectors import ratings
    monkeypatch.setattr(ratings, "RATING_GAMES", 2)
    sample_season_create(club=club, nights=3, players=4, rounds=1, hands_per_game=2, seed=5)
    client.force_login(organizer)
    player = Player.objects.get(name="Sample player 00")
    events = list(RatingEvent.objects.filter(player=player).order_by("order_key"))
    assert len(events) == 3
    html = page(client, player)
    section = html[html.index('data-testid="ratings"'):]
    assert "3 rated games" in section
    family = events[0].family
    figure = section[section.index(f'data-testid="rating-chart-{family}-figure"'):]
    assert re.findall(r'data-values="([^"]*)"', figure[:figure.index("</svg>")]) == [
        " ".join(f"{round(e.ordinal, 2):g}" for e in events[1:])]
    assert f"The rating after each of the last 2 rated games; now {round(events[-1].ordinal, 2)}." in section


def test_the_page_sums_rows_written_without_their_figures(client, organizer, club):
    season = sample_season_create(club=club, nights=1, players=4, rounds=1, hands_per_game=2, seed=8)
    client.force_login(organizer)
    player = Player.objects.get(name="Sample player 00")
    before = stats(page(client, player), "stats")
    Result.objects.filter(player=player, season=season, bye=False).update(points_for=7000)  # no service
    shown = stats(page(client, player), "stats")
    assert shown["Points for"] == "7000" != before["Points for"]
    assert shown == {**before, "Points for": "7000"}


def test_a_fixed_leagues_team_and_its_players_list_the_teams_games_a_page_at_a_time(
        client, organizer, club, profile, roster, monkeypatch):
    import datetime

    from league import services
    from league.models import Game, LeagueFormat
    from league.selectors import people

    from .test_figures import finish, season_of

    monkeypatch.setattr(people, "GAMES_PER_PAGE", 2)
    season = season_of(club, profile, format=LeagueFormat.FIXED)
    teams = [services.team_create(season=season, player_a=roster[i], player_b=roster[i + 1]) for i in (0, 2)]
    for day in (2, 9, 16):
        night = services.night_create(season=season, date=datetime.date(2026, 10, day), rounds=1)
        services.night_check_in(night=night, teams=teams)
        finish(Game.objects.get(table__round=services.round_seat(night=night, by=organizer)), organizer, 0)
    every = [f"/g/{pid}/" for pid in Result.objects.filter(team=teams[0]).order_by("-night__date")
             .values_list("game__public_id", flat=True)]
    assert len(every) == 3
    client.force_login(organizer)
    team_url = reverse("league:team", args=[club.slug, season.league.slug, season.pk, teams[0].pk])
    first = client.get(team_url).content.decode()
    assert game_links(first) == every[:2]
    assert re.search(r'<a href="([^"]*)" rel="next" data-testid="older-games">', first).group(1) == "?page=2#games"
    assert game_links(client.get(team_url, {"page": 2}).content.decode()) == every[2:]
    player = roster[0]  # the player's page reads the team's rows of the season
    html = page(client, player, season=season.pk)
    assert game_links(html) == every[:2]
    assert game_links(page(client, player, season=season.pk, page=2)) == every[2:]
    assert stats(html, "stats")["Games"] == "3"
