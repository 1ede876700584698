"""Race and form charts (docs/ratings.md §Charts): the points plotted are the stored
totals, the PDFs draw the same chart, and the pages' queries do not grow with the season."""
import re

from django.db import connection
from django.db.models import Sum
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.charts import plotted
from league.models import Night, Result
from league.pdf.recap import NightRecap
from league.pdf.standings import SeasonStandingsReport
from league.sample_season import sample_season_create
from league.selectors.pdf import night_recap_for_print, season_report_for_print
from league.selectors.standings import standings

from .test_league_play import profile, roster  # noqa: F401 (fixtures)
from .test_pdf_fonts import pdf_text


def svg_of(html, testid):
    start = html.index(f'data-testid="{testid}"')
    start = html.rindex("<svg", 0, start)
    return html[start:html.index("</svg>", start)]


def cumulative(season, player_id):
    nights = list(Night.objects.filter(season=season, results__isnull=False).distinct().order_by("date", "pk"))
    per = dict(Result.objects.filter(season=season, player_id=player_id).values("night_id")
               .annotate(p=Sum("points_for")).values_list("night_id", "p"))
    out, total = [], 0
    for n in nights:
        total += per.get(n.pk, 0)
        out.append(total)
    return out


def test_the_season_race_plots_each_leaders_stored_points_night_by_night(client, organizer, club):
    season = sample_season_create(club=club, nights=3, players=8, hands_per_game=4, seed=3)
    client.force_login(organizer)
    html = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk])).content.decode()
    svg = svg_of(html, "season-race")
    leaders = standings(season).rows[:7]
    expected = [cumulative(season, r.entrant) for r in leaders]
    values = [[int(v) for v in vs.split()] for vs in re.findall(r'data-values="([^"]*)"', svg)]
    assert values == expected
    assert [v[-1] for v in values] == [r.row.points_for for r in leaders]  # the last night: the standings
    from league.selectors.season_charts import season_race
    chart = season_race(season, leaders)
    assert plotted(svg, chart) == expected


def test_the_season_race_has_a_title_a_description_and_its_numbers(client, organizer, club):
    season = sample_season_create(club=club, nights=2, players=8, hands_per_game=4, seed=3)
    client.force_login(organizer)
    html = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk])).content.decode()
    assert '<title id="season-race-title">The race, night by night</title>' in html
    assert "Points added up night by night for the top 7 of the standings." in html
    figure = html[html.index('data-testid="season-race-figure"'):]
    table = figure[figure.index('class="chart-data"'):figure.index("</table>")]
    assert table.count("<tr>") == 1 + 2  # header, two nights
    assert "<script" not in svg_of(html, "season-race") and "style=" not in svg_of(html, "season-race")


def test_the_standings_report_pdf_draws_the_season_race(club):
    season = sample_season_create(club=club, nights=2, players=8, hands_per_game=4, seed=3)
    text = pdf_text(SeasonStandingsReport(season_report_for_print(season)).render())
    assert "The race, night by night" in text
    assert "Points added up night by night for the top 7 of the standings." in text


def test_the_night_recap_pdf_draws_tonights_race(club):
    season = sample_season_create(club=club, nights=1, players=8, hands_per_game=4, seed=3)
    recap = night_recap_for_print(season.nights.get())
    night_totals = {r.entrant: r.row.points_for for r in recap.standings.rows}
    assert {name: values[-1] for name, values in recap.race.series} == {
        r.row.name: night_totals[r.entrant] for r in recap.standings.rows[:7]}
    assert recap.race.x_labels == ["1", "2", "3"]
    text = pdf_text(NightRecap(recap).render())
    assert "Tonight's race, round by round" in text


def test_the_player_page_plots_the_players_points_per_night(client, organizer, club):
    season = sample_season_create(club=club, nights=3, players=8, hands_per_game=4, seed=3)
    player = Result.objects.filter(season=season).first().player
    client.force_login(organizer)
    html = client.get(reverse("league:player", args=[club.slug, player.pk])).content.decode()
    svg = svg_of(html, "form-chart")
    per_night = list(Result.objects.filter(player=player).values("night__date").annotate(p=Sum("points_for"))
                     .order_by("night__date").values_list("p", flat=True))
    assert re.findall(r'data-values="([^"]*)"', svg) == [" ".join(map(str, per_night))]
    assert "points per night" in html


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(ctx.captured_queries)


def test_chart_pages_queries_stay_flat_as_the_season_grows_tenfold(client, organizer, club):
    small = sample_season_create(club=club, nights=1, players=8, rounds=2, hands_per_game=2, seed=1)
    large = sample_season_create(club=club, nights=10, players=8, rounds=2, hands_per_game=2, seed=2)
    client.force_login(organizer)
    counts = []
    for season in (small, large):
        night = season.nights.order_by("date").last()
        player = Result.objects.filter(season=season).first().player_id
        args = [club.slug, season.league.slug, season.pk]
        counts.append({
            "season": queries(client, reverse("league:season", args=args)),
            "standings pdf": queries(client, reverse("league:season_standings_pdf", args=args)),
            "recap pdf": queries(client, reverse("league:night_recap_pdf", args=[*args, night.pk])),
            "player": queries(client, reverse("league:player", args=[club.slug, player])),
            "ratings": queries(client, reverse("league:club_ratings", args=[club.slug])),
        })
    assert counts[0] == counts[1]


def contrast_on_white(colour: str) -> float:
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)


def test_every_line_colour_passes_three_to_one_against_white_and_each_has_its_own_dash():
    from league.charts import COLOURS, DASHES, MAX_SERIES
    assert len(COLOURS) == len(set(COLOURS)) == len(set(DASHES)) == MAX_SERIES
    assert min(round(contrast_on_white(c), 2) for c in COLOURS) == 3.06  # #CC79A7, the lightest


def test_a_new_result_shows_in_the_season_race_at_once(client, organizer, club, profile, roster):
    import datetime

    from .test_league_play import finish, make_season
    from .test_ratings import partnership_game
    from .test_season_awards import seated

    season = make_season(club, profile)
    client.force_login(organizer)
    url = reverse("league:season", args=[club.slug, season.league.slug, season.pk])

    def plotted_values():
        svg = svg_of(client.get(url).content.decode(), "season-race")
        return sorted([int(v) for v in vs.split()] for vs in re.findall(r'data-values="([^"]*)"', svg))

    finish(seated(partnership_game(season, organizer, roster[:4], datetime.date(2026, 10, 2)), roster[:4]),
           organizer, 0)
    assert plotted_values() == [[0], [0], [1550], [1550]]
    finish(seated(partnership_game(season, organizer, roster[:4], datetime.date(2026, 10, 9)), roster[:4]),
           organizer, 1)
    assert plotted_values() == [[0, 1550], [0, 1550], [1550, 1550], [1550, 1550]]


def test_a_long_seasons_race_draws_its_last_nights_from_the_totals_before_them(client, organizer, club):
    from league.selectors.season_charts import RACE_NIGHTS
    season = sample_season_create(club=club, nights=RACE_NIGHTS + 2, players=8, rounds=1, hands_per_game=2, seed=5)
    client.force_login(organizer)
    html = client.get(reverse("league:season", args=[club.slug, season.league.slug, season.pk])).content.decode()
    svg = svg_of(html, "season-race")
    leaders = standings(season).rows[:7]
    values = [[int(v) for v in vs.split()] for vs in re.findall(r'data-values="([^"]*)"', svg)]
    every = [cumulative(season, r.entrant) for r in leaders]  # 22 nights, from 0
    assert [len(v) for v in every] == [RACE_NIGHTS + 2] * 7
    assert values == [v[2:] for v in every]  # the last 20 nights, each carrying the two before
    assert [v[-1] for v in values] == [r.row.points_for for r in leaders]
    last = list(Night.objects.filter(season=season).order_by("date"))[2:]
    figure = html[html.index('data-testid="season-race-figure"'):]
    table = figure[figure.index('class="chart-data"'):figure.index("</table>")]
    assert re.findall(r'<th scope="row">([^<]*)</th>', table) == [f"{n.date:%m-%d}" for n in last]
    assert ("Points added up night by night for the top 7 of the standings, over the season&#x27;s last 20 nights"
            " (from the totals before them).") in html


def test_the_printed_standings_race_draws_every_night(club):
    from league.selectors.season_charts import RACE_NIGHTS
    season = sample_season_create(club=club, nights=RACE_NIGHTS + 1, players=4, rounds=1, hands_per_game=2, seed=6)
    race = season_report_for_print(season).race
    leaders = standings(season).rows[:7]
    assert [values for _name, values in race.series] == [cumulative(season, r.entrant) for r in leaders]
    assert len(race.x_labels) == RACE_NIGHTS + 1
    assert "over the season" not in race.description


def test_the_season_page_lists_its_latest_nights_and_links_to_every_night(client, organizer, club):
    from league.views.leagues import NIGHTS_SHOWN
    season = sample_season_create(club=club, nights=NIGHTS_SHOWN + 1, players=4, rounds=1, hands_per_game=2, seed=7)
    client.force_login(organizer)
    url = reverse("league:season", args=[club.slug, season.league.slug, season.pk])
    html = client.get(url).content.decode()
    prefix = f"{url}n/"
    listed = re.findall(rf'href="{re.escape(prefix)}(\d+)/"', html)
    latest = [str(pk) for pk in Night.objects.filter(season=season).order_by("-date").values_list("pk", flat=True)]
    assert listed == latest[:NIGHTS_SHOWN]
    link = re.search(r'<a href="([^"]*)" data-testid="every-night">', html).group(1)
    assert link == "?nights=all#nights"
    every = client.get(url + link.split("#")[0]).content.decode()
    assert re.findall(rf'href="{re.escape(prefix)}(\d+)/"', every) == latest
    assert 'data-testid="every-night"' not in every
