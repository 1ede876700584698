"""The completed game sheet: the stored numbers printed exactly, marks on set,
thrown-in, passed and renege hands, the winner and the reason, names in any
seed script, nothing outside its cell, and the view's fixed query count."""
import pytest
from django.urls import reverse

from league import services
from league.models import Game, RuleProfile
from league.pdf import GameSheet
from league.selectors import game_sheet

from .conftest import played
from .test_pdf_fonts import dark_share, fragments, page_count, page_image, page_size, pdf_text, ruled_lines
from league.games.pinochle.hand_inputs import PinochleHandInput

URL = "http://testserver/g/x/"


def render(game, **kwargs) -> bytes:
    return GameSheet(game_sheet(game.public_id), url=URL, **kwargs).render()


def grid_rows(data: bytes, document: GameSheet) -> list[list[str]]:
    """The grid's body rows as cell texts, left to right, page after page."""
    frags = fragments(data)
    rows = {}
    for box in document.grid_boxes:
        header = box.y + box.height - 2 * 7 * 1.9  # two header rows of grid_table
        for f in frags:
            if f.page == box.page and box.y <= f.y <= header:
                rows.setdefault((f.page, -round(f.y, 1)), []).append(f)
    return [[f.text for f in sorted(cells, key=lambda f: f.x)] for _, cells in sorted(rows.items())]


def new_game(club, organizer, names, **options):
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    profile = RuleProfile.objects.create(club=club, name="p", options=options) if options else None
    return services.game_create(club=club, players=players, rule_profile=profile, by=organizer)


@pytest.fixture
def demo(db, demo_club_for_module):
    """The demo's first finished game; the demo is loaded once for this module
    (tests/conftest.py), so the other tests here run beside its rows too."""
    return Game.objects.filter(status="finished").order_by("pk").first()


def test_demo_game_prints_players_totals_winner_and_reason(demo):
    text = pdf_text(render(demo))
    for name in ("Ada Byrne", "Ben Okafor", "Chen Wei", "Dana Kowalski", "Riverside Card Club"):
        assert name in text
    assert "Winner: E–W (Ben Okafor & Dana Kowalski)" in text
    assert "Final totals: N–S 1690 · E–W 1500" in text
    assert "E–W reached 1500 and bid: E–W win although N–S have 1690" in text
    assert "Rules: Club standard: 1500 · min 250 by 10 · defenders need a counter · bidders win ties" in text
    assert "Page 1 of 1" in text and "Game score sheet" in text


def test_demo_grid_rows_are_the_stored_numbers_in_entry_order(demo):
    document = GameSheet(game_sheet(demo.public_id), url=URL)
    rows = grid_rows(document.render(), document)
    assert rows[0] == ["1", "W Dana Kowalski", "N Ada Byrne", "300", "♥",
                       "150", "170", "+320", "320", "60", "80", "+140", "140"]
    assert rows[4] == ["5", "W Dana Kowalski", "N Ada Byrne", "310", "♥",
                       "120", "150", "-310", "550", "40", "100", "+140", "1260", "set"]
    assert rows[-1] == ["8", "S Chen Wei", "E Ben Okafor", "350", "♣",
                        "300", "50", "+350", "1690", "200", "200", "+400", "1500"]
    assert len(rows) == 8


def test_set_thrown_in_passed_and_renege_hands_are_marked(club, organizer, game):
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (100, 50), (150, 100))))
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(kind="thrown_in", bidder_seat=1, bid=250, trump="S", meld=(60, 40)))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(kind="passed"))
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(kind="renege", bidder_seat=0, bid=250, trump="C", meld=(120, 20), renege_side=1))
    document = GameSheet(game_sheet(game.public_id), url=URL)
    data = document.render()
    assert grid_rows(data, document) == [
        ["1", "N Ann", "N Ann", "300", "♥", "100", "150", "-300", "-300", "50", "100", "+150", "150", "set"],
        ["2", "E Bo", "E Bo", "250", "♠", "60", "–", "+60", "-240", "40", "–", "-250", "-100", "thrown in"],
        ["3", "S Cy", "–", "–", "0", "-240", "–", "–", "0", "-100", "all passed"],
        ["4", "W Di", "N Ann", "250", "♣", "120", "–", "+370", "130", "0", "–", "0", "-100", "renege E–W"],
    ]
    text = pdf_text(data)
    assert "In progress after 4 hands. Totals so far: N–S 130 · E–W -100" in text
    assert "Hand 1: set: 250 < 300" in text


def test_long_names_and_40_hands_stay_inside_their_cells(club, organizer):
    names = ["Maximilian Bartholomew Fitzgerald-Wolfenstein of Little Ditton"[:60], "W" * 60,
             "王小明" * 20, "สมศักดิ์ ใจดี " * 5]
    assert [len(n) for n in names[:3]] == [60, 60, 60]
    game = new_game(club, organizer, names, target=100000)
    for i in range(40):
        services.entry_record(game=game, by=organizer,
                              inputs=PinochleHandInput(**played(i % 4, 250 + 10 * (i % 5), (120, 60), (150, 100))))
    for paper, (width, _) in (("a4", (595.3, 841.9)), ("letter", (612, 792))):
        document = GameSheet(game_sheet(game.public_id), url=URL, paper=paper)
        data = document.render()
        # the grid on pages 1-2, the running totals chart after it (league/pdf/charts.py)
        assert page_count(data) == 3 and "Page 3 of 3" in pdf_text(data)
        assert {box.page for box in document.grid_boxes} == {1, 2}
        frags = fragments(data)
        for f in frags:  # nothing leaves the page's frame
            assert document.margin_left - 0.01 <= f.x and f.x + f.width <= width - document.margin_right + 0.01, f
        checked = 0
        for box in document.grid_boxes:
            cells = document.cell_intervals(box.x)
            for f in frags:
                if f.page == box.page and box.y <= f.y <= box.y + box.height:
                    assert any(left + 1.9 <= f.x and f.x + f.width <= right - 1.9 for left, right in cells), f
                    checked += 1
        assert checked > 40 * 13


@pytest.mark.parametrize("name, fonts", [
    pytest.param("王小明", {"ClubHan"}, id="chinese: Droid Sans Fallback"),
    pytest.param("สมชาย", {"ClubThai", "ClubThai-Bold"}, id="thai: Loma"),
    pytest.param("Ελένη", {"ClubSans", "ClubSans-Bold"}, id="greek: DejaVu"),
    pytest.param("Фёдор", {"ClubSans", "ClubSans-Bold"}, id="cyrillic: DejaVu"),
])
def test_names_in_the_seed_scripts_print_in_their_fonts(club, organizer, name, fonts):
    names = ["王小明", "สมชาย", "Ελένη", "Фёдор"]
    game = new_game(club, organizer, names)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    data = render(game)
    text = pdf_text(data)
    assert name in text
    assert "王小明 & Ελένη" in text and "สมชาย & Фёдор" in text
    used = {f.font for f in fragments(data) if name in f.text}
    assert used and used <= fonts


@pytest.mark.parametrize("paper, size, pixels", [
    pytest.param("a4", (595.28, 841.89), (414, 585), id="A4"),
    pytest.param("letter", (612, 792), (425, 550), id="Letter"),
])
def test_page_one_is_drawn_on_the_chosen_paper(demo, tmp_path, paper, size, pixels):
    data = render(demo, paper=paper)
    assert page_size(data) == pytest.approx(size, abs=0.01)
    image = page_image(data, tmp_path)
    assert image.size == pixels
    assert 0.01 < dark_share(image) < 0.3
    assert ruled_lines(image) >= 8 + 2  # a line under each of the 8 hands, the header and the box


def test_view_gives_the_pdf_to_anyone_with_the_link(client, game, organizer):
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 310, (100, 200), (150, 100))))
    response = client.get(reverse("league:game_sheet_pdf", args=[game.public_id]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="score-sheet-{game.public_id}.pdf"'
    text = pdf_text(response.content)
    assert f"http://testserver/g/{game.public_id}/" in text
    assert "Totals so far: N–S 250 · E–W -310" in text
    assert page_size(response.content) == pytest.approx((595.28, 841.89), abs=0.01)


def test_view_prints_on_letter_and_refuses_other_paper(client, game):
    url = reverse("league:game_sheet_pdf", args=[game.public_id])
    assert page_size(client.get(url, {"paper": "letter"}).content) == (612, 792)
    assert client.get(url, {"paper": "a3"}).status_code == 400
    assert client.get(reverse("league:game_sheet_pdf", args=["nope"])).status_code == 404


@pytest.mark.parametrize("hands", [5, 60])
def test_view_query_count_is_fixed(client, django_assert_num_queries, make_game, organizer, hands):
    game = make_game(target=100000)
    for i in range(hands):
        services.entry_record(game=game, by=organizer,
                              inputs=PinochleHandInput(**played(i % 4, 250, (0, 0), (100, 150))))
    with django_assert_num_queries(5):  # the club's language and time zone; the game with its sides, seats, hands, their rows
        response = client.get(reverse("league:game_sheet_pdf", args=[game.public_id]))
    assert response.status_code == 200
    assert "Started" in pdf_text(response.content)


def test_game_page_links_to_the_pdf(client, game):
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert f'href="/g/{game.public_id}/sheet.pdf"' in html
    assert f'href="/g/{game.public_id}/sheet.pdf?paper=letter"' in html


def test_qr_code_holds_the_game_pages_address(game):
    from league.pdf.flowables import QrCode

    document = GameSheet(game_sheet(game.public_id), url="http://testserver/g/abc/")
    head = document.story()[0]
    [qr] = [cell for cell in head._cellvalues[0][1] if isinstance(cell, QrCode)]
    assert qr.value == "http://testserver/g/abc/"


def test_a_drawn_club_night_game_says_drawn_and_why(organizer, game):
    Game.objects.filter(pk=game.pk).update(hand_limit=2)  # as round_seat does for a club night
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 250, (0, 0), (250, 0))))
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 250, (0, 0), (0, 250))))
    text = pdf_text(render(game))
    assert "Drawn Final totals: N–S 250 · E–W 250 2 hands played: a draw at 250" in text
    assert "Winner" not in text


@pytest.mark.parametrize("language", ["en", "zh-hans", "zh-hant", "th"])
def test_sheet_renders_in_every_site_language(demo, language):
    from django.utils import translation

    with translation.override(language):
        data = render(demo)
    assert page_count(data) == 1
    assert "1690" in pdf_text(data) and "Ada Byrne" in pdf_text(data)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_grid_and_head_end_inside_the_right_margin(demo, paper):
    document = GameSheet(game_sheet(demo.public_id), url="http://testserver/g/x/", paper=paper)
    document.render()
    right = document.pagesize[0] - document.margin_right
    assert document.grid_boxes, "the grid was drawn"
    for box in document.grid_boxes:
        assert box.x >= document.margin_left and box.x + box.width <= right + 0.01, box
    grid = max(document.grid_boxes, key=lambda b: b.height)
    assert grid.x + grid.width == pytest.approx(right - 6, abs=0.01)
    for f in fragments(document.render()):
        assert document.margin_left - 0.01 <= f.x and f.x + f.width <= right + 0.01, f
