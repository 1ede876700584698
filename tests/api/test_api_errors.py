"""Bad input to the API: a JSON answer naming each field refused and what it
would take, in the request's language; never a 500; nothing saved. Walked over
every operation of the served schema with crafted bodies."""
import re

import pytest
import yaml
from rest_framework.test import APIClient

from league.models import Hand
from tests.league.test_authorization_matrix import dump

from .test_api_entries import api_fields, entry_url, two_tables


@pytest.fixture
def table(club, organizer):
    return two_tables("partnership", club, organizer)[0]


def test_a_refused_field_is_named_with_the_choices_it_takes(table):
    before = dump()
    body = {**api_fields(table, bidder_seat=0, bid=300, meld_0=150, meld_1=60, tricks_0=170, tricks_1=80),
            "trump": "X"}
    response = APIClient().post(entry_url(table), body, format="json")
    assert response.status_code == 400
    answer = response.json()
    assert list(answer["errors"]) == ["trump"]
    assert answer["errors"]["trump"] == ["Select a valid choice. X is not one of the available choices."]
    assert answer["valid"]["trump"]["choices"] == ["S", "H", "D", "C"]
    assert dump() == before


def test_a_number_out_of_range_is_named_with_its_bounds(table):
    before = dump()
    body = api_fields(table, bidder_seat=0, bid=300, trump="H", meld_0=150, meld_1=60, tricks_0=170, tricks_1=80)
    response = APIClient().post(entry_url(table), {**body, "expected_number": 0}, format="json")
    assert response.status_code == 400
    assert response.json()["valid"]["expected_number"] == {"type": "integer", "required": True, "min": 1}
    assert dump() == before


def test_a_rule_the_services_refuse_comes_under_its_field(table):
    before = dump()
    body = api_fields(table, bidder_seat=0, bid=305, trump="H", meld_0=150, meld_1=60, tricks_0=170, tricks_1=80)
    response = APIClient().post(entry_url(table), body, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["bid"]
    assert dump() == before


def test_the_refusal_is_in_the_requests_language(table):
    body = {**api_fields(table, bidder_seat=0, bid=300, meld_0=150, meld_1=60, tricks_0=170, tricks_1=80),
            "trump": "X"}
    english = APIClient().post(entry_url(table), body, format="json").json()["errors"]["trump"]
    thai = APIClient().post(entry_url(table), body, format="json", HTTP_ACCEPT_LANGUAGE="th").json()["errors"]["trump"]
    assert english != thai
    assert re.search("[\u0e00-\u0e7f]", thai[0])


@pytest.mark.parametrize("body", [[1, 2], "text", 7, {"bid": {"a": 1}}, {"bid": [{"a": 1}]}])
def test_a_body_that_is_not_an_object_of_plain_values_is_refused(table, body):
    before = dump()
    response = APIClient().post(entry_url(table), body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]
    assert dump() == before


def test_a_malformed_json_body_is_refused_as_json(table):
    response = APIClient().generic("POST", entry_url(table), "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "detail" in response.json()


@pytest.mark.parametrize("key", ["short", "x" * 65, "has space!"])
def test_an_idempotency_key_of_the_wrong_shape_is_refused(table, key):
    body = api_fields(table, bidder_seat=0, bid=300, trump="H", meld_0=150, meld_1=60, tricks_0=170, tricks_1=80)
    response = APIClient().post(entry_url(table), body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["Idempotency-Key"]
    assert Hand.objects.filter(game=table).count() == 0


CRAFTED = [{}, {"expected_number": "1"}, {"expected_number": "9" * 30, "version": "-1"},
           {"kind": "renege", "renege_side": "7", "expected_number": 1}, {"dealer": "\u0000", "bid": "1e9"},
           {"side": "9"}, {"reason": "r" * 5000, "version": "x"}]


def operations(schema):
    for path, methods in schema["paths"].items():
        for method in methods:
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method


def fill(path, w):
    values = {"club_slug": w["club"].slug, "league_slug": w["league"].slug, "season_id": w["season"].pk,
              "night_id": w["night"].pk, "public_id": w["game"].public_id, "token": w["game"].access_token,
              "number": 1, "player_id": w["player"].pk, "token_id": 1}
    return re.sub(r"\{(\w+)\}", lambda m: str(values[m.group(1)]), path)


@pytest.mark.parametrize("who", ["anonymous", "organizer"])
def test_every_operation_of_the_schema_answers_crafted_input_without_a_5xx_or_a_write(who, club, private, organizer):
    from league.models import Player

    schema = yaml.safe_load(APIClient().get("/api/v1/schema/").content)
    w = {**private, "club": club, "player": Player.objects.get(club=club, name="Ann")}
    client = APIClient()
    if who == "organizer":
        client.force_login(organizer)
    ops = list(operations(schema))
    assert len(ops) == 31
    for path, method in ops:
        url = fill(path, w)
        for body in CRAFTED:
            before = dump()
            response = getattr(client, method)(url, body, format="json")
            assert response.status_code < 500, (method, url, body, response.status_code)
            if response.status_code >= 400:
                assert dump() == before, (method, url, body)
                assert response["Content-Type"].startswith("application/json"), (method, url)
