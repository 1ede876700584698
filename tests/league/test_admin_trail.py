"""The admin never changes a game, a hand, a round or a locked night behind
the trail's back: those are read-only there (they change through the site's
pages, which re-derive every number and leave a revision or a change-log
line), so ``rescore --check`` stays clean after any admin form is sent."""
import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import ChangeLog, Game, HandRevision, Night

from .kind_cases import league_table
from .rendered_forms import open_form

WIN = PinochleHandInput(kind="played", bidder_seat=0, bid=1300, trump="H", meld=(1300, 0), tricks=(250, 0))  # the game over


@pytest.fixture
def locked_game(client, club, players, organizer):
    game = league_table("partnership", club=club, players=players, organizer=organizer)
    services.entry_record(game=game, by=organizer, inputs=WIN)
    services.night_lock(night=game.table.round.night, by=organizer)
    client.force_login(get_user_model().objects.create_superuser("root", password="pw-root-12345"))
    return Game.objects.get(pk=game.pk)


def trail():
    return HandRevision.objects.count(), ChangeLog.objects.count()


def stored(game):
    game = Game.objects.get(pk=game.pk)
    return game.game_type, game.first_dealer, game.hand_limit, game.rules, game.table_id, game.club_id


def test_the_admin_game_form_holds_no_field_that_changes_its_scoring(client, locked_game):
    form = open_form(client, reverse("admin:league_game_change", args=[locked_game.pk])).form("game_form")
    assert {"game_type", "first_dealer", "hand_limit", "rules", "rule_profile", "table", "club"} & form.names == set()


def test_a_game_form_sent_with_a_new_type_dealer_and_limit_changes_nothing(client, locked_game):
    before, logged = stored(locked_game), trail()
    page = open_form(client, reverse("admin:league_game_change", args=[locked_game.pk])).form("game_form")
    data = {**page.data(), "game_type": "cribbage", "first_dealer": "2", "hand_limit": "3"}
    client.post(reverse("admin:league_game_change", args=[locked_game.pk]), data)
    assert stored(locked_game) == before and trail() == logged
    call_command("rescore", "--check")


def test_the_admin_adds_and_deletes_no_game_hand_or_round(client, locked_game):
    rnd = locked_game.table.round
    hand = locked_game.hands.get()
    assert [client.get(reverse(f"admin:league_{m}_add")).status_code for m in ("game", "hand", "round")] == [403] * 3
    assert [client.get(reverse(f"admin:league_{m}_delete", args=[pk])).status_code
            for m, pk in (("game", locked_game.pk), ("hand", hand.pk), ("round", rnd.pk))] == [403] * 3


def test_a_locked_nights_admin_form_changes_nothing(client, locked_game):
    night = locked_game.table.round.night
    page = open_form(client, reverse("admin:league_night_change", args=[night.pk])).form("night_form")
    assert {"date", "rounds", "season"} & page.names == set()
    data = {**page.data(), "date": "2030-01-01", "rounds": "9"}
    client.post(reverse("admin:league_night_change", args=[night.pk]), data)
    after = Night.objects.get(pk=night.pk)
    assert (after.date, after.rounds) == (night.date, night.rounds)
    assert client.get(reverse("admin:league_night_delete", args=[night.pk])).status_code == 403


def test_a_locked_nights_round_form_changes_nothing(client, locked_game):
    rnd = locked_game.table.round
    page = open_form(client, reverse("admin:league_round_change", args=[rnd.pk])).form("round_form")
    assert {"number", "night", "sitting_out"} & page.names == set()
    assert sorted(n for n in page.names if n.startswith("tables-0-")) == ["tables-0-id", "tables-0-round"]  # hidden keys
    data = {**page.data(), "number": "7", "tables-0-number": "9"}
    client.post(reverse("admin:league_round_change", args=[rnd.pk]), data)
    assert (rnd.__class__.objects.get(pk=rnd.pk).number, locked_game.table.__class__.objects.get(
        pk=locked_game.table_id).number) == (rnd.number, locked_game.table.number)
