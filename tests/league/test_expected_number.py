"""An entry whose expected number is not exactly the next one is refused, never
renumbered (league/services/workflow.py ``not_next``): the page answers 400
with the message, the outbox endpoint and the API 409 with the sheet's state.
Ten entries of one phone sent at once, out of order, are each stored under
their own number or refused, never under another's."""
import random
import threading

import pytest
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import Hand

from .conftest import played
from .rendered_forms import open_form

pytestmark = pytest.mark.django_db(transaction=True)

ENTERED_BEFORE = 2  # n: the burst expects n+1 .. n+10
BURST = 10


def _set_hand(k):
    """Entry k's own inputs: bid 300 + 10k (what tells the entries apart), its bidder set,
    the bidder alternating so neither side nears the target."""
    seat = k % 2
    low, high = (20, 40), (60, 210)
    meld = (low[0], high[0]) if seat == 0 else (high[0], low[0])
    tricks = (low[1], high[1]) if seat == 0 else (high[1], low[1])
    return {"bidder_seat": str(seat), "bid": str(300 + 10 * k), "trump": "H", "meld_0": str(meld[0]),
            "meld_1": str(meld[1]), "tricks_0": str(tricks[0]), "tricks_1": str(tricks[1])}


def _started(make_game, organizer):
    game = make_game()
    for k in range(ENTERED_BEFORE):
        services.entry_record(game=game, by=organizer, expected_number=k + 1,
                              inputs=PinochleHandInput(**played(k % 2, 250, (100, 40), (20, 230))))
    return game


def _pad_fields(game):
    """The pad's hand form as the server rendered it (the next entry's number in it)."""
    form = open_form(Client(), f"/t/{game.access_token}/").form("hand-form")
    assert form.value("expected_number") == str(ENTERED_BEFORE + 1)
    return form


def _burst(send):
    """Send entries n+1 .. n+10 from threads released together, in a shuffled order; return {k: answer}."""
    order = list(range(1, BURST + 1))
    random.shuffle(order)
    barrier = threading.Barrier(BURST)
    answers = {}

    def run(k):
        try:
            barrier.wait()
            answers[k] = send(k)
        except Exception as e:  # the outcome under test
            answers[k] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(k,)) for k in order]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return answers


def _stored_bids(game):
    return dict(Hand.objects.filter(game=game, number__gt=ENTERED_BEFORE).values_list("number", "bid"))


def _assert_own_number_or_refused(game, answers, saved_number, refused_state):
    stored = _stored_bids(game)
    for k, answer in answers.items():
        assert not isinstance(answer, Exception), answer
        number = ENTERED_BEFORE + k
        if answer.status_code == 409:
            assert refused_state(answer) in ("not_next", "conflict"), answer.content
            assert stored.get(number) != 300 + 10 * k, (k, stored)
        else:
            assert saved_number(answer) == number, (k, answer.content)
            assert stored[number] == 300 + 10 * k, (k, stored)
    # every stored entry is the one that expected its number, and the numbers have no gap
    assert stored == {ENTERED_BEFORE + k: 300 + 10 * k for k in range(1, len(stored) + 1)}, stored
    game.refresh_from_db()
    assert game.hand_count == ENTERED_BEFORE + len(stored)


@pytest.mark.parametrize("round_", range(3))
def test_an_outbox_burst_stores_each_entry_under_its_own_number_or_refuses_it(make_game, organizer, round_):
    game = _started(make_game, organizer)
    form = _pad_fields(game)

    def send(k):
        data = {**form.data(), "expected_number": [str(ENTERED_BEFORE + k)],
                **{name: [value] for name, value in _set_hand(k).items()}}
        return Client().post(form.action, data, HTTP_X_OUTBOX_KEY=f"burst-{round_}-{k:02d}")

    answers = _burst(send)
    _assert_own_number_or_refused(game, answers, lambda a: a.json()["number"], lambda a: a.json()["state"])


@pytest.mark.parametrize("round_", range(3))
def test_an_api_burst_stores_each_entry_under_its_own_number_or_refuses_it(make_game, organizer, round_):
    game = _started(make_game, organizer)
    fields = {name: values[0] for name, values in _pad_fields(game).data().items()}
    fields.pop("csrfmiddlewaretoken", None)

    def send(k):
        body = {**fields, **_set_hand(k), "expected_number": ENTERED_BEFORE + k}
        return APIClient().post(f"/api/v1/tables/{game.access_token}/hands/", body, format="json",
                                HTTP_IDEMPOTENCY_KEY=f"burst-{round_}-{k:02d}")

    answers = _burst(send)
    _assert_own_number_or_refused(game, answers, lambda a: a.json()["entry"]["number"],
                                  lambda a: a.json()["state"])


def test_an_entry_past_the_next_number_is_refused_by_the_outbox_with_the_sheets_state(make_game, organizer):
    game = _started(make_game, organizer)
    form = _pad_fields(game)
    data = {**form.data(), **{name: [value] for name, value in _set_hand(2).items()},
            "expected_number": [str(ENTERED_BEFORE + 2)]}
    answer = Client().post(form.action, data, HTTP_X_OUTBOX_KEY="ahead-0001")
    assert answer.status_code == 409
    body = answer.json()
    assert (body["state"], body["number"], body["next"]) == ("not_next", 4, 3)
    assert (body["game"]["hand_count"], body["game"]["status"]) == (2, "in_progress")
    assert body["detail"] == ("Entry 4 cannot be stored yet: the next entry of this game is 3. "
                              "Nothing was saved; send the entries in order.")
    assert Hand.objects.filter(game=game).count() == ENTERED_BEFORE


def test_an_entry_past_the_next_number_is_refused_by_the_api_with_the_games_state(make_game, organizer):
    game = _started(make_game, organizer)
    fields = {name: values[0] for name, values in _pad_fields(game).data().items()}
    fields.pop("csrfmiddlewaretoken", None)
    answer = APIClient().post(f"/api/v1/tables/{game.access_token}/hands/",
                              {**fields, **_set_hand(3), "expected_number": ENTERED_BEFORE + 3}, format="json")
    assert answer.status_code == 409
    body = answer.json()
    assert (body["state"], body["number"], body["next"], body["game"]["hand_count"]) == ("not_next", 5, 3, 2)
    assert Hand.objects.filter(game=game).count() == ENTERED_BEFORE


def test_an_entry_past_the_next_number_on_the_page_is_a_400_with_the_message(make_game, organizer):
    game = _started(make_game, organizer)
    client = Client()
    form = _pad_fields(game).update(expected_number=ENTERED_BEFORE + 2, **_set_hand(2))
    answer = form.submit(client, f"/t/{game.access_token}/")
    assert answer.status_code == 400
    assert "Entry 4 cannot be stored yet: the next entry of this game is 3." in answer.content.decode()
    assert Hand.objects.filter(game=game).count() == ENTERED_BEFORE


def test_the_pads_outbox_sends_one_entry_at_a_time_in_order():
    """The script waits for each answer before sending the next (a chain of promises,
    never a Promise.all over the sends), so its own replay is in order."""
    from pathlib import Path

    script = (Path(__file__).resolve().parents[2] / "static/league/js/outbox.js").read_text()
    assert "return send(e, e.key === directKey ? { plain: directPlain } : null).then(function (state) {" in script
    assert "return next();" in script
    assert "Promise.all(entries.slice(i).filter(function (x) { return x.state === \"sending\"; })" in script
    assert script.count("send(") == 2  # its definition and the one call in flush's chain
