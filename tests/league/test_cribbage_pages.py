"""Cribbage pages: starting a game, the board, deal entry with errors under
their fields, corrections, who may post, query counts that do not grow with
the game, and the public calculators' exact numbers (docs/rules.md, "Cribbage")."""
import re

import pytest
from django.urls import reverse

from league.models import Game, Hand
from league.games.cribbage.services import cribbage_game_create
from league.games.cribbage.inputs import CribbageDealInput
from league.services.workflow import entry_record

from .test_cribbage_services import PONE_OUT, TO_100_112, skunk_deals, state


@pytest.fixture
def game(club, players, organizer):
    return cribbage_game_create(club=club, players=players[:2], by=organizer)  # Ann deals first


def board_url(game):
    return reverse("league:game", args=[game.public_id])


def add_url(game):
    return reverse("league:hand_add", args=[game.public_id])


def post_deal(dealer=0, **fields):
    data = {"dealer": dealer, "pegging_0": "", "pegging_1": "", "pone_hand": "", "dealer_hand": "", "crib": ""}
    data.update({k: v for k, v in fields.items()})
    return data


def error_under(html, field):
    """The error text shown under ``field`` (the span the form template writes)."""
    m = re.search(rf'<span class="error" id="id_{field}_error">(.*?)</span>', html)
    return m.group(1) if m else None


def test_an_organizer_starts_a_game_with_a_new_player(client, club, players, organizer):
    client.force_login(organizer)
    response = client.post((reverse("league:game_new", args=[club.slug]) + "?kind=cribbage"),
                           {"player_0": "Ann", "player_1": "Eve Nash", "first_dealer": 1})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == board_url(game)
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Eve Nash"]
    assert (game.game_type, game.first_dealer, game.rules) == (
        "cribbage", 1, {"target": 121, "game_points": "acc", "spread": "margin"})


def test_the_same_player_twice_is_shown_under_the_field(client, club, players, organizer):
    client.force_login(organizer)
    response = client.post((reverse("league:game_new", args=[club.slug]) + "?kind=cribbage"),
                           {"player_0": "Ann", "player_1": " ann ", "first_dealer": 0})
    assert response.status_code == 400
    assert error_under(response.content.decode(), "player_1") == "Two different players, please."
    assert Game.objects.count() == 0


def test_the_board_shows_totals_skunk_lines_and_the_next_dealer(client, game, organizer):
    for d in TO_100_112[:1]:
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**d))
    client.force_login(organizer)
    html = client.get(board_url(game)).content.decode()
    assert re.search(r'data-testid="total-0">.*?<span class="total">28</span>', html, re.S)
    assert re.search(r'data-testid="total-1">.*?<span class="total">15</span>', html, re.S)
    assert 'style="left: 50.41%" data-testid="line-61"' in html and 'style="left: 75.21%" data-testid="line-91"' in html
    assert "121 · win 2 · skunk 3 · spread by margin" in html
    assert re.search(r'<input type="radio" name="dealer" value="1"[^>]*checked', html)  # Bo deals next
    assert 'name="expected_number" value="2"' in html


def test_posting_a_deal_stores_it_and_returns_to_the_board(client, game, organizer):
    client.force_login(organizer)
    response = client.post(add_url(game), post_deal(0, pegging_0=4, pegging_1=3, pone_hand=12, dealer_hand=16,
                                                    crib=8, starter_rank="J", starter_suit="H", expected_number=1))
    assert response.status_code == 302 and response.url == board_url(game) + "#board"
    hand = Hand.objects.get(game=game)
    assert (hand.starter, [s.total for s in game.sides.order_by("side")]) == ("JH", [30, 15])  # heels 2
    html = client.get(board_url(game)).content.decode()
    assert "his heels: Ann pegs 2" in html and "J♥" in html


def test_htmx_deal_entry_swaps_the_board(client, game, organizer):
    client.force_login(organizer)
    response = client.post(add_url(game), post_deal(0, pegging_0=2, pone_hand=4), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert re.search(r'data-testid="row-total-1">4<', html) and re.search(r'data-testid="row-total-0">2<', html)


@pytest.mark.parametrize("fields, field, message", [
    (dict(pone_hand=19), "pone_hand", "no hand scores 19: 19, 25, 26 and 27 are impossible"),
    (dict(crib=30), "crib", "30 is more than the 29 possible"),
    (dict(pegging_1=25), "pegging_1", "the pone pegged 25; no deal gives the pone more than 24"),
    (dict(pegging_0=31), "pegging_0", "the dealer pegged 31; no deal gives the dealer more than 30"),
    (dict(starter_rank="J"), "starter_rank", "Pick the starter&#x27;s rank and suit, or neither."),
    (dict(pegging_0="x"), "pegging_0", "Enter a whole number."),
], ids=["no hand scores 19", "a crib is at most 29", "the pone pegs at most 24 (under Bo)",
        "the dealer pegs at most 30 (under Ann)", "a starter needs rank and suit", "pegging is a number"])
def test_form_errors_show_under_the_field_and_save_nothing(client, game, organizer, fields, field, message):
    client.force_login(organizer)
    before = state(game)
    response = client.post(add_url(game), post_deal(0, **fields))
    assert response.status_code == 400
    assert error_under(response.content.decode(), field) == message
    assert state(game) == before


def test_who_pegged_out_first_is_asked_when_both_would(client, game, organizer):
    for d in TO_100_112 + [dict(pegging=(3, 2), pone_hand=5, dealer_hand=12, crib=2)]:  # 117 : 119
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**d))
    client.force_login(organizer)
    html = client.get(board_url(game)).content.decode()
    assert '<div class="when-both-peg-out" hidden>' in html
    response = client.post(add_url(game), post_deal(1, pegging_0=4, pegging_1=2))
    html = response.content.decode()
    assert response.status_code == 400 and '<div class="when-both-peg-out">' in html
    assert error_under(html, "pegged_out_first") == "both players&#x27; pegging reaches 121: say who pegged out first"
    response = client.post(add_url(game), post_deal(1, pegging_0=4, pegging_1=2, pegged_out_first=1))
    assert response.status_code == 302
    assert [s.total for s in game.sides.order_by("side")] == [120, 121]


def test_the_result_banner_gives_winner_margin_skunk_and_game_points(client, game, organizer):
    for d in skunk_deals(88):
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**d))
    html = client.get(board_url(game)).content.decode()
    assert '<strong data-testid="winner">Ann wins by 33</strong>' in html
    assert '<span class="tag skunk" data-testid="skunk">skunk</span>' in html
    assert '<span data-testid="game-points">3 game points</span>' in html
    assert "Ann reached 121 with pegging; Bo 88: skunk" in html
    assert 'id="deal-form"' not in html


def test_anonymous_reads_the_board_but_cannot_post(client, game):
    before = state(game)
    html = client.get(board_url(game)).content.decode()
    assert "Organizers log in, or scan the table's QR code, to enter deals." in html and 'id="deal-form"' not in html
    assert client.post(add_url(game), post_deal(0, pone_hand=4)).status_code == 403
    edit = reverse("league:hand_edit", args=[game.public_id, 1])
    assert client.post(edit, post_deal(0)).status_code == 302  # to the login page
    assert client.get((reverse("league:game_new", args=[game.club.slug]) + "?kind=cribbage")).status_code == 302
    assert state(game) == before


def test_editing_and_deleting_a_deal_from_its_page(client, game, organizer):
    for d in TO_100_112 + [PONE_OUT]:
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**d))
    client.force_login(organizer)
    edit = reverse("league:hand_edit", args=[game.public_id, 1])
    html = client.get(edit).content.decode()
    assert 'name="pone_hand" value="12"' in html and 'name="version" value="1"' in html
    response = client.post(edit, post_deal(0, pegging_0=4, pegging_1=3, pone_hand=4, dealer_hand=16, crib=8, version=1))
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.winner_side, [s.total for s in game.sides.order_by("side")]) == (0, [121, 113])
    response = client.post(reverse("league:hand_delete", args=[game.public_id, 5]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.status, game.hand_count, [s.total for s in game.sides.order_by("side")]) == (
        Game.Status.IN_PROGRESS, 4, [100, 104])


def fill(game, organizer, n):
    """``n`` deals that never end the game: the pone pegs 1, the dealer 2."""
    for _ in range(n):
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(pegging=(1, 1)))


@pytest.mark.parametrize("deals", [5, 40])
def test_board_query_count_is_fixed(client, django_assert_num_queries, game, organizer, deals):
    fill(game, organizer, deals)
    with django_assert_num_queries(5):  # the club's language and time zone; the game with its sides, seats, deals, their rows
        assert client.get(board_url(game)).status_code == 200
    client.force_login(organizer)
    with django_assert_num_queries(8):  # + session, user, organizer check
        assert client.get(board_url(game)).status_code == 200


SHOW = reverse("league:cribbage_show")


@pytest.mark.parametrize("cards, starter, crib, total, parts, spoken", [
    ("5H 5C 5S JD", "5D", False, 29, (16, 12, 0, 0, 1),
     "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, "
     "fifteen sixteen, four of a kind is twenty-eight, one for his nobs is twenty-nine"),
    ("4H 5C 6S 6D", "JD", False, 14, (6, 2, 6, 0, 0),
     "fifteen two, fifteen four, fifteen six, a pair is eight, a run of three is eleven, a run of three is fourteen"),
    ("3C 3D 3H 4S", "5S", False, 21, (6, 6, 9, 0, 0),
     "fifteen two, fifteen four, fifteen six, three of a kind is twelve, a run of three is fifteen, "
     "a run of three is eighteen, a run of three is twenty-one"),
    ("2H 4H 6H 8H", "KS", False, 4, (0, 0, 0, 4, 0), "a flush of four is four"),
    ("2H 4H 6H 8H", "KS", True, 0, (0, 0, 0, 0, 0), "no points"),
    ("2H 4H 6H 8H", "10H", True, 5, (0, 0, 0, 5, 0), "a flush of five is five"),
], ids=["the 29 hand", "double run with a pair: 14", "triple run: 21", "four-card flush in hand: 4",
        "four-card flush in the crib: 0", "five-card flush in the crib: 5"])
def test_show_calculator_breakdown(client, db, cards, starter, crib, total, parts, spoken):
    query = {"cards": cards.split(), "starter_rank": starter[:-1], "starter_suit": starter[-1]}
    if crib:
        query["crib"] = "1"
    html = client.get(SHOW, query).content.decode()
    assert f'<b data-testid="show-total">{total}</b>' in html
    assert re.findall(r"<dd>(\d+)</dd>", html) == [str(p) for p in parts]
    assert f'<p class="spoken-line" data-testid="show-spoken">{spoken}</p>' in html


def test_show_calculator_refuses_a_starter_in_the_hand(client, db):
    html = client.get(SHOW, {"cards": ["5H", "5C", "5S", "JD"], "starter_rank": "5", "starter_suit": "H"}).content.decode()
    assert "the starter 5H is also in the hand" in html


def test_the_deal_forms_picker_fills_the_chosen_box(client, db):
    html = client.get(reverse("league:cribbage_show_pick"), {
        "pick_cards": ["5H", "5C", "5S", "JD"], "starter_rank": "5", "starter_suit": "D", "pick_target": "crib",
    }).content.decode()
    assert 'data-fill="crib" data-value="29"' in html and "Use 29 for the crib" in html


@pytest.mark.parametrize("cards, role, best", [
    ("5H 5C 5S JD 2C 9H", "dealer", ("2♣ 9♥", "5♥ 5♣ 5♠ J♦", "16.65", "0.61", "17.26")),
    ("5H 5C 5S JD 2C 9H", "pone", ("2♣ 9♥", "5♥ 5♣ 5♠ J♦", "16.65", "0.61", "16.04")),
    ("AS 2D 3C 4H KS QD", "dealer", ("K♠ Q♦", "A♠ 2♦ 3♣ 4♥", "8.09", "0.87", "8.96")),
    ("AS 2D 3C 4H KS QD", "pone", ("A♠ K♠", "2♦ 3♣ 4♥ Q♦", "7.96", "0.57", "7.39")),
], ids=["dealer keeps the three fives and the jack", "pone too, less the crib",
        "dealer lays K-Q in his own crib", "pone keeps 2-3-4-Q and gives away A-K"])
def test_discard_helper_ranks_the_best_discard_first(client, db, cards, role, best):
    html = client.get(reverse("league:cribbage_discard"), {"cards": cards.split(), "role": role}).content.decode()
    rows = re.findall(r'<tr(?: class="best")? data-testid="discard-row">(.*?)</tr>', html)
    assert len(rows) == 15
    assert re.findall(r"<td>(?:<b>)?(.*?)(?:</b>)?</td>", rows[0]) == list(best)


@pytest.mark.parametrize("played, count, next_points", [
    ("7 8", 15, {"6": "+3", "9": "+3", "8": "+2", "7": "+0", "K": "+0"}),
    ("10 K Q", 30, {"A": "+2", "2": None, "K": None}),
    ("5H 5D", 10, {"5": "+8", "K": "+0"}),
], ids=["7-8 is fifteen two; a 6 or 9 makes a run of three", "at 30 only an ace fits: thirty-one for 2",
        "a third five is fifteen (2) and three of a kind (6): 8"])
def test_pegging_helper_gives_the_count_and_points_per_next_card(client, db, played, count, next_points):
    html = client.get(reverse("league:cribbage_pegging"), {"played": played}).content.decode()
    assert f'<b data-testid="peg-count">{count}</b>' in html
    for rank, points in next_points.items():
        if points is None:
            assert f'<span class="peg-option off" data-rank="{rank}">' in html
        else:
            assert re.search(rf'data-rank="{rank}"><b>{rank}</b> <small>\d+</small> <span>\{points}</span>', html), rank


def test_table_link_enters_a_cribbage_deal_without_an_account(client, game):
    crib_game = game
    from league.models import Hand

    token = crib_game.access_token
    page = client.get(reverse("league:table", args=[token])).content.decode()
    assert f'action="/t/{token}/hands/"' in page
    response = client.post(reverse("league:table_hand_add", args=[token]), {
        "dealer": 0, "pegging_0": 3, "pegging_1": 4, "pone_hand": 8, "dealer_hand": 6, "crib": 2})
    assert response.status_code == 302
    hand = Hand.objects.get(game=crib_game)
    assert hand.entered_via == "link" and hand.entered_by is None


def test_public_game_link_of_a_cribbage_game_opens_its_board(client, game):
    response = client.get(reverse("league:game", args=[game.public_id]))
    assert response.status_code == 200 and 'data-testid="track"' in response.content.decode()

