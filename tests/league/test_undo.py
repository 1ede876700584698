"""One-tap undo of the last entry, for every game kind, through the page as rendered:
the phone that entered it undoes it from the table link; another phone may
not; nothing is undone once a later entry follows; the trail keeps it as a
deletion with the reason "undo"."""
import pytest
from django.test import Client
from django.urls import reverse

from league.models import Hand, HandRevision

from .kind_cases import CODES, ENTRY, league_table
from .rendered_forms import open_form


@pytest.fixture(params=CODES)
def table_game(request, club, players, organizer):
    return league_table(request.param, club=club, players=players, organizer=organizer)


def table(game):
    return reverse("league:table", args=[game.access_token])


def enter(phone, game):
    form = open_form(phone, table(game)).form(has="expected_number").update(**ENTRY[str(game.kind.code)])
    assert form.submit(phone).status_code == 302


def test_the_phone_that_entered_the_last_entry_undoes_it_with_one_tap(table_game):
    phone = Client()
    enter(phone, table_game)
    page = open_form(phone, table(table_game))
    undo = page.form(action_contains="/undo/")
    assert undo.action == table(table_game) + "hands/1/undo/"
    assert f"{table_game.kind.noun_singular.capitalize()} 1 saved" in page.response.content.decode()
    response = undo.submit(phone)
    assert response.status_code == 302 and response.url == table(table_game)
    assert Hand.objects.filter(game=table_game).count() == 0
    revision = HandRevision.objects.filter(game=table_game).order_by("-id").first()
    assert (revision.action, revision.reason, revision.number) == (HandRevision.Action.DELETE, "undo", 1)
    table_game.refresh_from_db()
    assert table_game.hand_count == 0


def test_another_phone_may_not_undo_it(table_game):
    phone, other = Client(), Client()
    enter(phone, table_game)
    undo = open_form(phone, table(table_game)).form(action_contains="/undo/")
    response = undo.submit(other)
    assert response.status_code == 400
    assert Hand.objects.filter(game=table_game).count() == 1


def test_an_entry_followed_by_another_is_not_undone(table_game):
    phone = Client()
    enter(phone, table_game)
    undo = open_form(phone, table(table_game)).form(action_contains="/undo/")
    enter(Client(), table_game)  # a second entry, from another phone
    assert undo.submit(phone).status_code == 400
    assert Hand.objects.filter(game=table_game).count() == 2
