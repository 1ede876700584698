"""Charts (league/charts.py): the points plotted are the stored totals, in the page and in the PDF."""
import re

from league import services
from league.chart_data import game_totals_chart
from league.charts import plotted
from league.models import HandSide
from league.pdf.game_sheet import GameSheet
from league.selectors.games import game_sheet

from .conftest import played
from league.games.pinochle.hand_inputs import PinochleHandInput


def three_hands(game, organizer):
    for h in (played(0, 300, (150, 60), (170, 80)), played(1, 250, (40, 120), (60, 190)),
              played(0, 350, (100, 20), (90, 160))):
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))


def stored(game, side):
    return [0] + list(HandSide.objects.filter(hand__game=game, side=side).order_by("hand__number")
                      .values_list("total", flat=True))


def test_the_game_chart_plots_each_sides_stored_totals_hand_by_hand(client, game, organizer):
    three_hands(game, organizer)
    html = client.get(f"/g/{game.public_id}/").content.decode()
    svg = html[html.index('<svg'):html.index('</svg>')]
    chart = game_totals_chart(game_sheet(game.public_id))
    assert plotted(svg, chart) == [stored(game, 0), stored(game, 1)]
    values = re.findall(r'data-values="([^"]*)"', svg)
    assert values == [" ".join(map(str, stored(game, 0))), " ".join(map(str, stored(game, 1)))]


def test_the_game_chart_has_a_title_a_description_and_its_numbers_as_a_table(client, game, organizer):
    three_hands(game, organizer)
    html = client.get(f"/g/{game.public_id}/").content.decode()
    assert '<title id="game-chart-title">Running totals, hand by hand</title>' in html
    assert "after hand 3" in html and 'viewBox="0 0 640 320" width="100%"' in html
    table = html[html.index('class="chart-data"'):html.index("</table>", html.index('class="chart-data"'))]
    assert table.count("<tr>") == 1 + 4  # header, before hand 1, three hands
    svg = html[html.index('<svg'):html.index('</svg>')]
    assert "<script" not in svg and "style=" not in svg


def test_a_sheet_without_hands_has_no_chart(client, game):
    assert "game-chart" not in client.get(f"/g/{game.public_id}/").content.decode()


def test_the_completed_game_sheet_pdf_draws_the_chart(game, organizer):
    three_hands(game, organizer)
    document = GameSheet(game_sheet(game.public_id), url="https://x/")
    data = document.render()
    from .test_pdf_fonts import pdf_text
    text = pdf_text(data)
    assert "Running totals, hand by hand" in text
    finals = stored(game, 0)[-1], stored(game, 1)[-1]
    assert "N–S" in text and str(max(finals)) in text


def test_a_chart_drawn_again_is_the_cached_drawing_and_a_changed_value_is_drawn_at_once():
    from league.charts import Chart, _svg, svg

    chart = Chart("Rating", "Ann's rating", ["01-01", "01-08"], [("Ann", [1500.0, 1512.5])])
    first = svg(chart, "rating-chart")
    assert first == _svg(chart, "rating-chart") == svg(chart, "rating-chart")
    chart.series[0][1][1] = 1490.0
    changed = svg(chart, "rating-chart")
    assert changed != first and changed == _svg(chart, "rating-chart")
    assert 'data-values="1500 1490"' in changed
    ints = Chart("Rating", "Ann's rating", ["01-01", "01-08"], [("Ann", [1500, 1490])])
    assert svg(ints, "rating-chart") == _svg(ints, "rating-chart")
    assert svg(chart, "other") == _svg(chart, "other") != changed


def _svg(html):
    return html[html.index('<svg'):html.index('</svg>')]


def test_a_cribbage_game_page_charts_each_players_stored_totals_deal_by_deal(client, club, players, organizer):
    from league.games.cribbage.inputs import CribbageDealInput
    from league.games.cribbage.services import cribbage_game_create
    from league.services.workflow import entry_record

    crib = cribbage_game_create(club=club, players=players[:2], by=organizer)
    for pegging in ((1, 2), (3, 0), (2, 2)):
        entry_record(game=crib, by=organizer, inputs=CribbageDealInput(pegging=pegging))
    html = client.get(f"/g/{crib.public_id}/").content.decode()
    assert '<title id="game-chart-title">Running totals, deal by deal</title>' in html
    assert re.findall(r'data-values="([^"]*)"', _svg(html)) == [
        " ".join(map(str, stored(crib, 0))), " ".join(map(str, stored(crib, 1)))]
    assert stored(crib, 0) == [0, 1, 4, 6] and stored(crib, 1) == [0, 2, 2, 4]
    assert re.findall(r'data-series="([^"]*)"', _svg(html)) == ["Ann", "Bo"]
    assert "after deal 3: Ann 6, Bo 4." in html


def test_a_rummy_game_page_charts_each_teams_stored_totals_round_by_round(client, club, players, organizer):
    from league.games.rummy.inputs import RummyRoundInput
    from league.games.rummy.services import rummy_game_create
    from league.services.workflow import entry_record

    from .test_rummy_services import team

    rummy = rummy_game_create(club=club, players=players, by=organizer)
    for r in ([team(10), team(5)], [team(20), team(40)]):
        entry_record(game=rummy, by=organizer, inputs=RummyRoundInput(teams=r))
    html = client.get(f"/g/{rummy.public_id}/").content.decode()
    assert '<title id="game-chart-title">Running totals, round by round</title>' in html
    assert re.findall(r'data-values="([^"]*)"', _svg(html)) == [
        " ".join(map(str, stored(rummy, 0))), " ".join(map(str, stored(rummy, 1)))]
    assert re.findall(r'data-series="([^"]*)"', _svg(html)) == ["N–S Ann &amp; Cy", "E–W Bo &amp; Di"]
    assert f"after round 2: N–S Ann &amp; Cy {stored(rummy, 0)[-1]}, E–W Bo &amp; Di {stored(rummy, 1)[-1]}." in html


def test_a_cribbage_or_rummy_game_without_entries_has_no_chart(client, club, players, organizer):
    from league.games.cribbage.services import cribbage_game_create
    from league.games.rummy.services import rummy_game_create

    for g in (cribbage_game_create(club=club, players=players[:2], by=organizer),
              rummy_game_create(club=club, players=players, by=organizer)):
        assert "game-chart" not in client.get(f"/g/{g.public_id}/").content.decode()


def test_a_chart_of_whole_numbers_has_whole_number_axis_labels():
    from league.charts import Chart, _svg as draw

    # 0 to 145: the middle of the axis is 72.5, labelled as the whole number 72
    text = draw(Chart("Totals", "d", ["0", "1"], [("N–S", [0, 145]), ("E–W", [0, 60])]), "c")
    assert re.findall(r"<text [^>]*>([^<]*)</text>", text)[:3] == ["0", "72", "145"]  # the value axis, bottom up


def test_a_chart_of_fractions_keeps_its_decimals():
    from league.charts import Chart, _svg as draw

    text = draw(Chart("Rating", "d", ["a", "b"], [("Ann", [10.25, 12.5])]), "c")
    assert re.findall(r"<text [^>]*>([^<]*)</text>", text)[:3] == ["0", "6.25", "12.50"]
