"""The promises of entry, for every game kind, through the forms as rendered:
two phones submitting the same next entry (one stored, the other told), a
stale or versionless edit refused, and an organizer's correction of a locked
night with a reason that the league's change log shows."""
import pytest
from django.test import Client
from django.urls import reverse

from league.models import ChangeLog, Hand

from .kind_cases import CHANGE, CODES, ENTRY, league_table, lock
from .rendered_forms import open_form


@pytest.fixture(params=CODES)
def table_game(request, club, players, organizer):
    return league_table(request.param, club=club, players=players, organizer=organizer)


def entry_form(client, game):
    page = open_form(client, reverse(game.kind.table_url, args=[game.access_token]))
    return page.form(has="expected_number")


def enter_first(client, game):
    form = entry_form(client, game).update(**ENTRY[str(game.kind.code)])
    response = form.submit(client)
    assert response.status_code == 302, response.content.decode()[:3000]


def edit_url(game, number=1):
    return reverse(game.kind.game_url, args=[game.public_id]) + f"{game.kind.entry_path}/{number}/"


def test_two_phones_entering_the_same_next_entry_store_one_and_tell_the_other(table_game):
    phone_a, phone_b = Client(), Client()
    form_a, form_b = entry_form(phone_a, table_game), entry_form(phone_b, table_game)
    assert form_a.value("expected_number") == "1"
    first = form_a.update(**ENTRY[str(table_game.kind.code)]).submit(phone_a)
    assert first.status_code == 302
    second = form_b.update(**ENTRY[str(table_game.kind.code)]).submit(phone_b)
    noun = str(table_game.kind.noun_singular).capitalize()
    assert second.status_code == 400
    assert f"{noun} 1 was just entered from another device" in second.content.decode()
    assert Hand.objects.filter(game=table_game).count() == 1


def test_a_stale_edit_is_refused(client, table_game, organizer):
    enter_first(Client(), table_game)
    client.force_login(organizer)
    stale = open_form(client, edit_url(table_game)).form(has="version")
    fresh = open_form(client, edit_url(table_game)).form(has="version")
    assert fresh.update(**CHANGE[str(table_game.kind.code)]).submit(client).status_code == 302
    version = Hand.objects.get(game=table_game).version
    response = stale.update(**CHANGE[str(table_game.kind.code)]).submit(client)
    assert response.status_code == 400
    assert Hand.objects.get(game=table_game).version == version


def test_an_edit_without_its_version_is_refused(client, table_game, organizer):
    enter_first(Client(), table_game)
    client.force_login(organizer)
    form = open_form(client, edit_url(table_game)).form(has="version")
    response = form.update(version="", **CHANGE[str(table_game.kind.code)]).submit(client)
    assert response.status_code == 400
    assert "does not say which version it changes" in response.content.decode()
    assert Hand.objects.get(game=table_game).version == 1


def test_an_organizer_corrects_a_locked_night_with_a_reason_in_the_change_log(client, table_game, organizer):
    enter_first(Client(), table_game)
    lock(table_game)
    client.force_login(organizer)
    form = open_form(client, edit_url(table_game)).form(has="version")
    assert "reason" in form  # rendered for the organizer on a locked night
    refused = open_form(client, edit_url(table_game)).form(has="version")
    assert refused.update(**CHANGE[str(table_game.kind.code)]).submit(client).status_code == 400
    response = form.update(reason="the sheet said otherwise", **CHANGE[str(table_game.kind.code)]).submit(client)
    assert response.status_code == 302
    log = ChangeLog.objects.get()
    assert (log.reason, log.game_id, log.by) == ("the sheet said otherwise", table_game.pk, organizer)
    league = table_game.table.round.night.season.league
    changes = client.get(reverse("league:changes", args=[league.club.slug, league.slug])).content.decode()
    assert "the sheet said otherwise" in changes


def test_an_organizer_deletes_on_a_locked_night_with_a_reason(client, table_game, organizer):
    enter_first(Client(), table_game)
    lock(table_game)
    client.force_login(organizer)
    form = open_form(client, edit_url(table_game) + "delete/").form(has="reason")
    response = form.update(reason="entered at the wrong table").submit(client)
    assert response.status_code == 302
    assert not Hand.objects.filter(game=table_game).exists()
    assert ChangeLog.objects.get().reason == "entered at the wrong table"
