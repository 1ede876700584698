"""The game page's sheet is kept rendered (``{% cache %}`` in ``_pad.html``): every write
shows at once, and no reader ever sees another reader's controls or token.

Each test reads the pages first (so the sheet is kept), writes through the
pages as rendered (or, for what has no page, as the admin or the ``rescore``
command writes), and reads again."""
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league import services
from league.models import Game, HandSide, League, Player
from league.services.rescore import game_rescore

from .kind_cases import ENTRY, league_table, lock
from .rendered_forms import open_form, parse_forms

ROW = re.compile(r'<tr id="hand-(\d+)"[^>]*>(.*?)</tr>', re.S)
TOTALS = re.compile(r'data-testid="row-total-0">(-?\d+)</b>.*?data-testid="row-total-1">(-?\d+)</b>', re.S)
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"')
ANY_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|"X-CSRFToken": "[^"]*"')


def sheet(html: str) -> list:
    """The sheet's rows as ``(number, N–S total, E–W total, tag)``, the tag "to confirm",
    "disputed" or ""."""
    out = []
    for n, cells in ROW.findall(html):
        tag = "to confirm" if f'data-testid="entered-{n}"' in cells else (
            "disputed" if f'data-testid="disputed-{n}"' in cells else "")
        out.append((int(n), *map(int, TOTALS.search(cells).groups()), tag))
    return out


def read(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return response.content.decode()


@pytest.fixture
def table(club, players, organizer):
    """A public partnership league asking for confirmation, its first game, and
    its readers: the organizer, the table link's N–S and E–W phones, a stranger."""
    game = league_table("partnership", club=club, players=players, organizer=organizer)
    League.objects.filter(pk=game.table.round.night.season.league_id).update(confirmation=True, is_public=True)
    org, anon = Client(), Client()
    org.force_login(organizer)
    page = reverse("league:game", args=[game.public_id])
    link = reverse("league:table", args=[game.access_token])
    phones = []
    for side in ("0", "1"):
        phone = Client()
        phone.get(link)
        phone.post(link + "side/", {"side": side})
        phones.append(phone)
    return game, page, link, org, phones[0], phones[1], anon


def enter(phone, link, **change):
    """An entry through the phone's form as rendered (a plain post: the page then offers its undo)."""
    response = open_form(phone, link).form(has="expected_number").update(**{**ENTRY["partnership"], **change}).submit(phone)
    assert response.status_code == 302, response.content.decode()[:2000]


def counter(phone, link, n, **change):
    """The other side's own numbers for entry ``n``, through its counter form as rendered."""
    form = open_form(phone, link + f"hands/{n}/counter/").form(has="expected_number")
    response = form.update(**{**ENTRY["partnership"], **change}).submit(phone)
    assert response.status_code == 302, response.content.decode()[:2000]


def read_all(table):
    """Every reader's page, twice (the second from the kept sheet)."""
    _game, page, link, org, ns, ew, anon = table
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        read(client, url)
        read(client, url)


def test_a_page_read_again_reads_no_hand_and_is_the_same_page(table):
    game, page, _link, org, *_ = table
    services.entry_record(game=game, by=None, inputs=services_input())
    cache.clear()
    with CaptureQueriesContext(connection) as first:
        a = read(org, page)
    with CaptureQueriesContext(connection) as second:
        b = read(org, page)
    assert len(first) == 8 and len(second) == 6  # with the club's language and time zone (@club_page); the hands and their side rows are not read again
    assert ANY_TOKEN.sub("", a) == ANY_TOKEN.sub("", b)
    assert sheet(b) == [(1, 320, 140, "")]


def services_input():
    from league.games.pinochle.hand_inputs import PinochleHandInput

    e = ENTRY["partnership"]
    return PinochleHandInput(kind="played", bidder_seat=e["bidder_seat"], bid=e["bid"], trump=e["trump"],
                             meld=(e["meld_0"], e["meld_1"]), tricks=(e["tricks_0"], e["tricks_1"]))


def test_an_entry_shows_at_once(table):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    read_all(table)
    enter(ns, link)
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        assert sheet(read(client, url)) == [(1, 320, 140, "to confirm"), (2, 640, 280, "to confirm")]
    assert re.search(r'data-testid="waiting">2 hands wait for the other side(&#x27;|\')s confirmation.</p>', read(org, page))


def test_an_edit_shows_at_once(table):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    enter(ns, link)
    read_all(table)
    form = open_form(ns, link + "hands/1/").form(has="version").update(tricks_0=160, tricks_1=90)
    assert form.submit(ns).status_code == 302
    for client, url in ((org, page), (ew, link), (anon, page)):
        assert sheet(read(client, url)) == [(1, 310, 150, "to confirm"), (2, 630, 290, "to confirm")]
    assert 'href="/g/%s/hands/1/history/"' % table[0].public_id in read(anon, page)  # the "edited" tag


def test_a_confirmation_shows_at_once(table):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    read_all(table)
    assert 'id="confirm-1"' in read(ew, link)
    response = open_form(ew, link).form(action_contains="hands/1/confirm/").submit(ew)
    assert response.status_code == 302
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        html = read(client, url)
        assert sheet(html) == [(1, 320, 140, "")] and 'id="confirm-1"' not in html and 'data-testid="waiting"' not in html


def test_a_dispute_shows_at_once(table):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    read_all(table)
    counter(ew, link, 1, tricks_0=100, tricks_1=150)
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        assert sheet(read(client, url)) == [(1, 320, 140, "disputed")]
    assert 'data-testid="versions-1"' in read(org, page)  # the other side's numbers, for the organizer
    assert 'data-testid="versions-1"' not in read(anon, page)


def test_a_deletion_shows_at_once(table):
    game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    enter(ns, link, tricks_0=160, tricks_1=90)
    read_all(table)
    response = open_form(org, page + "hands/1/delete/").form(action_contains="delete").submit(org)
    assert response.status_code == 302
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        assert sheet(read(client, url)) == [(1, 310, 150, "to confirm")]


def test_an_undo_shows_at_once(table):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    read_all(table)
    enter(ns, link)
    undo = open_form(ns, link).form(action_contains="hands/2/undo/")  # shown once, right after the entry
    read_all(table)
    assert sheet(read(org, page)) == [(1, 320, 140, "to confirm"), (2, 640, 280, "to confirm")]
    assert undo.submit(ns).status_code == 302
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        assert sheet(read(client, url)) == [(1, 320, 140, "to confirm")]


def test_a_player_renamed_shows_at_once(table, players):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    read_all(table)
    dealer = re.search(r'<td class="wide">([^<]+)</td>', read(anon, page)).group(1)  # hand 1's dealer
    Player.objects.filter(club=players[0].club, name=dealer).update(name="Zoë Renamed")  # as the admin renames
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        html = read(client, url)
        assert '<td class="wide">Zoë Renamed</td>' in html and f'<td class="wide">{dealer}</td>' not in html


def test_a_seat_change_shows_at_once(club, players, organizer):
    game = league_table("three_handed", club=club, players=players, organizer=organizer)
    page = reverse("league:game", args=[game.public_id])
    org = Client()
    org.force_login(organizer)
    read(org, page)
    names = re.findall(r'<th colspan="3" class="side-\d">(\d [^<]*)</th>', read(org, page))
    assert len(names) == 3
    services.round_swap_seats(round=game.table.round, first=(1, 0), second=(1, 1), by=organizer)
    assert re.findall(r'<th colspan="3" class="side-\d">(\d [^<]*)</th>', read(org, page)) == [
        "1 " + names[1][2:], "2 " + names[0][2:], names[2]]


def test_a_locked_night_shows_at_once(table):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    read_all(table)
    assert 'data-testid="locked-reason"' not in read(org, page)
    lock(table[0])
    html = read(org, page)
    assert 'id="confirm-1"' in html and 'data-testid="locked-reason"' in html
    assert 'id="confirm-1"' not in read(ew, link)  # a locked night's table link reads only


def test_a_rescore_repair_shows_at_once(table, django_capture_on_commit_callbacks):
    game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    HandSide.objects.filter(hand__game=game, side=0).update(total=999)  # a stored number gone wrong
    read_all(table)
    assert sheet(read(org, page)) == [(1, 999, 140, "to confirm")]
    with django_capture_on_commit_callbacks(execute=True):
        game_rescore(Game.objects.get(pk=game.pk))
    for client, url in ((org, page), (ns, link), (ew, link), (anon, page)):
        assert sheet(read(client, url)) == [(1, 320, 140, "to confirm")]


def test_each_language_has_its_own_sheet(table):
    _game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    assert "<th rowspan=\"2\" class=\"wide\">Dealer</th>" in read(anon, page)
    anon.cookies["django_language"] = "zh-hant"
    html = read(anon, page)
    assert 'class="wide">Dealer</th>' not in html and "莊家" in html
    anon.cookies["django_language"] = "en"
    assert "<th rowspan=\"2\" class=\"wide\">Dealer</th>" in read(anon, page)


def _controls(html: str) -> dict:
    """What the sheet offers its reader: edit links, confirm forms, "our numbers differ", the link prefix used."""
    body = html[html.index('id="sheet-body"'):]
    return {
        "edit": sorted(set(re.findall(r'href="(/[gt]/[^/]+/)hands/\d+/"', body))),
        "confirm": re.findall(r'id="confirm-(\d+)"', body),
        "differ": re.findall(r'hands/(\d+)/counter/', body),
        "versions": re.findall(r'data-testid="versions-(\d+)"', body),
    }


def test_no_reader_sees_another_readers_controls(table):
    """Hand 1 entered by N–S waits for E–W; hand 2 disputed. Read in every
    order after the others: each reader sees only its own controls."""
    game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    enter(ns, link)
    counter(ew, link, 2, tricks_0=100, tricks_1=150)
    expected = {
        "org": {"edit": [page], "confirm": ["1"], "differ": [], "versions": ["2"]},
        "ns": {"edit": [link], "confirm": [], "differ": [], "versions": []},
        "ew": {"edit": [link], "confirm": ["1"], "differ": ["1"], "versions": []},
        "anon": {"edit": [], "confirm": [], "differ": [], "versions": []},
    }
    readers = {"org": (org, page), "ns": (ns, link), "ew": (ew, link), "anon": (anon, page)}
    for order in (["org", "ns", "ew", "anon"], ["anon", "ew", "ns", "org"]):
        cache.clear()
        for name in order:
            assert _controls(read(*readers[name])) == expected[name], name
        for name in order:  # from the kept sheets
            assert _controls(read(*readers[name])) == expected[name], name


def test_each_reader_gets_its_own_token_in_the_kept_confirm_form(table, organizer):
    """Two organizers' browsers and the E–W phone, each with its own CSRF
    secret: the kept confirm form carries each reader's token, which the
    server accepts from that reader."""
    game, page, link, org, ns, ew, anon = table
    enter(ns, link)
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    for c in (first, second):
        c.force_login(organizer)
    cache.clear()
    pages = {}
    for name, client, url in (("first", first, page), ("second", second, page), ("ew", ew, link)):
        html = read(client, url)
        tokens = set(TOKEN.findall(html))
        assert len(tokens) == 1, tokens  # the confirm form's token is this page's own
        pages[name] = (client, url, html, tokens.pop())
    client, url, html, _token = pages["second"]  # read after "first": its confirm form is still its own
    confirm = next(f for f in parse_forms(html) if "hands/1/confirm/" in f.action)
    assert confirm.submit(client, base_url=url).status_code == 302
    assert sheet(read(anon, page)) == [(1, 320, 140, "")]
