"""The other side really is the other side: a phone that entered an entry
through the table link cannot confirm it by declaring the other side, and
cannot change its side once it has entered (league.devices, the check in
league.services.entries), for Pinochle hands, cribbage deals, rummy rounds."""
import pytest
from django.test import Client
from django.urls import reverse

from league.models import Hand, HandRevision, HandStatus

from .test_confirm_cribbage_rummy import ROUND_POST, crib, rummy  # noqa: F401 (fixtures)
from .test_cribbage_pages import post_deal
from .test_trust import POST, night_game  # noqa: F401 (fixture)

DEAL = post_deal(0, pegging_0=4, pegging_1=3, pone_hand=12, dealer_hand=16, crib=8)
KINDS = {  # (fixture, url prefix name, side url name, entry path, entry data, confirm path)
    "pinochle": ("night_game", "league:table", "league:table_side", "hands/", POST, "hands/1/confirm/"),
    "cribbage": ("crib", "league:table", "league:table_side", "hands/", DEAL, "hands/1/confirm/"),
    "rummy": ("rummy", "league:table", "league:table_side", "hands/", ROUND_POST, "hands/1/confirm/"),
}


@pytest.fixture(params=list(KINDS))
def table(request, db):
    fixture, page, side, entry, data, confirm = KINDS[request.param]
    game = request.getfixturevalue(fixture)
    return {"game": game, "page": reverse(page, args=[game.access_token]),
            "side": reverse(side, args=[game.access_token]), "entry": entry, "data": data, "confirm": confirm}


def phone(t, side):
    client = Client()
    assert client.post(t["side"], {"side": str(side)}).status_code == 302
    return client


def test_a_phone_that_entered_cannot_confirm_by_declaring_the_other_side(table):
    entering = phone(table, 0)
    assert entering.post(table["page"] + table["entry"], table["data"]).status_code == 302
    assert Hand.objects.get(game=table["game"]).status == HandStatus.ENTERED
    entering.post(table["side"], {"side": "1"})
    before = HandRevision.objects.count()
    assert entering.post(table["page"] + table["confirm"]).status_code == 400
    assert Hand.objects.get(game=table["game"]).status == HandStatus.ENTERED
    assert HandRevision.objects.count() == before


def test_a_phone_keeps_its_side_once_it_has_entered(table):
    entering = phone(table, 0)
    entering.post(table["page"] + table["entry"], table["data"])
    entering.post(table["side"], {"side": "1"})
    assert entering.session["table-side:" + table["game"].access_token] == 0


def test_a_phone_may_correct_its_side_before_entering(table):
    client = phone(table, 0)
    client.post(table["side"], {"side": "1"})
    assert client.session["table-side:" + table["game"].access_token] == 1


def test_another_phone_of_the_other_side_confirms(table):
    phone(table, 0).post(table["page"] + table["entry"], table["data"])
    assert phone(table, 1).post(table["page"] + table["confirm"]).status_code == 302
    assert Hand.objects.get(game=table["game"]).status == HandStatus.CONFIRMED


def test_at_a_table_of_three_a_phone_that_entered_cannot_become_another_player_and_confirm(club, organizer):
    from league import services

    from .test_three_handed_league import NAMES, games, night_of, three_handed_season

    night, _ = night_of(three_handed_season(club, confirmation=True), club, NAMES[:3], rounds=1)
    game = games(services.round_seat(night=night, by=organizer))[0]
    url = reverse("league:table", args=[game.access_token])
    phone = Client()
    phone.post(url + "side/", {"side": "2"})
    phone.post(url + "hands/", {"kind": "played", "dealer": "0", "bidder_seat": "0", "bid": "300", "trump": "H",
                                "meld_0": "200", "meld_1": "60", "meld_2": "0", "tricks_0": "150", "tricks_1": "70",
                                "tricks_2": "30", "expected_number": "1"})
    phone.post(url + "side/", {"side": "0"})
    assert phone.session[f"table-side:{game.access_token}"] == 2
    assert phone.post(url + "hands/1/confirm/").status_code == 400
    assert Hand.objects.get(game=game).status == HandStatus.ENTERED


def _kept_key(client, page):
    """The phone's signed key as the page hands it to the pad's script to keep."""
    import re

    html = client.get(page).content.decode()
    return re.search(r'id="device-key" data-device="([^"]+)"', html).group(1)


def test_clearing_the_cookies_does_not_let_a_phone_confirm_its_own_entry(table):
    """The phone keeps its signed key (outbox.js), and posts it from a new session."""
    entering = phone(table, 0)
    assert entering.post(table["page"] + table["entry"], table["data"]).status_code == 302
    key = _kept_key(entering, table["page"])
    fresh = Client()  # the same phone, cookies cleared
    assert fresh.post(table["side"], {"side": "1", "device": key}).status_code == 302
    assert fresh.session["table-side:" + table["game"].access_token] == 0  # still the side it entered with
    before = HandRevision.objects.count()
    assert fresh.post(table["page"] + table["confirm"], {"device": key}).status_code == 400
    assert Hand.objects.get(game=table["game"]).status == HandStatus.ENTERED
    assert HandRevision.objects.count() == before


def test_a_made_up_key_is_a_new_phone_not_another_ones(table):
    entering = phone(table, 0)
    entering.post(table["page"] + table["entry"], table["data"])
    key = _kept_key(entering, table["page"])
    forged = key.rsplit(":", 1)[0] + ":" + "A" * len(key.rsplit(":", 1)[1])
    other = phone(table, 1)
    assert other.post(table["page"] + table["confirm"], {"device": forged}).status_code == 302
    assert Hand.objects.get(game=table["game"]).status == HandStatus.CONFIRMED
    assert other.session["table-device"] != key.rsplit(":", 1)[0]


def test_the_page_hands_the_phone_its_key_only_once_it_has_one(table):
    reader = Client()
    assert 'id="device-key"' not in reader.get(table["page"]).content.decode()  # a read starts no session
    entering = phone(table, 0)
    entering.post(table["page"] + table["entry"], table["data"])
    assert _kept_key(entering, table["page"]).split(":")[0] == entering.session["table-device"]
