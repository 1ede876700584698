"""The club ratings table (docs/ratings.md): ranked by rating, exported as CSV and XLSX
with plain names, a members-only league's ratings shown to members only."""
import csv
import datetime
import io

import pytest
from django.test import Client
from openpyxl import load_workbook

from league import services
from league.models import League, PlayerRating

from .test_league_play import finish, make_season, profile, roster  # noqa: F401 (fixtures)
from .test_ratings import partnership_game

D = datetime.date


@pytest.fixture
def two_leagues(club, organizer, profile, roster):
    public = make_season(club, profile)
    League.objects.filter(pk=public.league_id).update(is_public=True)
    finish(partnership_game(public, organizer, roster[:4], D(2026, 10, 2)), organizer, 0)
    league = services.league_create(club=club, name="Members", rule_profile=profile)
    private = services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 31))
    finish(partnership_game(private, organizer, [roster[2], *roster[4:7]], D(2026, 10, 3)), organizer, 1)
    return public, private


def names_in(html):
    return [n for n in ("P00", "P01", "P02", "P03", "P04", "P05", "P06") if f">{n}</a>" in html]


def test_a_member_sees_every_rating_ranked_by_rating(client, organizer, two_leagues):
    client.force_login(organizer)
    html = client.get("/clubs/test/ratings/").content.decode()
    assert sorted(names_in(html)) == ["P00", "P01", "P02", "P03", "P04", "P05", "P06"]
    best = PlayerRating.objects.filter(family="partnership").order_by("-ordinal", "player__name").first()
    table = html[html.index('data-testid="ratings-table"'):]
    assert table.index(f">{best.player.name}</a>") < min(table.index(f">{n}</a>") for n in names_in(html)
                                                        if n != best.player.name)


def test_a_stranger_sees_only_ratings_of_public_leagues(two_leagues):
    html = Client().get("/clubs/test/ratings/").content.decode()
    assert sorted(names_in(html)) == ["P00", "P01", "P03"]  # P02 also played the members-only league


def test_the_club_page_links_the_ratings(client, two_leagues):
    html = client.get("/clubs/test/leagues/").content.decode()
    assert 'href="/clubs/test/ratings/"' in html


def test_the_csv_export_has_plain_names_and_the_stored_numbers(client, organizer, two_leagues):
    client.force_login(organizer)
    response = client.get("/clubs/test/ratings/?family=partnership&_export=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["#", "Player", "Rating", "mu", "sigma", "Games rated", "Last change", "Last game"]
    by_name = {r[1]: r for r in rows[1:]}
    p02 = PlayerRating.objects.get(player__name="P02", family="partnership")
    assert by_name["P02"][2] == str(round(p02.ordinal, 2)) and by_name["P02"][5] == "2"
    assert by_name["P02"][7] == "2026-10-03"
    assert all("<a" not in r[1] for r in rows)


def test_the_xlsx_export_holds_numbers_as_numbers(client, organizer, two_leagues):
    client.force_login(organizer)
    response = client.get("/clubs/test/ratings/?_export=xlsx")
    sheet = load_workbook(io.BytesIO(response.content)).active
    values = list(sheet.iter_rows(values_only=True))
    assert values[0][1] == "Player" and len(values) == 1 + 7
    assert all(isinstance(r[2], float) for r in values[1:])


def test_a_stranger_exports_only_public_ratings(two_leagues):
    response = Client().get("/clubs/test/ratings/?_export=csv")
    names = sorted(r[1] for r in list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))[1:])
    assert names == ["P00", "P01", "P03"]


def test_an_unknown_family_is_not_found(client, two_leagues):
    assert client.get("/clubs/test/ratings/?family=bridge").status_code == 404
