"""The completed cribbage and rummy game sheets: the stored numbers printed
exactly (every deal's pegging, hands and crib, every round's melds, bonuses,
cards left, penalties and totals), the result with its skunk or barbele
notes, names in any script inside their cells, "Page N of M", A4 and Letter,
the QR code of the game's page, the views' links and visibility, and a query
count that does not grow with the game."""
import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from league import services
from league.models import Game, Membership
from league.pdf import GameSheet
from league.games.cribbage.selectors import cribbage_board
from league.games.rummy.selectors import rummy_board
from league.games.cribbage.services import cribbage_game_create
from league.games.cribbage.inputs import CribbageDealInput
from league.games.rummy.inputs import RummyRoundInput
from league.services.workflow import entry_record
from league.games.rummy.services import rummy_game_create

from .test_cribbage_services import PONE_OUT, TO_100_112, deal, league_game, skunk_deals
from .test_pdf_fonts import dark_share, page_count, page_image, page_size, pdf_text, ruled_lines
from .test_pdf_league import assert_inside_cells, grid_rows, qr_codes
from .test_rummy_league import rummy_night, table_games
from .test_rummy_services import TO_1620, team

CRIB_URL = "http://testserver/c/x/"
RUMMY_URL = "http://testserver/r/x/"
LONG_NAMES = ["Maximilian Bartholomew Fitzgerald-Wolfenstein of Little Ditton"[:60], "W" * 60,
              "王小明" * 20, ("สมศักดิ์ ใจดี " * 5)[:60]]


# -- building games through the services ----------------------------------------------
def crib_game(club, organizer, names=("Ann", "Bo"), deals=(), **kwargs):
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    game = cribbage_game_create(club=club, players=players, by=organizer, **kwargs)
    for d in deals:
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**d))
    return game


def rummy_game(club, organizer, names=("Ann", "Bo", "Cy", "Di"), rounds=(), **kwargs):
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    game = rummy_game_create(club=club, players=players, by=organizer, **kwargs)
    for r in rounds:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r))
    return game


def crib_sheet(game, **kwargs) -> GameSheet:
    return GameSheet(cribbage_board(game.public_id), url=CRIB_URL, **kwargs)


def rummy_sheet(game, **kwargs) -> GameSheet:
    return GameSheet(rummy_board(game.public_id), url=RUMMY_URL, **kwargs)


def body_rows(document) -> list[list[str]]:
    """The grid's body rows (its two header rows left out), every page."""
    data = document.render()
    pages = page_count(data)
    return [row for page in range(1, pages + 1) for row in grid_rows(data, document, page)[2:]]


# Ann deals 1, 3, 5; the starter of deal 1 is the five of hearts (no heels). Ann pegs out in deal 5 at 121, Bo 88.
SKUNK = [{**skunk_deals(88)[0], "starter": "5H"}, *skunk_deals(88)[1:]]
ZERO_DEAL = deal()
ZERO_ROUND = [team(0), team(0)]


# -- cribbage ----------------------------------------------------------------------------
def test_cribbage_sheet_names_the_players_rules_and_first_dealer(club, organizer):
    text = pdf_text(crib_sheet(crib_game(club, organizer, deals=SKUNK)).render())
    for expected in ("Ann vs Bo", "Test Club · Cribbage", "Players: A · Ann · B · Bo", "First dealer: Ann",
                     "Rules: 121 · win 2 · skunk 3 · spread by margin", "5 deals", "Cribbage score sheet"):
        assert expected in text, expected


def test_cribbage_rows_are_each_deals_stored_pegging_hand_crib_and_running_totals(club, organizer):
    rows = body_rows(crib_sheet(crib_game(club, organizer, deals=SKUNK)))
    assert rows == [
        ["1", "Ann", "5♥", "8", "20", "10", "38", "4", "12", "–", "16"],
        ["2", "Bo", "–", "4", "16", "–", "58", "6", "12", "8", "42"],
        ["3", "Ann", "–", "6", "24", "12", "100", "4", "10", "–", "56"],
        ["4", "Bo", "–", "4", "14", "–", "118", "8", "16", "8", "88"],
        ["5", "Ann", "–", "3", "(0)", "(0)", "121", "0", "(0)", "–", "88", "Ann out with pegging"],
    ]


def test_cribbage_result_line_says_winner_margin_skunk_and_game_points(club, organizer):
    text = pdf_text(crib_sheet(crib_game(club, organizer, deals=SKUNK)).render())
    assert "Winner: Ann, by 33 · skunk · 3 game points" in text
    assert "Final totals: Ann 121 · Bo 88" in text
    assert "Ann reached 121 with pegging; Bo 88: skunk" in text


def test_cribbage_double_skunk_is_named_as_such(club, organizer):
    text = pdf_text(crib_sheet(crib_game(club, organizer, deals=skunk_deals(50))).render())
    assert "Winner: Ann, by 71 · double skunk · 3 game points" in text


def test_cribbage_counts_the_game_over_left_uncounted_are_bracketed_and_explained(club, organizer):
    document = crib_sheet(crib_game(club, organizer, names=("Cy", "Di"), deals=TO_100_112 + [PONE_OUT]))
    assert body_rows(document)[-1] == ["5", "Cy", "–", "2", "(24)", "(4)", "102", "1", "8", "–", "121",
                                       "Di out with the pone's hand"]
    text = pdf_text(document.render())
    assert "Deal 5: game over at the pone's hand: later counts not added" in text
    assert "(n): shown but not counted, the game was already over." in text


def test_cribbage_a_loser_past_the_skunk_line_is_no_skunk(club, organizer):
    text = pdf_text(crib_sheet(crib_game(club, organizer, names=("Cy", "Di"), deals=TO_100_112 + [PONE_OUT])).render())
    assert "Winner: Di, by 19 · 2 game points Final totals: Cy 102 · Di 121" in text
    assert ": skunk" not in text and "double skunk" not in text


def test_cribbage_in_progress_sheet_gives_the_totals_so_far(club, organizer):
    text = pdf_text(crib_sheet(crib_game(club, organizer, deals=TO_100_112[:2])).render())
    assert "In progress after 2 deals. Totals so far: Ann 40 · Bo 56" in text
    assert "Winner" not in text


def test_cribbage_league_game_names_its_league_night_round_and_table(club, organizer, players):
    game = league_game(club, organizer, players, {})
    text = pdf_text(crib_sheet(game).render())
    assert "Cribbage · Winter · Jan. 8, 2026 · Round 1 · Table 1" in text
    assert "Rules: Crib: 121 · win 2 · skunk 3 · spread by margin" in text


# -- rummy ---------------------------------------------------------------------------------
def test_rummy_sheet_names_the_teams_seats_rules_and_first_dealer(club, organizer):
    text = pdf_text(rummy_sheet(rummy_game(club, organizer, rounds=TO_1620)).render())
    for expected in ("Ann & Cy vs Bo & Di", "Test Club · Rummy-style Pinochle", "N–S: N · Ann & S · Cy",
                     "E–W: E · Bo & W · Di", "First dealer: N · Ann", "4 rounds", "Rummy score sheet",
                     "Rules: first to 1500 · barbele at 750: 70 to open, −50 · going out 20"):
        assert expected in text, expected


def test_rummy_rows_are_each_rounds_melds_bonuses_cards_left_penalties_and_totals(club, organizer):
    rows = body_rows(rummy_sheet(rummy_game(club, organizer, rounds=TO_1620)))
    assert rows == [
        ["1", "N · Ann", "400 out", "20", "420", "420", "200", "−35", "165", "165"],
        ["2", "E · Bo", "600 out", "20", "620", "1040", "150", "−50", "−10", "90", "255"],
        ["3", "S · Cy", "250", "−20", "−50 B", "180", "1220", "600 fold", "80", "680", "935"],
        ["4", "W · Di", "400 fold", "400", "1620", "120", "−45", "75", "1010"],
    ]


def test_rummy_each_row_adds_up_to_its_stored_round_total(club, organizer):
    game = rummy_game(club, organizer, rounds=TO_1620)
    document = rummy_sheet(game)
    for row, printed in zip(document.board.rows, document.layout.rows, strict=True):
        values = printed.values
        for cell in row.cells:
            s = cell.row.side

            def number(key, s=s):
                text = values[f"{key}_{s}"].split(" ")[0].replace("−", "-")
                return int(text) if text else 0

            total = cell.row.counted_meld + number("bonuses") + number("cards_left") + number("penalties")
            assert total == cell.row.delta, (row.hand.number, s)


def test_rummy_barbele_failed_opening_is_marked_and_noted(club, organizer):
    text = pdf_text(rummy_sheet(rummy_game(club, organizer, rounds=TO_1620)).render())
    assert "Round 3: N–S has barbele (1040 ≥ 750): a first meld of 60 is under 70, −50" in text
    assert "B: barbele, a failed opening (−50) counted in the penalties." in text


def test_rummy_result_line_gives_the_winner_and_the_stored_reason(club, organizer):
    text = pdf_text(rummy_sheet(rummy_game(club, organizer, rounds=TO_1620)).render())
    assert "Winner: N–S (Ann & Cy) Final totals: N–S 1620 · E–W 1010 N–S reached 1620" in text


def test_rummy_draw_after_the_rounds_limit_says_drawn_and_why(club, organizer):
    game = rummy_game(club, organizer, rounds=[ZERO_ROUND] * 2, rules={"rounds_limit": 2})
    text = pdf_text(rummy_sheet(game).render())
    assert "Drawn Final totals: N–S 0 · E–W 0 2 rounds played: a draw at 0" in text
    assert "Winner" not in text


def test_rummy_league_game_names_its_league_night_round_table_and_profile(client, club, organizer, players):
    eight = players + [services.player_get_or_create(club=club, name=n) for n in ("Ed", "Flo", "Gil", "Hal")]
    night = rummy_night(club, eight, is_public=True)
    game = table_games(services.round_seat(night=night, by=organizer))[1]
    text = pdf_text(client.get(reverse("league:game_sheet_pdf", args=[game.public_id])).content)
    assert "Rummy progressive · Winter · Jan. 8, 2026 · Round 1 · Table 2" in text
    assert f"Rules: {night.season.league.rule_profile.name}: first to 1500" in text


# -- both: layout ----------------------------------------------------------------------------
def test_cribbage_long_and_chinese_thai_names_stay_inside_their_cells(club, organizer):
    for names in (LONG_NAMES[:2], LONG_NAMES[2:]):
        assert [len(n) for n in names] == [60, 60]
        document = crib_sheet(crib_game(club, organizer, names=names, deals=SKUNK))
        data = document.render()
        held = assert_inside_cells(data, document)
        assert len([f for f in held if f.page == 1]) > 5 * 11
        assert names[0][:10] in pdf_text(data)


def test_rummy_long_and_chinese_thai_names_stay_inside_their_cells(club, organizer):
    document = rummy_sheet(rummy_game(club, organizer, names=LONG_NAMES, rounds=TO_1620))
    data = document.render()
    held = assert_inside_cells(data, document)
    assert len(held) > 4 * 14
    text = pdf_text(data)
    assert LONG_NAMES[0] in text and "王小明王小明" in text


@pytest.mark.parametrize("kind", ["cribbage", "rummy"])
def test_a_long_game_runs_over_pages_numbered_n_of_m(club, organizer, kind):
    if kind == "cribbage":
        document = crib_sheet(crib_game(club, organizer, deals=[ZERO_DEAL] * 60))
    else:
        document = rummy_sheet(rummy_game(club, organizer, rounds=[ZERO_ROUND] * 60))
    data = document.render()
    assert page_count(data) == 2
    text = pdf_text(data)
    assert "Page 1 of 2" in text and "Page 2 of 2" in text
    assert {box.page for box in document.grid_boxes} == {1, 2}
    assert len(body_rows(document)) == 60
    assert_inside_cells(data, document)


@pytest.mark.parametrize("paper, size, pixels", [
    pytest.param("a4", (595.28, 841.89), (414, 585), id="A4"),
    pytest.param("letter", (612, 792), (425, 550), id="Letter"),
])
@pytest.mark.parametrize("kind", ["cribbage", "rummy"])
def test_page_one_is_drawn_on_the_chosen_paper(club, organizer, tmp_path, paper, size, pixels, kind):
    if kind == "cribbage":
        data, rows = crib_sheet(crib_game(club, organizer, deals=SKUNK), paper=paper).render(), 5
    else:
        data, rows = rummy_sheet(rummy_game(club, organizer, rounds=TO_1620), paper=paper).render(), 4
    assert page_size(data) == pytest.approx(size, abs=0.01)
    image = page_image(data, tmp_path)
    assert image.size == pixels
    assert 0.01 < dark_share(image) < 0.3
    assert ruled_lines(image) >= rows + 2  # a line under each row, the header and the box


@pytest.mark.parametrize("kind", ["cribbage", "rummy"])
def test_qr_code_holds_the_game_pages_address(client, club, organizer, kind):
    if kind == "cribbage":
        game, name = crib_game(club, organizer, deals=SKUNK), "cribbage"
        document = GameSheet(cribbage_board(game.public_id), url=f"http://testserver/g/{game.public_id}/")
    else:
        game, name = rummy_game(club, organizer, rounds=TO_1620), "rummy"
        document = GameSheet(rummy_board(game.public_id), url=f"http://testserver/g/{game.public_id}/")
    page = "http://testserver" + reverse("league:game", args=[game.public_id])
    [qr] = qr_codes(document.story())
    assert qr.value == page
    response = client.get(reverse("league:game_sheet_pdf", args=[game.public_id]))
    assert page in pdf_text(response.content)


# -- both: views -------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, prefix", [("cribbage", "cribbage"), ("rummy", "rummy")])
def test_view_gives_the_pdf_inline_and_honours_letter(client, club, organizer, kind, prefix):
    game = crib_game(club, organizer, deals=SKUNK) if kind == "cribbage" else rummy_game(club, organizer,
                                                                                         rounds=TO_1620)
    url = reverse("league:game_sheet_pdf", args=[game.public_id])
    assert url == f"/g/{game.public_id}/sheet.pdf"  # one URL tree for every kind
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{prefix}-sheet-{game.public_id}.pdf"'
    assert page_size(response.content) == pytest.approx((595.28, 841.89), abs=0.01)
    assert page_size(client.get(url, {"paper": "letter"}).content) == (612, 792)
    assert client.get(url, {"paper": "a3"}).status_code == 400


def test_view_refuses_unknown_games(client, club, organizer):
    assert client.get(reverse("league:game_sheet_pdf", args=["nope"])).status_code == 404


@pytest.mark.parametrize("kind", ["cribbage", "rummy"])
def test_a_members_only_league_games_sheet_is_read_as_its_page_is(client, club, organizer, players, kind):
    """As its page: a members-only league's game is read by the club's members and
    organizers only (league.access), the sheet too; nothing more is printed than the page shows."""
    if kind == "cribbage":
        game = league_game(club, organizer, players, {})
    else:
        eight = players + [services.player_get_or_create(club=club, name=n) for n in ("Ed", "Flo", "Gil", "Hal")]
        game = table_games(services.round_seat(night=rummy_night(club, eight), by=organizer))[0]
    assert Game.objects.get(pk=game.pk).table.round.night.season.league.is_public is False
    page = reverse("league:game", args=[game.public_id])
    sheet = reverse("league:game_sheet_pdf", args=[game.public_id])
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-1")
    member = get_user_model().objects.create_user("member", password="pw-member-1")
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    for user in (None, stranger, member, organizer):
        if user is not None:
            client.force_login(user)
        expected = 200 if user in (member, organizer) else 404
        assert client.get(sheet).status_code == client.get(page).status_code == expected, user


@pytest.mark.parametrize("deals", [3, 40])
def test_cribbage_view_query_count_is_fixed(client, django_assert_num_queries, club, organizer, deals):
    game = crib_game(club, organizer, deals=[ZERO_DEAL] * deals)
    with django_assert_num_queries(5):  # the club's language and time zone; the game with its sides, seats, deals, their rows
        response = client.get(reverse("league:game_sheet_pdf", args=[game.public_id]))
    assert response.status_code == 200
    assert f"{deals} deals" in pdf_text(response.content)


@pytest.mark.parametrize("rounds", [3, 40])
def test_rummy_view_query_count_is_fixed(client, django_assert_num_queries, club, organizer, rounds):
    game = rummy_game(club, organizer, rounds=[ZERO_ROUND] * rounds)
    with django_assert_num_queries(4):  # the club's language and time zone; the game, seats, rounds
        response = client.get(reverse("league:game_sheet_pdf", args=[game.public_id]))
    assert response.status_code == 200
    assert f"{rounds} rounds" in pdf_text(response.content)


@pytest.mark.parametrize("rounds", [1, 30])
def test_rummy_league_view_query_count_is_fixed(client, django_assert_num_queries, club, organizer, players,
                                                rounds):
    eight = players + [services.player_get_or_create(club=club, name=n) for n in ("Ed", "Flo", "Gil", "Hal")]
    game = table_games(services.round_seat(night=rummy_night(club, eight, is_public=True), by=organizer))[0]
    for _ in range(rounds):
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=ZERO_ROUND))
    with django_assert_num_queries(4):  # the club's language and time zone; the game with its table, league and sides; seats; rounds
        response = client.get(reverse("league:game_sheet_pdf", args=[game.public_id]))
    assert "Round 1 · Table 1" in pdf_text(response.content)


def test_cribbage_page_links_to_the_pdf(client, club, organizer):
    game = crib_game(club, organizer)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert f'href="/g/{game.public_id}/sheet.pdf"' in html
    assert f'href="/g/{game.public_id}/sheet.pdf?paper=letter"' in html
    assert "Print sheet (PDF)" in html


def test_rummy_page_links_to_the_pdf(client, club, organizer):
    game = rummy_game(club, organizer, rounds=TO_1620)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert f'href="/g/{game.public_id}/sheet.pdf"' in html
    assert f'href="/g/{game.public_id}/sheet.pdf?paper=letter"' in html
    assert "Print sheet (PDF)" in html


@pytest.mark.parametrize("language", ["en", "zh-hans", "zh-hant", "th"])
def test_sheets_render_in_every_site_language(club, organizer, language):
    from django.utils import translation

    crib, rummy = crib_game(club, organizer, deals=SKUNK), rummy_game(club, organizer, rounds=TO_1620)
    with translation.override(language):
        crib_data, rummy_data = crib_sheet(crib).render(), rummy_sheet(rummy).render()
    assert page_count(crib_data) == 1 and "121" in pdf_text(crib_data)
    assert page_count(rummy_data) == 1 and "1620" in pdf_text(rummy_data)
