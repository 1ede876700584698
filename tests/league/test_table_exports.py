"""The tables' ``?_export=`` formats: CSV, JSON, TSV and XLSX (django-tables2's
own formats that need no optional library) answer the file, never the HTML
page; any other format is refused with 400."""
import csv
import io
import json

from django.test import Client

from league.selectors.standings import standings

from .test_club_ratings import two_leagues  # noqa: F401 (fixture)
from .test_league_pages import season_urls, small  # noqa: F401 (fixture)
from .test_league_play import profile, roster  # noqa: F401 (fixtures)

STANDINGS_HEADER = ["rank", "tied", "name", "games", "won", "points", "against", "differential", "bids made",
                    "bids taken", "nights", "split by"]


def first_row(season):
    first = standings(season).rows[0]
    return [first.rank, int(first.rank_label.startswith("=")), first.row.name, first.row.games, first.row.wins,
            first.row.points_for, first.row.points_against, first.row.differential, first.row.bids_made,
            first.row.bids_taken, first.row.nights]


def test_the_standings_export_as_json_is_the_ranked_rows(client, organizer, small):  # noqa: F811
    client.force_login(organizer)
    response = client.get(season_urls(small)["season"] + "?_export=json&header=codes")  # the stable column codes, as a script reads them
    assert (response.status_code, response["Content-Type"]) == (200, "application/json")
    assert response["Content-Disposition"] == f'attachment; filename="standings-{small.league.slug}-{small.pk}.json"'
    rows = json.loads(response.content)
    assert len(rows) == 8 and list(rows[0]) == STANDINGS_HEADER
    assert [rows[0][k] for k in STANDINGS_HEADER[:11]] == first_row(small)


def test_the_standings_export_as_tsv_is_the_ranked_rows(client, organizer, small):  # noqa: F811
    client.force_login(organizer)
    response = client.get(season_urls(small)["season"] + "?_export=tsv&header=codes")
    assert (response.status_code, response["Content-Type"]) == (200, "text/tsv; charset=utf-8")
    rows = list(csv.reader(io.StringIO(response.content.decode()), delimiter="\t"))
    assert rows[0] == STANDINGS_HEADER and len(rows) == 1 + 8
    assert rows[1][:11] == [str(c) for c in first_row(small)]


def test_the_ratings_export_as_json_and_tsv(client, organizer, two_leagues):  # noqa: F811
    client.force_login(organizer)
    as_json = client.get("/clubs/test/ratings/?family=partnership&_export=json")
    assert (as_json.status_code, as_json["Content-Type"]) == (200, "application/json")
    rows = json.loads(as_json.content)
    assert len(rows) == 7 and list(rows[0])[:3] == ["#", "Player", "Rating"]
    as_tsv = client.get("/clubs/test/ratings/?family=partnership&_export=tsv")
    assert (as_tsv.status_code, as_tsv["Content-Type"]) == (200, "text/tsv; charset=utf-8")
    assert as_tsv.content.decode().splitlines()[0].split("\t")[:3] == ["#", "Player", "Rating"]


def test_a_format_the_tables_do_not_export_is_refused(client, organizer, small):  # noqa: F811
    client.force_login(organizer)
    for export in ("ods", "xls", "yaml", "latex", "html"):
        response = client.get(season_urls(small)["season"] + f"?_export={export}")
        assert response.status_code == 400, export
        assert "Export as one of: csv, json, xlsx, tsv." in response.content.decode()
    assert Client().get(f"/clubs/test/ratings/?_export=ods").status_code == 400
