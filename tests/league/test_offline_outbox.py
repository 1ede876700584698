"""An outbox replay is stored once; a number entered meanwhile elsewhere is a
conflict answered with the stored version (league/outbox.py)."""
from html.parser import HTMLParser

import pytest
from django.test import Client

from league import services
from league.models import Hand

from .conftest import played
from .rendered_forms import open_form
from .test_access_policy import private  # noqa: F401 (a members-only league's game)
from league.games.pinochle.hand_inputs import PinochleHandInput

pytestmark = pytest.mark.django_db


class _FormFields(HTMLParser):
    """The hidden inputs of the form with ``form_id`` (what the server sent)."""

    def __init__(self, form_id):
        super().__init__()
        self.form_id, self.inside, self.hidden = form_id, False, {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        elif tag == "input" and self.inside and a.get("type") == "hidden" and a.get("name"):
            self.hidden[a["name"]] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False


def _hand_form(client, url):
    parser = _FormFields("hand-form")
    parser.feed(client.get(url).content.decode())
    return parser.hidden


def _hand(fields, **values):
    data = {**fields, "kind": "played", "dealer": "0", "bidder_seat": "0", "bid": "250", "trump": "H",
            "meld_0": "100", "meld_1": "40", "tricks_0": "150", "tricks_1": "100"}
    data.update(values)
    return data


def test_a_replayed_outbox_key_is_stored_once(client, game):
    url = f"/t/{game.access_token}/"
    fields = _hand_form(client, url)
    assert fields["expected_number"] == "1"
    first = client.post(url + "hands/", _hand(fields), HTTP_X_OUTBOX_KEY="k-0001-abcdef")
    again = client.post(url + "hands/", _hand(fields), HTTP_X_OUTBOX_KEY="k-0001-abcdef")
    assert first.json() == {"state": "saved", "replayed": False, "number": 1,
                            "location": f"/t/{game.access_token}/#pad"}
    assert again.json() == {"state": "saved", "replayed": True, "number": 1}
    assert list(Hand.objects.filter(game=game).values_list("number", "client_key")) == [(1, "k-0001-abcdef")]


def test_an_entry_number_taken_meanwhile_is_a_conflict_with_the_stored_version(client, game, organizer):
    url = f"/t/{game.access_token}/"
    fields = _hand_form(client, url)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(1, 300, (20, 60), (40, 210))))
    answer = client.post(url + "hands/", _hand(fields), HTTP_X_OUTBOX_KEY="k-0002-abcdef")
    assert answer.status_code == 409
    body = answer.json()
    assert (body["state"], body["number"], body["version"]) == ("conflict", 1, 1)
    assert body["edit_url"] == f"/t/{game.access_token}/hands/1/"
    assert (body["theirs"]["bidder_seat"], body["theirs"]["bid"], body["theirs"]["meld_1"]) == (1, 300, 60)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_refused_entry_keeps_the_forms_errors_and_stores_nothing(client, game):
    url = f"/t/{game.access_token}/"
    answer = client.post(url + "hands/", _hand(_hand_form(client, url), bid=""), HTTP_X_OUTBOX_KEY="k-0003-abcdef")
    assert (answer.status_code, answer["X-Outbox-State"]) == (400, "refused")
    assert Hand.objects.filter(game=game).count() == 0


def test_a_post_without_the_outbox_header_is_the_plain_form(client, game):
    url = f"/t/{game.access_token}/"
    answer = client.post(url + "hands/", _hand(_hand_form(client, url)))
    assert answer.status_code == 302
    assert Hand.objects.get(game=game).client_key is None


def test_the_outbox_is_a_decorator_of_the_entry_view_not_a_middleware(settings):
    from league.views import games

    assert not [m for m in settings.MIDDLEWARE if m.startswith("league.outbox")]
    assert games.hand_add.__wrapped__.__wrapped__.__name__ == "hand_add"  # require_POST(outbox_entry(hand_add))


def test_the_outbox_header_on_another_post_is_that_views_own_answer(client, game):
    """Only the entry view is decorated: the side a phone declares answers as without the header."""
    url = f"/t/{game.access_token}/"
    answer = client.post(url + "side/", {"side": "0"}, HTTP_X_OUTBOX_KEY="k-0004-abcdef")
    assert (answer.status_code, answer["Location"]) == (302, url)
    assert "X-Outbox-State" not in answer


def test_a_stored_key_is_answered_only_after_the_access_check(client, private, organizer):
    """A stranger replaying a key of a members-only game gets the page's 404, not "saved"."""
    from .test_access_policy import stranger_client

    url = f"/g/{private['game'].public_id}/"
    client.force_login(organizer)
    fields = _hand_form(client, url)
    assert fields["expected_number"] == "2"
    mine = client.post(url + "hands/", _hand(fields), HTTP_X_OUTBOX_KEY="k-0005-abcdef")
    assert mine.json()["state"] == "saved"
    for stranger in (Client(), stranger_client()):
        answer = stranger.post(url + "hands/", _hand(fields), HTTP_X_OUTBOX_KEY="k-0005-abcdef")
        assert (answer.status_code, answer["Content-Type"].split(";")[0]) == (404, "text/html")
    assert Hand.objects.filter(game=private["game"]).count() == 2


def test_the_same_key_with_another_body_is_a_conflict_with_the_stored_entry(client, game):
    url = f"/t/{game.access_token}/"
    fields = _hand_form(client, url)
    client.post(url + "hands/", _hand(fields, bid="250"), HTTP_X_OUTBOX_KEY="k-0006-abcdef")
    answer = client.post(url + "hands/", _hand(fields, bid="300"), HTTP_X_OUTBOX_KEY="k-0006-abcdef")
    assert answer.status_code == 409
    body = answer.json()
    assert (body["state"], body["reused_key"], body["number"], body["theirs"]["bid"]) == ("conflict", True, 1, 250)
    assert body["edit_url"] == f"/t/{game.access_token}/hands/1/"
    assert list(Hand.objects.filter(game=game).values_list("number", "bid")) == [(1, 250)]


def test_a_replay_with_a_fresh_csrf_token_is_still_the_same_entry(client, game):
    """The body's hash leaves out the CSRF token (not part of the entry)."""
    url = f"/t/{game.access_token}/"
    fields = _hand_form(client, url)
    client.post(url + "hands/", _hand(fields), HTTP_X_OUTBOX_KEY="k-0007-abcdef")
    again = client.post(url + "hands/", _hand(fields, csrfmiddlewaretoken="another"), HTTP_X_OUTBOX_KEY="k-0007-abcdef")
    assert again.json() == {"state": "saved", "replayed": True, "number": 1}


def test_an_outbox_save_is_followed_by_the_undo_banner_on_the_page_read_next(client, game):
    url = f"/t/{game.access_token}/"
    saved = client.post(url + "hands/", _hand(_hand_form(client, url)), HTTP_X_OUTBOX_KEY="k-0008-abcdef")
    assert saved.cookies["saved-entry"].value == f"{game.pk}:1"
    page = open_form(client, url)
    assert page.form(action_contains="/undo/").action == url + "hands/1/undo/"
    assert "Hand 1 saved" in page.response.content.decode()


def test_a_key_is_bound_to_the_phone_that_sent_it(client, game):
    """The body's hash covers the phone's signed key (the outbox posts it): another
    phone replaying the same key and hand is refused with the stored one."""
    from league.devices import signed

    url = f"/t/{game.access_token}/"
    fields = _hand_form(client, url)
    first = client.post(url + "hands/", _hand(fields, device=signed("phone-a")), HTTP_X_OUTBOX_KEY="k-0009-abcdef")
    assert first.json()["state"] == "saved"
    again = client.post(url + "hands/", _hand(fields, device=signed("phone-a")), HTTP_X_OUTBOX_KEY="k-0009-abcdef")
    assert again.json() == {"state": "saved", "replayed": True, "number": 1}
    other = Client().post(url + "hands/", _hand(fields, device=signed("phone-b")), HTTP_X_OUTBOX_KEY="k-0009-abcdef")
    assert (other.status_code, other.json()["reused_key"]) == (409, True)
    assert Hand.objects.filter(game=game).count() == 1
