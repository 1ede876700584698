"""The rummy round form's face-up card, special melds and failed barbele
openings (docs/rules.md, "Rummy-style Pinochle"), entered through the form the
page sends and shown on the sheet and the completed-sheet PDF."""
import re
from html import unescape

import pytest
from django.urls import reverse

from league.models import HandSide
from league.pdf import GameSheet
from league.games.rummy.selectors import rummy_board
from league.games.rummy.services import rummy_game_create
from league.games.rummy.inputs import RummyRoundInput
from league.services.workflow import entry_record

from .test_pdf_fonts import pdf_text
from .test_rummy_services import TO_1620


@pytest.fixture
def game(club, players, organizer):
    return rummy_game_create(club=club, players=players, by=organizer)


def form_fields(html: str) -> dict:
    """The round form as sent: every text/number/hidden input with its value,
    ticked checkboxes only, each select's chosen (or first) option."""
    form = re.search(r'<form[^>]*id="round-form".*?</form>', html, re.S).group(0)
    data = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if not name:
            continue
        kind = (re.search(r'type="([^"]+)"', tag) or [None, "text"])[1]
        value = re.search(r'value="([^"]*)"', tag)
        if kind == "checkbox":
            if "checked" in tag:
                data[name.group(1)] = "on"
        else:
            data[name.group(1)] = unescape(value.group(1)) if value else ""
    for name, body in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body) or re.search(r'<option value="([^"]*)"', body)
        data[name] = chosen.group(1)
    return data


def post_from_page(client, game, **values):
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    data = form_fields(html)
    for key, value in values.items():
        assert key in data or value == "on", f"{key} is not in the form the page sent"
        data[key] = value
    return client.post(reverse("league:hand_add", args=[game.public_id]), data)


def test_the_form_sent_has_the_face_up_special_meld_and_failed_opening_boxes(client, game, organizer):
    client.force_login(organizer)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    for t in (0, 1):
        for name in ("face_up_card", "pinochle_sets", "full_straights", "failed_openings"):
            assert f'name="t{t}_{name}"' in html


def test_a_round_with_the_face_up_card_and_a_pinochle_set_while_going_out(client, game, organizer):
    client.force_login(organizer)
    # N–S: melds 300 ×2 (out without wilds) = 600 + going out 20 + the Pinochle set 1500 + face-up 50 = 2170
    response = post_from_page(client, game, t0_melds_on_table="300", t0_going_out="on", t0_without_wilds="on",
                              t0_pinochle_sets="1", t0_face_up_card="on", t1_melds_on_table="100",
                              t1_cards_left="40")
    assert response.status_code == 302
    assert tuple(s.total for s in game.sides.order_by("side")) == (2170, 60)
    detail = HandSide.objects.get(side=0).detail
    assert (detail["face_up_card"], detail["pinochle_sets"], detail["full_straights"]) == (True, 1, 0)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert 'data-testid="face-up-0"' in html and '>1 Pinochle set</span>' in html
    assert 'data-testid="face-up-1"' not in html


def test_two_failed_openings_cost_100_and_show_on_the_sheet(client, game, organizer):
    for r in TO_1620[:2]:
        entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=r))  # N–S 1040: barbele
    client.force_login(organizer)
    response = post_from_page(client, game, t0_melds_on_table="200", t0_first_meld="90", t0_failed_openings="2",
                              t1_melds_on_table="100")
    assert response.status_code == 302
    assert tuple(s.total for s in game.sides.order_by("side")) == (1040 + 100, 255 + 100)
    html = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert '>2 failed openings</span>' in html
    assert "N–S has barbele (1040 ≥ 750): failed openings under 70: 2, −100" in html


def test_failed_openings_without_barbele_are_shown_under_the_box_and_nothing_is_saved(client, game, organizer):
    client.force_login(organizer)
    response = post_from_page(client, game, t0_melds_on_table="200", t0_failed_openings="1")
    assert response.status_code == 400
    html = response.content.decode()
    assert ('<span class="error" id="id_t0_failed_openings_error">N–S has no barbele (0 &lt; 750): any meld opens, '
            'so no opening can fail</span>') in html
    assert game.hands.count() == 0


def test_the_completed_sheet_pdf_marks_the_face_up_card_and_special_melds(club, game, organizer):
    entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=[
        dict(melds_on_table=300, going_out=True, without_wilds=True, pinochle_sets=1, face_up_card=True),
        dict(melds_on_table=100, full_straights=2, cards_left=40)]))
    text = pdf_text(GameSheet(rummy_board(game.public_id), url="http://testserver/r/x/").render())
    assert "1570 U P" in text  # 20 + 1500 + 50 beyond the melds
    assert "200 S2" in text
    assert ("In the bonuses: U the face-up card of the deal (50), P a Pinochle set (1500), S a full straight "
            "(100), never doubled.") in " ".join(text.split())
