"""Entries through the API follow the pad's workflow, for every game kind: an
entry made with the table link's token equals one made on the rendered pad
(rows, totals, audit revisions, standings), a replayed key stores once, the
same key with other values is a 409, a number entered meanwhile and a stale
version are 409s, and a refusal saves nothing."""
import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from league import services
from league.games import kind_for
from league.models import (Game, Hand, HandRevision, HandSide, HandStatus, LeagueFormat, Membership, Night,
                           RuleProfile)
from league.selectors.standings import standings
from tests.league.kind_cases import CHANGE, CODES, ENTRY
from tests.league.rendered_forms import open_form
from tests.league.test_authorization_matrix import dump

D = datetime.date


def two_tables(code, club, organizer, *, confirmation=False):
    """Two games of kind ``code`` at one league night's two tables."""
    kind = kind_for(code)
    players = [services.player_get_or_create(club=club, name=f"P{i}") for i in range(2 * kind.seats)]
    profile = RuleProfile.objects.create(club=club, name=f"{code} rules", game_type=kind.code, options={})
    league = services.league_create(
        club=club, name=f"{code} league", rule_profile=profile, confirmation=confirmation,
        format=LeagueFormat.INDIVIDUAL if kind.individual else LeagueFormat.PROGRESSIVE)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=players)
    rnd = services.round_seat(night=night, by=organizer)
    return list(Game.objects.filter(table__round=rnd).order_by("table__number"))


@pytest.fixture(params=CODES)
def tables(request, club, organizer):
    return two_tables(request.param, club, organizer)


def pad_form(client, game):
    return open_form(client, reverse("league:table", args=[game.access_token])).form(has="expected_number")


def entry_url(game, number=None):
    url = f"/api/v1/tables/{game.access_token}/hands/"
    return url if number is None else f"{url}{number}/"


def api_fields(game, **changes):
    """The fields the pad's form sends for the next entry, with ``changes``, as one JSON object."""
    form = pad_form(Client(), game).update(**changes)
    return {name: values[0] if len(values) == 1 else values for name, values in form.data().items()}


def stored(game):
    """Every row the entry workflow writes for ``game``, without ids and times (and
    the game's start, whose seats name each table's own players)."""
    game.refresh_from_db()
    hands = list(Hand.objects.filter(game=game).order_by("number").values(
        "number", "dealer", "kind", "bidder_seat", "bid", "trump", "renege_side", "starter", "pegged_out_first",
        "ended_stage", "made", "status", "entered_side", "entered_via", "disputed_values", "notes", "version"))
    sides = list(HandSide.objects.filter(hand__game=game).order_by("hand__number", "side").values(
        "side", "meld", "tricks", "took_trick", "pegging", "show", "crib", "detail", "counted_meld",
        "counted_tricks", "delta", "total"))
    revisions = list(HandRevision.objects.filter(game=game, hand__isnull=False).order_by("pk").values(
        "number", "action", "via", "before", "after", "reason"))
    totals = list(game.sides.order_by("side").values_list("total", "won"))
    return {"game": (game.status, game.hand_count, game.winner_side), "hands": hands, "sides": sides,
            "revisions": revisions, "totals": totals}


def ranked(game):
    season = game.table.round.night.season
    return [(r.rank, r.row.games, r.row.points_for) for r in standings(season).rows]


def test_an_entry_through_the_api_equals_one_through_the_rendered_pad(tables):
    pad, device = tables
    code = str(pad.kind.code)
    assert pad_form(Client(), pad).update(**ENTRY[code]).submit(Client()).status_code == 302
    response = APIClient().post(entry_url(device), api_fields(device, **ENTRY[code]), format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["entry"]["number"] == 1
    assert stored(device) == stored(pad)
    assert ranked(device) == ranked(pad)


def test_a_correction_through_the_api_equals_one_through_the_rendered_pad(tables, organizer):
    pad, device = tables
    code = str(pad.kind.code)
    for game in tables:
        assert pad_form(Client(), game).update(**ENTRY[code]).submit(Client()).status_code == 302
    edit = open_form(Client(), reverse("league:table_hand_edit", args=[pad.access_token, 1])).form(has="version")
    assert edit.update(**CHANGE[code]).submit(Client()).status_code == 302
    api = APIClient()
    entry = api.get(f"/api/v1/tables/{device.access_token}/").json()["entries"][0]  # as the device reads it
    body = {**entry["fields"], **CHANGE[code], "version": entry["version"]}
    response = api.put(entry_url(device, 1), body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["entry"]["version"] == 2
    assert stored(device) == stored(pad)
    assert ranked(device) == ranked(pad)


def test_a_replayed_idempotency_key_stores_the_entry_once(tables):
    game = tables[1]
    body = api_fields(game, **ENTRY[str(game.kind.code)])
    client = APIClient()
    first = client.post(entry_url(game), body, format="json", HTTP_IDEMPOTENCY_KEY="key-0001")
    again = client.post(entry_url(game), body, format="json", HTTP_IDEMPOTENCY_KEY="key-0001")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["replayed"] is True
    assert again.json()["entry"] == first.json()["entry"]
    assert Hand.objects.filter(game=game).count() == 1
    assert HandRevision.objects.filter(game=game, hand__isnull=False).count() == 1


def test_the_same_key_with_other_values_is_a_conflict(tables):
    game = tables[1]
    code = str(game.kind.code)
    body = api_fields(game, **ENTRY[code])
    client = APIClient()
    assert client.post(entry_url(game), body, format="json", HTTP_IDEMPOTENCY_KEY="key-0002").status_code == 201
    before = dump()
    other = {**body, **{k: str(v) for k, v in CHANGE[code].items()}}
    response = client.post(entry_url(game), other, format="json", HTTP_IDEMPOTENCY_KEY="key-0002")
    assert response.status_code == 409
    assert response.json()["theirs"]["number"] == 1
    assert dump() == before


def test_a_number_entered_meanwhile_from_another_device_is_a_conflict_with_the_stored_entry(tables):
    game = tables[1]
    body = api_fields(game, **ENTRY[str(game.kind.code)])
    assert APIClient().post(entry_url(game), body, format="json").status_code == 201
    before = dump()
    response = APIClient().post(entry_url(game), body, format="json")  # the second device expected number 1 too
    assert response.status_code == 409
    assert response.json()["state"] == "conflict"
    assert response.json()["theirs"]["number"] == 1
    assert dump() == before


def test_a_stale_version_is_refused_with_the_stored_entry(tables):
    game = tables[1]
    code = str(game.kind.code)
    body = api_fields(game, **ENTRY[code])
    client = APIClient()
    assert client.post(entry_url(game), body, format="json").status_code == 201
    change = {**body, **{k: str(v) for k, v in CHANGE[code].items()}, "version": 1}
    assert client.put(entry_url(game, 1), change, format="json").status_code == 200
    before = dump()
    stale = client.put(entry_url(game, 1), {**body, "version": 1}, format="json")
    assert stale.status_code == 409
    assert stale.json()["theirs"]["version"] == 2
    assert dump() == before


def test_a_correction_without_its_version_is_refused(tables):
    game = tables[1]
    body = api_fields(game, **ENTRY[str(game.kind.code)])
    client = APIClient()
    assert client.post(entry_url(game), body, format="json").status_code == 201
    before = dump()
    response = client.put(entry_url(game, 1), {**body, "version": ""}, format="json")
    assert response.status_code == 400
    assert "version" in response.json()["errors"]
    assert dump() == before


def test_a_new_entry_without_its_expected_number_is_refused(tables):
    game = tables[1]
    before = dump()
    body = api_fields(game, **ENTRY[str(game.kind.code)])
    body.pop("expected_number")
    response = APIClient().post(entry_url(game), body, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["expected_number"]
    assert dump() == before


def test_a_locked_night_refuses_the_table_link(tables):
    game = tables[1]
    body = api_fields(game, **ENTRY[str(game.kind.code)])
    Night.objects.filter(pk=game.table.round.night_id).update(status=Night.Status.LOCKED)
    before = dump()
    response = APIClient().post(entry_url(game), body, format="json")
    assert response.status_code == 404  # a members-only league's game: after the lock the link reads as its public link
    assert dump() == before


def test_the_organizer_deletes_an_entry_and_totals_are_rederived(client, club, organizer):
    game = two_tables("partnership", club, organizer)[0]
    api = APIClient()
    body = api_fields(game, **ENTRY["partnership"])
    assert api.post(entry_url(game), body, format="json").status_code == 201
    assert api.post(entry_url(game), {**body, "expected_number": 2}, format="json").status_code == 201
    assert list(game.sides.order_by("side").values_list("total", flat=True)) == [640, 280]
    url = f"/api/v1/games/{game.public_id}/hands/1/"
    assert api.delete(url).status_code == 404  # a members-only league's game, to a stranger
    member = get_user_model().objects.create_user("m", password="pw-m-123456")
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    api.force_login(member)
    assert api.delete(url).status_code == 403  # its members read it, its organizers delete
    api.force_login(organizer)
    response = api.delete(url)
    assert response.status_code == 200
    assert response.json()["game"]["totals"] == [320, 140]
    assert Hand.objects.filter(game=game).count() == 1


def test_the_other_side_confirms_an_entry_waiting_for_it(club, organizer):
    game = two_tables("partnership", club, organizer, confirmation=True)[0]
    north, east = APIClient(), APIClient()
    body = api_fields(game, **ENTRY["partnership"])
    asked = north.post(entry_url(game), body, format="json")
    assert asked.status_code == 400 and list(asked.json()["errors"]) == ["side"]
    assert north.post(f"/api/v1/tables/{game.access_token}/side/", {"side": 0}, format="json").status_code == 200
    assert north.post(entry_url(game), body, format="json").status_code == 201
    assert Hand.objects.get(game=game).status == HandStatus.ENTERED
    own = north.post(entry_url(game, 1) + "confirm/", {}, format="json")
    assert own.status_code == 400  # not by the side that entered it
    assert east.post(f"/api/v1/tables/{game.access_token}/side/", {"side": 1}, format="json").status_code == 200
    confirmed = east.post(entry_url(game, 1) + "confirm/", {}, format="json")
    assert confirmed.status_code == 200
    assert confirmed.json()["entry"]["status"] == HandStatus.CONFIRMED


def test_an_organizer_enters_by_the_public_link_and_a_member_may_not(club, organizer):
    game = two_tables("partnership", club, organizer)[0]
    url = f"/api/v1/games/{game.public_id}/hands/"
    body = api_fields(game, **ENTRY["partnership"])
    member = get_user_model().objects.create_user("m", password="pw-m-123456")
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    api = APIClient()
    api.force_login(member)
    before = dump()
    assert api.post(url, body, format="json").status_code == 403
    assert dump() == before
    api.force_login(organizer)
    response = api.post(url, body, format="json")
    assert response.status_code == 201
    assert response.json()["game"]["totals"] == [320, 140]
    assert Hand.objects.get(game=game).entered_via == "account"


def test_the_device_that_entered_the_last_entry_takes_it_back_and_another_may_not(club, organizer):
    game = two_tables("partnership", club, organizer)[0]
    device, other = APIClient(), APIClient()
    body = api_fields(game, **ENTRY["partnership"])
    assert device.post(entry_url(game), body, format="json").status_code == 201
    before = dump()
    refused = other.post(entry_url(game, 1) + "undo/", {}, format="json")
    assert refused.status_code == 400
    assert dump() == before
    undone = device.post(entry_url(game, 1) + "undo/", {}, format="json")
    assert undone.status_code == 200
    assert undone.json()["game"] == {"status": "in_progress", "hand_count": 0, "winner_side": None, "totals": [0, 0]}
    assert HandRevision.objects.filter(game=game, action="delete").values_list("reason", flat=True).get() == "undo"
