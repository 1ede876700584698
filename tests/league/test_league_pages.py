"""League pages: access, forms, exports, and query counts flat from 2 to 30 nights."""
import csv
import datetime
import io
import re

import pytest
from django.urls import reverse

from league import services
from league.models import Game, League, Night, Result, RuleProfile, Season
from league.sample_season import sample_season_create

from .conftest import played
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


def season_urls(season):
    league, club = season.league, season.league.club
    night = season.nights.order_by("date").last()
    player = Result.objects.filter(season=season).values_list("player_id", flat=True).first()
    game = Game.objects.filter(table__round__night=night).first()
    return {
        "leagues": reverse("league:club_leagues", args=[club.slug]),
        "league": reverse("league:league", args=[club.slug, league.slug]),
        "season": reverse("league:season", args=[club.slug, league.slug, season.pk]),
        "night": reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk]),
        "board": reverse("league:night_board", args=[club.slug, league.slug, season.pk, night.pk]),
        "player": reverse("league:player", args=[club.slug, player]) + f"?season={season.pk}",
        "game": reverse("league:game", args=[game.public_id]),
    }


def page_queries(client, urls):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = {}
    for name, url in urls.items():
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        counts[name] = len(ctx.captured_queries)
    return counts


@pytest.fixture
def small(club, organizer):
    return sample_season_create(club=club, nights=2, players=8, seed=1)


@pytest.fixture
def small_and_large(small):
    return small, sample_season_create(club=small.league.club, nights=30, players=40, seed=2)


def test_every_league_page_takes_the_same_queries_at_2_and_30_nights(client, organizer, small_and_large):
    small, large = small_and_large
    assert sum(g.hand_count for g in Game.objects.filter(table__round__night__season=large)) == 20_700
    client.force_login(organizer)
    few, many = page_queries(client, season_urls(small)), page_queries(client, season_urls(large))
    assert few == many
    assert max(many.values()) <= 15


def test_standings_export_csv_lists_every_player_ranked(client, organizer, small):
    client.force_login(organizer)
    response = client.get(season_urls(small)["season"] + "?_export=csv&header=codes")
    lines = b"".join(response.streaming_content).decode("utf-8-sig").strip().splitlines()
    assert response["Content-Type"].startswith("text/csv")
    assert lines[0] == "rank,tied,name,games,won,points,against,differential,bids made,bids taken,nights,split by"
    assert len(lines) == 1 + 8
    assert lines[1].split(",")[0] == "1" and "<a" not in response.getvalue().decode()


def test_standings_export_names_are_plain_text_and_numbers_are_numbers(client, organizer, small):
    import openpyxl

    from league.selectors.standings import standings

    client.force_login(organizer)
    first = standings(small).rows[0]
    csv_rows = list(csv.reader(io.StringIO(b"".join(
        client.get(season_urls(small)["season"] + "?_export=csv").streaming_content).decode("utf-8-sig"))))
    assert csv_rows[1][:11] == [str(first.rank), str(int(first.rank_label.startswith("="))), first.row.name,
                                str(first.row.games), str(first.row.wins), str(first.row.points_for),
                                str(first.row.points_against), str(first.row.differential),
                                str(first.row.bids_made), str(first.row.bids_taken), str(first.row.nights)]
    response = client.get(season_urls(small)["season"] + "?_export=xlsx")
    assert response.status_code == 200 and response.content[:2] == b"PK"
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    cells = [c.value for c in next(sheet.iter_rows(min_row=2, max_row=2))]
    assert cells[:11] == [first.rank, int(first.rank_label.startswith("=")), first.row.name, first.row.games,
                          first.row.wins, first.row.points_for, first.row.points_against, first.row.differential,
                          first.row.bids_made, first.row.bids_taken, first.row.nights]
    assert sheet.max_row == 1 + 8


@pytest.fixture
def members_only(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Thursday", rule_profile=profile)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    return season


def test_members_only_league_is_hidden_from_strangers(client, members_only):
    url = reverse("league:season", args=["test", "thursday", members_only.pk])
    assert client.get(url).status_code == 404


def test_public_league_is_readable_by_anyone(client, members_only):
    League.objects.filter(pk=members_only.league_id).update(is_public=True)
    url = reverse("league:season", args=["test", "thursday", members_only.pk])
    assert client.get(url).status_code == 200


def test_anonymous_cannot_create_a_night(client, members_only):
    League.objects.filter(pk=members_only.league_id).update(is_public=True)
    url = reverse("league:season", args=["test", "thursday", members_only.pk])
    response = client.post(url, {"form": "night", "date": "2026-10-01", "rounds": 3})
    assert response.status_code == 403 and not Night.objects.exists()


def test_organizer_runs_a_night_from_the_pages(client, organizer, members_only, players):
    client.force_login(organizer)
    season_url = reverse("league:season", args=["test", "thursday", members_only.pk])
    response = client.post(season_url, {"form": "night", "date": "2026-10-01", "rounds": 2})
    night = Night.objects.get()
    night_url = reverse("league:night", args=["test", "thursday", members_only.pk, night.pk])
    assert response.status_code == 302 and response.url == night_url
    client.post(night_url, {"action": "checkin", "players": [p.pk for p in players[:3]], "walk_ins": "Newcomer"})
    assert night.checkins.count() == 4
    assert client.post(night_url, {"action": "seat", "hand_limit": ""}).status_code == 302
    game = Game.objects.get(table__round__night=night)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 1300, (1300, 0), (250, 0))))
    page = client.get(night_url).content.decode()
    assert "Round 1" in page and ">1550<" in page
    board = client.get(night_url + "board/", HTTP_HX_REQUEST="true").content.decode()
    assert "1 hand entered · 1 of 1 game finished" in board and "<html" not in board
    # the mini standings show the season's first metric: total points here
    assert sorted(mini_standings(page)) == sorted(mini_standings(board)) == ["0", "0", "1550", "1550"]
    Season.objects.filter(pk=members_only.pk).update(precedence=["wins", "points"])
    page = client.get(night_url).content.decode()
    board = client.get(night_url + "board/", HTTP_HX_REQUEST="true").content.decode()
    assert mini_standings(page)[:2] == mini_standings(board)[:2] == ["1", "1"]
    assert sorted(mini_standings(board)) == ["0", "0", "1", "1"]


def mini_standings(html):
    """The numbers of a night page's or live board's mini standings, top first."""
    return re.findall(r'<span class="(?:muted|num)">([^<]*)</span></li>',
                      re.search(r'<ol class="mini-standings"[^>]*>(.*?)</ol>', html, re.S).group(1))


def test_night_form_errors_say_what_is_valid(client, organizer, members_only):
    client.force_login(organizer)
    season_url = reverse("league:season", args=["test", "thursday", members_only.pk])
    response = client.post(season_url, {"form": "night", "date": "2027-03-01", "rounds": 2})
    assert response.status_code == 400
    assert "The night must fall within the season (2026-09-01 – 2026-12-01)." in response.content.decode()
    assert not Night.objects.exists()


def test_seating_too_few_players_is_explained(client, organizer, members_only, players):
    night = services.night_create(season=members_only, date=D(2026, 10, 1))
    services.night_check_in(night=night, players=players[:3])
    client.force_login(organizer)
    url = reverse("league:night", args=["test", "thursday", members_only.pk, night.pk])
    response = client.post(url, {"action": "seat"})
    assert response.status_code == 400
    assert "progressive seating needs at least 4 players, not 3" in response.content.decode()
    assert not Season.objects.get().nights.get().round_set.exists()


def test_checkin_form_shows_who_is_here_and_unticking_checks_out(client, organizer, members_only, players):
    night = services.night_create(season=members_only, date=D(2026, 10, 1))
    services.night_check_in(night=night, players=players)
    client.force_login(organizer)
    url = reverse("league:night", args=["test", "thursday", members_only.pk, night.pk])
    html = client.get(url).content.decode()
    assert html.count('name="players"') == 4 and html.count("checked") >= 4
    client.post(url, {"action": "checkin", "players": [p.pk for p in players[:3]]})
    assert sorted(night.checkins.values_list("player__name", flat=True)) == ["Ann", "Bo", "Cy"]


def test_the_night_page_and_the_live_board_take_a_fixed_number_of_queries(client, organizer, small):
    # both: session, user, the club's language and time zone, the night with its season, league, club and rules, one membership (the
    # organizer's, or the board's read check), the standings, the overview's six. The sample
    # season's nights are locked: a locked night's page offers no check-in form (it offers the
    # reopen form), so the roster is not read (13 when it offered check-in on a locked night)
    client.force_login(organizer)
    urls = season_urls(small)
    pages = {"night": urls["night"], "board": urls["board"]}
    page_queries(client, pages)  # the standings computed once (their own cache)
    assert page_queries(client, pages) == {"night": 12, "board": 12}
