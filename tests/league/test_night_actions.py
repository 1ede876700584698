"""Each organizer's action on a night posts to a view of its own, from the
page as rendered: swapping seats, locking (after a confirm step that names the
tables still open) and reopening a locked night (with a reason in the change
log). A locked night's page offers no check-in, seating or swap."""
import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import ChangeLog, Game, GameSeat, LeagueFormat, Night, RuleProfile

from .rendered_forms import open_form, parse_forms

pytestmark = pytest.mark.django_db

D = datetime.date
WIN = PinochleHandInput(kind="played", bidder_seat=0, bid=1300, trump="H", meld=(1300, 0), tricks=(250, 0))


@pytest.fixture
def night(club, organizer):
    """A night of two tables, round 1 seated."""
    roster = [services.player_get_or_create(club=club, name=f"Player {i}") for i in range(8)]
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile, format=LeagueFormat.PROGRESSIVE)
    season = services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 31))
    night = services.night_create(season=season, date=D(2026, 10, 6), rounds=1)
    services.night_check_in(night=night, players=roster)
    services.round_seat(night=night, by=organizer)
    return night


def night_url(night, action=""):
    league = night.season.league
    name = f"league:night_{action}" if action else "league:night"
    return reverse(name, args=[league.club.slug, league.slug, night.season.pk, night.pk])


def games(night):
    return list(Game.objects.filter(table__round__night=night).order_by("table__number"))


def organizer_client(organizer):
    client = Client()
    client.force_login(organizer)
    return client


def test_two_seats_are_swapped_from_the_rendered_form(night, organizer):
    client = organizer_client(organizer)
    first, second = games(night)
    before = (GameSeat.objects.get(game=first, seat=0).player_id, GameSeat.objects.get(game=second, seat=0).player_id)
    form = open_form(client, night_url(night)).form(action_contains="/swap/")
    response = form.update(first_table=1, first_seat=0, second_table=2, second_seat=0).submit(client)
    assert response.status_code == 302 and response["Location"] == night_url(night)
    after = (GameSeat.objects.get(game=first, seat=0).player_id, GameSeat.objects.get(game=second, seat=0).player_id)
    assert after == (before[1], before[0])


def test_a_swap_naming_a_table_the_round_has_not_is_told_and_changes_nothing(night, organizer):
    client = organizer_client(organizer)
    seats = list(GameSeat.objects.order_by("pk").values_list("player_id", flat=True))
    form = open_form(client, night_url(night)).form(action_contains="/swap/")
    response = form.update(first_table=1, first_seat=0, second_table=9, second_seat=0).submit(client)
    assert response.status_code == 400
    assert 'class="errors"' in response.content.decode()
    assert list(GameSeat.objects.order_by("pk").values_list("player_id", flat=True)) == seats


def test_locking_asks_first_and_locks_only_on_the_confirm(night, organizer):
    client = organizer_client(organizer)
    for game in games(night):
        services.entry_record(game=game, by=organizer, inputs=WIN)
    asked = open_form(client, night_url(night)).form(action_contains="/lock/").submit(client)
    assert asked.status_code == 200
    html = asked.content.decode()
    assert 'data-testid="lock-confirm"' in html and 'data-testid="open-tables"' not in html
    assert Night.objects.get(pk=night.pk).status != Night.Status.LOCKED
    confirm = next(f for f in parse_forms(html) if f.action.endswith("/lock/"))
    assert confirm.submit(client).status_code == 302
    night.refresh_from_db()
    assert night.status == Night.Status.LOCKED and night.locked_by == organizer


def test_the_confirm_step_names_the_tables_still_open_and_locks_nothing(night, organizer):
    client = organizer_client(organizer)
    services.entry_record(game=games(night)[0], by=organizer, inputs=WIN)  # table 1 finished, table 2 playing
    asked = open_form(client, night_url(night)).form(action_contains="/lock/").submit(client)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "1 game unfinished and 0 hands unconfirmed: finish them before locking the night." in html
    assert '<ul data-testid="open-tables"><li>Round 1, table 2</li></ul>' in html
    assert not [f for f in parse_forms(html) if f.value("confirm") == "yes"]  # nothing to confirm
    assert Night.objects.get(pk=night.pk).status != Night.Status.LOCKED


def test_a_confirm_posted_after_a_table_reopened_is_refused(night, organizer):
    client = organizer_client(organizer)
    for game in games(night):
        services.entry_record(game=game, by=organizer, inputs=WIN)
    asked = open_form(client, night_url(night)).form(action_contains="/lock/").submit(client)
    confirm = next(f for f in parse_forms(asked.content.decode()) if f.action.endswith("/lock/"))
    services.entry_delete(hand=games(night)[1].hands.get(number=1), by=organizer)  # table 2's game open again
    response = confirm.submit(client)
    assert response.status_code == 400
    assert "1 game unfinished and 0 hands unconfirmed" in response.content.decode()
    assert Night.objects.get(pk=night.pk).status != Night.Status.LOCKED


def test_a_locked_night_offers_no_check_in_seating_or_swap_but_its_reopening(night, organizer):
    client = organizer_client(organizer)
    for game in games(night):
        services.entry_record(game=game, by=organizer, inputs=WIN)
    services.night_lock(night=night, by=organizer)
    actions = {f.action for f in open_form(client, night_url(night)).forms if f.method == "post"}
    night_actions = {a for a in actions if a.startswith(night_url(night))}
    assert night_actions == {night_url(night, "reopen")}


def test_an_organizer_reopens_a_locked_night_with_a_reason_in_the_change_log(night, organizer):
    client = organizer_client(organizer)
    for game in games(night):
        services.entry_record(game=game, by=organizer, inputs=WIN)
    services.night_lock(night=night, by=organizer)
    form = open_form(client, night_url(night)).form("reopen-form").set("reason", "Table 2's sheet was misread")
    assert form.submit(client).status_code == 302
    night.refresh_from_db()
    assert night.status == Night.Status.PLAYING and night.locked_at is None
    log = ChangeLog.objects.get()
    assert (log.night_id, log.reason, log.by) == (night.pk, "Table 2's sheet was misread", organizer)
    league = night.season.league
    changes = client.get(reverse("league:changes", args=[league.club.slug, league.slug])).content.decode()
    assert "Table 2&#x27;s sheet was misread" in changes


def test_reopening_without_a_reason_is_told_on_the_field_and_changes_nothing(night, organizer):
    client = organizer_client(organizer)
    for game in games(night):
        services.entry_record(game=game, by=organizer, inputs=WIN)
    services.night_lock(night=night, by=organizer)
    response = open_form(client, night_url(night)).form("reopen-form").set("reason", "").submit(client)
    assert response.status_code == 400
    assert 'id="id_reason_error"' in response.content.decode()
    assert Night.objects.get(pk=night.pk).status == Night.Status.LOCKED
    assert ChangeLog.objects.count() == 0


@pytest.mark.parametrize("action", ["checkin", "seat", "unseat", "swap", "lock", "reopen"])
def test_a_member_posting_a_night_action_is_refused(night, action, club):
    from django.contrib.auth import get_user_model

    from league.models import Membership

    member = get_user_model().objects.create_user("member", password="pw-m-12345")
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    client = Client()
    client.force_login(member)
    seats = list(GameSeat.objects.order_by("pk").values_list("player_id", flat=True))
    response = client.post(night_url(night, action), {"reason": "r", "confirm": "yes", "walk_ins": "Intruder"})
    assert response.status_code == 403
    assert Night.objects.get(pk=night.pk).status == Night.Status.PLAYING
    assert list(GameSeat.objects.order_by("pk").values_list("player_id", flat=True)) == seats
    assert client.get(night_url(night, action)).status_code == 405


def test_the_kept_check_in_list_shows_a_new_name_and_a_new_tick_at_once(night, organizer, club):
    from league.models import Player

    client = organizer_client(organizer)
    first = client.get(night_url(night)).content.decode()
    assert client.get(night_url(night)).content.decode().count('name="players"') == first.count('name="players"') == 8
    Player.objects.filter(club=club, name="Player 3").update(name="Zoë Renamed")  # as the admin renames
    services.player_get_or_create(club=club, name="Newcomer")
    html = client.get(night_url(night)).content.decode()
    assert "Zoë Renamed" in html and "Player 3" not in html
    assert html.count('name="players"') == 9
    newcomer = Player.objects.get(club=club, name="Newcomer")
    assert re.search(f'value="{newcomer.pk}" id="id_players_\\d+">', html)  # not checked in
    services.night_check_in(night=night, players=[newcomer])
    html = client.get(night_url(night)).content.decode()
    assert re.search(f'value="{newcomer.pk}" id="id_players_\\d+" checked>', html)
