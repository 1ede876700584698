"""A season ranked on the best N nights says so with its numbers: the page's
"Ranked by" reads "best 2 of 3 nights" (never "best N of M nights 2"), the
standings have a "best 2 of 3 nights" column holding each row's sum, and the
CSV, XLSX and PDF carry the same column."""
import csv
import datetime
import io

import pytest
from django.urls import reverse

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import Game, Round, RuleProfile, Table

from .conftest import played

D = datetime.date

SEATS = ("Ann", "Bo", "Cy", "Di")  # N, E, S, W: Ann and Cy against Bo and Di every night
NIGHTS = [  # (meld, tricks) of N–S and E–W; the bid is 1300 by the side that wins
    (0, (1300, 0), (250, 0)),  # N–S 1550, E–W 0
    (1, (200, 1300), (50, 200)),  # N–S 250, E–W 1500
    (1, (200, 1300), (50, 200)),  # N–S 250, E–W 1500
]
"""Ann and Cy: 1550 + 250 + 250 = 2050 points, best 2 nights 1800; Bo and Di: 3000 and 3000."""


@pytest.fixture
def season(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="Club rules", options={})
    league = services.league_create(club=club, name="Monday", rule_profile=profile, is_public=True)
    season = services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1),
                                    precedence=["best_n:2", "points"])
    for day, (winner, meld, tricks) in enumerate(NIGHTS, start=1):
        seats = [services.player_get_or_create(club=club, name=n) for n in SEATS]
        night = services.night_create(season=season, date=D(2026, 10, day), rounds=1)
        services.night_check_in(night=night, players=seats)
        table = Table.objects.create(round=Round.objects.create(night=night, number=1), number=1)
        game = services.game_create(club=club, players=seats, rule_profile=profile, by=organizer)
        Game.objects.filter(pk=game.pk).update(table=table)
        game.refresh_from_db()
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(winner, 1300, meld, tricks)))
    return season


def page(client, season):
    league = season.league
    return client.get(reverse("league:season", args=[league.club.slug, league.slug, season.pk]))


def export(client, season, kind):
    league = season.league
    url = reverse("league:season", args=[league.club.slug, league.slug, season.pk]) + f"?_export={kind}"
    response = client.get(url)
    return b"".join(response.streaming_content) if response.streaming else response.content


def test_the_page_names_the_best_n_with_its_numbers(client, season):
    html = page(client, season).content.decode()
    ranked_by = html.split('data-testid="ranked-by"', 1)[1].split("</p>", 1)[0]
    assert "Ranked by: best 2 of 3 nights, total points." in ranked_by
    assert "best N of M nights" not in html
    assert "Each entrant's 2 best nights of the 3 played count" in ranked_by


def test_the_standings_have_a_best_n_column_with_each_rows_sum(client, season):
    html = page(client, season).content.decode()
    table = html.split('data-testid="standings"', 1)[1].split("</table>", 1)[0]
    assert ">best 2 of 3 nights</a></th>" in table
    rows = table.split("<tr>")[2:]
    got = [(r.split("</a>")[0].rsplit(">", 1)[1], r.split("<td>")[5].split("<")[0],
            r.rsplit('<td class="num">', 1)[1].split("<")[0]) for r in rows]
    assert got == [("Bo", "3000", "3000"), ("Di", "3000", "3000"), ("Ann", "2050", "1800"), ("Cy", "2050", "1800")]


def test_the_csv_carries_the_best_n_column(client, season):
    rows = list(csv.reader(io.StringIO(export(client, season, "csv").decode())))
    assert rows[0][-1] == "best 2 of 3 nights"
    assert [(r[2], r[5], r[-1]) for r in rows[1:]] == [
        ("Bo", "3000", "3000"), ("Di", "3000", "3000"), ("Ann", "2050", "1800"), ("Cy", "2050", "1800")]


def test_the_xlsx_carries_the_best_n_column(client, season):
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(export(client, season, "xlsx"))).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0][-1] == "best 2 of 3 nights"
    assert [(r[2], r[-1]) for r in rows[1:]] == [("Bo", 3000), ("Di", 3000), ("Ann", 1800), ("Cy", 1800)]


def test_the_pdf_names_the_best_n_with_its_numbers(client, season):
    from pypdf import PdfReader

    league = season.league
    pdf = client.get(reverse("league:season_standings_pdf", args=[league.club.slug, league.slug, season.pk]))
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(b"".join(pdf.streaming_content)
                                                                    if pdf.streaming else pdf.content)).pages)
    assert "best 2 of 3 nights" in " ".join(text.split())
