"""The game pages render the same whether their sheet is kept (the fragment
cache) or drawn anew: every kind, the organizer's page, a table link's
phone, an entry's edit page, a refused entry with its errors, the htmx
answer to an entry, a locked night, and a league asking for confirmation
(entries waiting and disputed)."""
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import League
from league.services.trust import Actor

from .kind_cases import CODES, ENTRY, league_table, lock
from .rendered_forms import open_form

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|"X-CSRFToken": "[^"]*"')


def same(fetch):
    """``fetch()`` (a response) with the sheet kept and drawn anew: the same status and bytes
    (a first fetch spends what is shown once, such as the undo button after an entry; the
    second shows the sheet kept from the first, the third, after the cache is emptied, draws it anew)."""
    fetch()
    now = fetch()  # a game page's sheet as kept from the first fetch
    cache.clear()
    before = fetch()  # drawn anew
    assert now.status_code == before.status_code
    a, b = (CSRF.sub("csrf", r.content.decode()) for r in (now, before))
    if a != b:  # the first difference, readably
        i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        raise AssertionError(f"differs at {i}:\nnow:    {a[max(0, i - 300):i + 300]!r}\nbefore: {b[max(0, i - 300):i + 300]!r}")
    return a


PINOCHLE_HANDS = {
    "partnership": [
        dict(kind="played", bidder_seat=0, bid=300, trump="H", meld=(150, 60), tricks=(170, 80)),
        dict(kind="played", bidder_seat=1, bid=400, trump="S", meld=(100, 50), tricks=(100, 150)),  # set
        dict(kind="passed"),
        dict(kind="thrown_in", bidder_seat=2, bid=250, trump="D", meld=(30, 100)),
        dict(kind="renege", bidder_seat=0, bid=300, trump="C", meld=(120, 80), renege_side=1),
        dict(kind="played", bidder_seat=3, bid=250, trump="H", meld=(40, 30), tricks=(250, 0)),  # meld lost
    ],
    "double_deck": [
        dict(kind="played", bidder_seat=0, bid=50, trump="H", meld=(20, 10), tricks=(30, 20)),
        dict(kind="played", bidder_seat=1, bid=60, trump="S", meld=(10, 10), tricks=(10, 40)),
        dict(kind="passed"),
    ],
    "three_handed": [
        dict(kind="played", bidder_seat=0, bid=300, trump="H", meld=(150, 40, 20), tricks=(170, 50, 30)),
        dict(kind="played", bidder_seat=1, bid=350, trump="S", meld=(60, 100, 20), tricks=(50, 120, 80)),
        dict(kind="passed"),
    ],
}


def fill(game, client):
    """A few entries of every sort the kind has; the first one corrected."""
    code = str(game.kind.code)
    if code in PINOCHLE_HANDS:
        by = None
        hands = [services.entry_record(game=game, by=by, inputs=PinochleHandInput(**h)) for h in PINOCHLE_HANDS[code]]
        first = hands[0]
        first.refresh_from_db()
        data = {**PINOCHLE_HANDS[code][0], "bid": first.bid + game.pinochle_rules().bid_increment}
        services.entry_update(hand=first, by=by, expected_version=first.version, inputs=PinochleHandInput(**data))
        return
    url = reverse(game.kind.table_url, args=[game.access_token])
    for _ in range(3):
        response = open_form(client, url).form(has="expected_number").update(**ENTRY[code]).submit(client)
        assert response.status_code == 302, response.content.decode()[:2000]


@pytest.fixture(params=CODES)
def kind_game(request, club, players, organizer):
    return league_table(request.param, club=club, players=players, organizer=organizer)


def test_every_kinds_pages_render_the_same_with_the_sheet_kept_or_drawn_anew(kind_game, organizer):
    game, kind = kind_game, kind_game.kind
    org = Client()
    org.force_login(organizer)
    page = reverse(kind.game_url, args=[game.public_id])
    table = reverse(kind.table_url, args=[game.access_token])
    phone = Client()
    same(lambda: org.get(page))  # no entries yet
    same(lambda: phone.get(table))
    fill(game, phone)
    html = same(lambda: org.get(page))
    assert 'data-testid="sheet"' in html or str(kind.code) in ("cribbage", "rummy")
    same(lambda: phone.get(table))
    same(lambda: org.get(page + f"{kind.entry_path}/1/"))  # the edit page
    same(lambda: org.get(page, HTTP_HX_REQUEST="true"))
    form = open_form(org, page).form(has="expected_number")
    same(lambda: org.post(form.action, dict(form.fields) | {"expected_number": "99"}))  # refused: told
    bad = {name: "-5" for name, _v in form.fields if name.startswith(("bid", "meld", "tricks", "peg", "t0_"))}
    same(lambda: org.post(form.action, dict(form.fields) | bad))
    lock(game)
    same(lambda: org.get(page))
    same(lambda: org.get(page + f"{kind.entry_path}/1/"))
    same(lambda: phone.get(table))


@pytest.mark.parametrize("code", ["partnership", "double_deck", "three_handed"])
def test_a_confirming_leagues_sheet_renders_the_same_kept_or_drawn_anew(code, club, players, organizer):
    game = league_table(code, club=club, players=players, organizer=organizer)
    League.objects.filter(pk=game.table.round.night.season.league_id).update(confirmation=True)
    hands = PINOCHLE_HANDS[code]
    services.entry_record(game=game, by=Actor(link=True, side=0), inputs=PinochleHandInput(**hands[0]))  # waits
    second = services.entry_record(game=game, by=Actor(link=True, side=0), inputs=PinochleHandInput(**hands[1]))
    services.entry_counter(hand=second, by=Actor(link=True, side=1), inputs=PinochleHandInput(**hands[0]))  # disputed
    org = Client()
    org.force_login(organizer)
    page = reverse("league:game", args=[game.public_id])
    html = same(lambda: org.get(page))
    assert 'data-testid="versions-2"' in html and 'id="confirm-1"' in html
    table = reverse("league:table", args=[game.access_token])
    for side in ("0", "1"):
        phone = Client()
        phone.get(table)
        phone.post(table + "side/", {"side": side})
        same(lambda: phone.get(table))
    lock(game)
    html = same(lambda: org.get(page))
    assert 'data-testid="locked-reason"' in html


def test_the_htmx_answer_to_an_entry_renders_the_same_kept_or_drawn_anew(club, players, organizer):
    game = league_table("partnership", club=club, players=players, organizer=organizer)
    hands = PINOCHLE_HANDS["partnership"]
    services.entry_record(game=game, by=None, inputs=PinochleHandInput(**hands[0]))
    org = Client()
    org.force_login(organizer)
    page = reverse("league:game", args=[game.public_id])
    form = open_form(org, page).form(has="expected_number")
    data = dict(form.fields) | {"bidder_seat": "1", "bid": "300", "trump": "S", "meld_0": "50", "meld_1": "60",
                                "tricks_0": "100", "tricks_1": "150"}
    now = org.post(form.action, data, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="pad")
    services.entry_delete(hand=game.hands.get(number=2), by=None)
    cache.clear()
    before = org.post(form.action, data, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="pad")
    assert now.status_code == before.status_code == 200
    a, b = (CSRF.sub("csrf", r.content.decode()) for r in (now, before))
    assert "data-hx-swap-oob" in a
    assert a == b


def test_the_game_chart_kept_in_the_cache_is_the_chart_drawn_anew(client, club, players, organizer):
    from django.core.cache import cache
    from django.template import Context, Template

    from league.selectors.boards import load_board

    game = league_table("partnership", club=club, players=players, organizer=organizer)
    for h in PINOCHLE_HANDS["partnership"][:2]:
        services.entry_record(game=game, by=None, inputs=PinochleHandInput(**h))
    sheet = load_board(game.public_id)
    kept = Template("{% load charts %}{% game_chart sheet %}").render(Context({"sheet": sheet}))
    cache.clear()
    drawn = Template("{% load charts %}{% game_chart sheet %}").render(Context({"sheet": sheet}))
    from league.chart_data import game_totals_chart
    inclusion = Template("{% load charts %}{% chart c 'game-chart' %}").render(Context({"c": game_totals_chart(sheet)}))
    assert kept == drawn == inclusion
    from league.models import HandSide

    side0 = HandSide.objects.filter(hand__game=game, side=0).order_by("hand__number").values_list("total", flat=True)
    assert f'data-values="0 {" ".join(map(str, side0))}"' in kept
    services.entry_record(game=game, by=None, inputs=PinochleHandInput(**PINOCHLE_HANDS["partnership"][0]))
    after = Template("{% load charts %}{% game_chart sheet %}").render(Context({"sheet": load_board(game.public_id)}))
    assert after != kept and ">3</th>" in after  # a new hand: a new figure at once
