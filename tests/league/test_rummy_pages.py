"""Rummy-style Pinochle pages: starting a game with four players, the game page
(both totals, barbele status at entry, the round total after saving), round
entry with errors under the team's boxes, corrections, who may post, and a
query count that does not grow with the game (docs/rules.md, "Rummy-style Pinochle")."""
import re

import pytest
from django.urls import reverse

from league.models import Game, Hand
from league.games.rummy.services import rummy_game_create
from league.games.rummy.inputs import RummyRoundInput
from league.services.workflow import entry_record

from .test_rummy_services import TO_1620, state, team


@pytest.fixture
def game(club, players, organizer):
    return rummy_game_create(club=club, players=players, by=organizer)


def game_url(game):
    return reverse("league:game", args=[game.public_id])


def add_url(game):
    return reverse("league:hand_add", args=[game.public_id])


def post_round(t0=None, t1=None, **extra):
    """Form data of a round: ``t0`` / ``t1`` map component names to typed values."""
    data = {}
    for t, fields in ((0, t0 or {}), (1, t1 or {})):
        for name, value in fields.items():
            if value is True:
                value = "on"
            data[f"t{t}_{name}"] = value
    data.update(extra)
    return data


def error_under(html, field):
    """The error text shown under ``field`` (the span the form template writes)."""
    m = re.search(rf'<span class="error" id="id_{field}_error">(.*?)</span>', html)
    return m.group(1) if m else None


def play(game, organizer, rounds):
    for r in rounds:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r))


def test_home_links_to_a_new_rummy_game(client, club, organizer):
    client.force_login(organizer)
    html = client.get(reverse("league:home")).content.decode()
    assert f'href="{(reverse("league:game_new", args=[club.slug]) + "?kind=rummy")}">New rummy game</a>' in html


def test_an_organizer_starts_a_game_with_four_players(client, club, players, organizer):
    client.force_login(organizer)
    assert client.get((reverse("league:game_new", args=[club.slug]) + "?kind=rummy")).status_code == 200
    response = client.post((reverse("league:game_new", args=[club.slug]) + "?kind=rummy"),
                           {"player_0": "Ann", "player_1": "Bo", "player_2": "Cy", "player_3": "Eve Nash"})
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game_url(game)
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Ann", "Bo", "Cy", "Eve Nash"]
    assert (game.game_type, game.rules["target"], game.rules["rounds_limit"], game.hand_limit) == (
        "rummy", 1500, None, None)


def test_the_8_round_variant_is_chosen_at_the_start(client, club, players, organizer):
    client.force_login(organizer)
    client.post((reverse("league:game_new", args=[club.slug]) + "?kind=rummy"),
                {"player_0": "Ann", "player_1": "Bo", "player_2": "Cy", "player_3": "Di", "rounds_limit": "on"})
    game = Game.objects.get()
    assert (game.rules["rounds_limit"], game.hand_limit) == (8, 8)
    assert "highest after 8 rounds" in client.get(game_url(game)).content.decode()


def test_the_same_player_twice_is_shown_under_the_field(client, club, players, organizer):
    client.force_login(organizer)
    response = client.post((reverse("league:game_new", args=[club.slug]) + "?kind=rummy"),
                           {"player_0": "Ann", "player_1": "Bo", "player_2": " ann ", "player_3": "Di"})
    assert response.status_code == 400
    assert error_under(response.content.decode(), "player_2") == "Four different players, please."
    assert Game.objects.count() == 0


def test_the_game_page_shows_both_totals_and_the_barbele_status(client, game, organizer):
    play(game, organizer, TO_1620[:2])  # N–S 1040, E–W 255
    client.force_login(organizer)
    html = client.get(game_url(game)).content.decode()
    assert re.search(r'data-testid="total-0">.*?<span class="label">N–S</span>.*?<span class="who">Ann &amp; Cy</span>'
                     r'.*?<span class="total">1040</span>', html, re.S)
    assert re.search(r'data-testid="total-1">.*?<span class="total">255</span>', html, re.S)
    assert re.search(r'data-testid="barbele-0">N–S need 70 to open</p>', html)
    assert re.search(r'data-testid="barbele-1">E–W open with any meld</p>', html)
    assert "first to 1500 · barbele at 750: 70 to open, −50 · going out 20" in html
    assert 'name="expected_number" value="3"' in html and 'novalidate' in html
    assert 'name="t0_melds_on_table"' in html and 'inputmode="numeric"' in html


def test_posting_a_round_stores_it_and_shows_the_round_totals(client, game, organizer):
    client.force_login(organizer)
    response = client.post(add_url(game), post_round(
        {"melds_on_table": 400, "going_out": True, "first_meld": 80},
        {"melds_on_table": 200, "cards_left": 35, "first_meld": 60}, expected_number=1))
    assert response.status_code == 302 and response.url == game_url(game) + "#round-1"
    assert tuple(s.total for s in game.sides.order_by("side")) == (420, 165)
    html = client.get(game_url(game)).content.decode()
    assert '<b data-testid="last-delta-0">+420</b>' in html and '<b data-testid="last-delta-1">+165</b>' in html
    assert re.search(r'data-testid="row-total-0">420<', html) and re.search(r'data-testid="row-total-1">165<', html)


def test_a_failed_barbele_opening_shows_the_warning_and_the_50_off(client, game, organizer):
    play(game, organizer, TO_1620[:2])
    client.force_login(organizer)
    response = client.post(add_url(game), post_round(
        {"melds_on_table": 250, "cards_left": 20, "first_meld": 60},
        {"melds_on_table": 300, "going_out": True, "folded_hand": True, "rescue1_kind": "set", "rescue1_count": 2,
         "rescue1_rank": "K", "first_meld": 90}))
    assert response.status_code == 302
    html = client.get(game_url(game)).content.decode()
    assert '<b data-testid="last-delta-0">+180</b>' in html and '<b data-testid="last-delta-1">+680</b>' in html
    assert '<p class="warning small" data-testid="last-note">N–S has barbele (1040 ≥ 750): a first meld of 60 is under ' \
           '70, −50</p>' in html
    assert re.search(r'data-testid="barbele-1">E–W need 70 to open</p>', html)  # E–W now 935


def test_a_negative_round_shows_its_sign(client, game, organizer):
    client.force_login(organizer)
    client.post(add_url(game), post_round({"cards_left": 85}, {"melds_on_table": 200, "going_out": True}))
    html = client.get(game_url(game)).content.decode()
    assert '<b data-testid="last-delta-0">-85</b>' in html and '<b data-testid="last-delta-1">+220</b>' in html


@pytest.mark.parametrize("t0, t1, field, message", [
    ({"melds_on_table": 33}, {}, "t0_melds_on_table",
     "melds_on_table 33 is not a multiple of 5: every card counts 5, 10, 15 or 30"),
    ({}, {"cards_left": -5}, "t1_cards_left", "cards_left must be a whole number, 0 or more, not -5"),
    ({}, {"melds_on_table": 10, "folded_hand": True}, "t1_folded_hand",
     "folded_hand describes how the team went out: tick going_out too"),
    ({"going_out": True}, {"going_out": True}, "t1_going_out", "only one team can go out in a round"),
    ({"rescue1_kind": "set", "rescue1_count": 2}, {}, "t0_rescue1_count",
     "a set&#x27;s rank is one of A K Q J 10 9 8 7 6 5 4 3, not None"),
    ({"first_meld": 12}, {}, "t0_first_meld",
     "first_meld 12 is not a multiple of 5: every card counts 5, 10, 15 or 30"),
    ({"penalties": "x"}, {}, "t0_penalties", "Enter a whole number."),
], ids=["melds count in fives (under N–S)", "cards left cannot be negative (under E–W)",
        "a fold is a way of going out", "only one team goes out", "a set rescue needs its rank",
        "the first meld counts in fives", "penalties are a number"])
def test_form_errors_show_under_the_field_and_save_nothing(client, game, organizer, t0, t1, field, message):
    play(game, organizer, TO_1620[:1])
    client.force_login(organizer)
    before = state(game)
    response = client.post(add_url(game), post_round(t0, t1))
    assert response.status_code == 400
    assert error_under(response.content.decode(), field) == message
    assert state(game) == before


def test_the_result_banner_gives_the_winner_and_the_reason(client, game, organizer):
    play(game, organizer, TO_1620)
    html = client.get(game_url(game)).content.decode()
    assert '<strong data-testid="winner">N–S wins</strong>' in html and "N–S reached 1620" in html
    assert 'id="round-form"' not in html


def test_anonymous_reads_the_game_but_cannot_post(client, game, organizer):
    play(game, organizer, TO_1620[:1])
    before = state(game)
    html = client.get(game_url(game)).content.decode()
    assert "Organizers log in to enter rounds." in html and 'id="round-form"' not in html
    assert client.post(add_url(game), post_round({"melds_on_table": 50})).status_code == 403
    edit = reverse("league:hand_edit", args=[game.public_id, 1])
    assert client.post(edit, post_round({"melds_on_table": 50})).status_code == 302  # to the login page
    delete = reverse("league:hand_delete", args=[game.public_id, 1])
    assert client.post(delete).status_code == 302
    assert client.get((reverse("league:game_new", args=[game.club.slug]) + "?kind=rummy")).status_code == 302
    assert state(game) == before


def test_editing_and_deleting_a_round_from_its_page(client, game, organizer):
    play(game, organizer, TO_1620)
    client.force_login(organizer)
    edit = reverse("league:hand_edit", args=[game.public_id, 1])
    html = client.get(edit).content.decode()
    assert 'name="t0_melds_on_table" value="400"' in html and 'name="version" value="1"' in html
    assert re.search(r'name="t0_going_out"[^>]*checked', html)
    response = client.post(edit, post_round({"melds_on_table": 100, "going_out": True, "first_meld": 80},
                                            {"melds_on_table": 200, "cards_left": 35, "first_meld": 60}, version=1))
    assert response.status_code == 302 and response.url == game_url(game) + "#round-1"
    game.refresh_from_db()
    assert (game.status, game.winner_side, [s.total for s in game.sides.order_by("side")]) == (
        Game.Status.IN_PROGRESS, None, [1370, 1010])
    response = client.post(edit, post_round({"melds_on_table": 31}, {}, version=2))
    assert response.status_code == 400
    assert error_under(response.content.decode(), "t0_melds_on_table") == (
        "melds_on_table 31 is not a multiple of 5: every card counts 5, 10, 15 or 30")
    delete = reverse("league:hand_delete", args=[game.public_id, 4])
    assert client.get(delete).status_code == 200
    assert client.post(delete).status_code == 302
    game.refresh_from_db()
    assert (game.hand_count, [s.total for s in game.sides.order_by("side")]) == (3, [970, 935])
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1, 2, 3]


@pytest.mark.parametrize("rounds", [3, 20])
def test_game_page_query_count_is_fixed(client, django_assert_num_queries, game, organizer, rounds):
    play(game, organizer, [[team(10), team(5)]] * rounds)
    with django_assert_num_queries(4):  # the club's language and time zone; the game, seats, rounds
        assert client.get(game_url(game)).status_code == 200
    client.force_login(organizer)
    with django_assert_num_queries(7):  # + session, user, organizer check
        html = client.get(game_url(game)).content.decode()
    assert html.count('data-testid="round-row"') == rounds


def test_an_unknown_game_id_is_not_found(client, game):
    assert client.get(reverse("league:game", args=["nope"])).status_code == 404


def test_home_page_links_a_rummy_game_to_its_page(client, organizer, club, players):
    from league.games.rummy.services import rummy_game_create

    game = rummy_game_create(club=club, players=players, by=organizer)
    client.force_login(organizer)
    html = client.get(reverse("league:home")).content.decode()
    assert f'href="{reverse("league:game", args=[game.public_id])}"' in html
