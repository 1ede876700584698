"""Seating a round before the last one is played out asks first, on the page the
server renders, and the new seating can be undone while none of its tables has
a hand; both go to the league's change log. Driven through the rendered forms."""
import datetime

import pytest
from django.urls import reverse

from league import services
from league.models import ChangeLog, Game, LeagueFormat, Night, Round, RuleProfile

from .rendered_forms import open_form, parse_forms
from league.games.pinochle.hand_inputs import PinochleHandInput

pytestmark = pytest.mark.django_db

D = datetime.date


@pytest.fixture
def night(club, organizer):
    roster = [services.player_get_or_create(club=club, name=f"Player {i}") for i in range(8)]
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile, format=LeagueFormat.PROGRESSIVE)
    season = services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 31))
    night = services.night_create(season=season, date=D(2026, 10, 6), rounds=3)
    services.night_check_in(night=night, players=roster)
    return night


def night_url(night):
    league = night.season.league
    return reverse("league:night", args=[league.club.slug, league.slug, night.season.pk, night.pk])


def round_numbers(night):
    return list(Round.objects.filter(night=night).order_by("number").values_list("number", flat=True))


def test_the_first_round_is_seated_without_a_question(client, organizer, night):
    client.force_login(organizer)
    page = open_form(client, night_url(night))
    response = page.form("seat-form").submit(client)
    assert response.status_code == 302
    assert round_numbers(night) == [1]
    assert ChangeLog.objects.count() == 0


def test_seating_while_the_last_round_is_playing_asks_and_seats_nothing(client, organizer, night):
    services.round_seat(night=night, by=organizer)
    client.force_login(organizer)
    page = open_form(client, night_url(night))
    response = page.form("seat-form").submit(client)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Round 1 is not played out: tables 1, 2 have no result yet." in text
    assert "Seat round 2 anyway" in text
    assert round_numbers(night) == [1]


def test_the_confirm_step_seats_the_round_and_logs_it(client, organizer, night):
    services.round_seat(night=night, by=organizer)
    client.force_login(organizer)
    page = open_form(client, night_url(night))
    asked = page.form("seat-form").submit(client)
    confirm = next(f for f in parse_forms(asked.content.decode()) if f.attrs.get("id") == "seat-confirm-form")
    assert confirm.value("confirm") == "yes"
    assert confirm.submit(client).status_code == 302
    assert round_numbers(night) == [1, 2]
    assert list(ChangeLog.objects.values_list("summary", flat=True)) == [
        "Round 2 seated while tables 1, 2 of round 1 were still playing."]


def test_a_played_out_round_needs_no_confirmation(client, organizer, night):
    services.round_seat(night=night, by=organizer)
    ended = datetime.datetime(2026, 10, 6, 21, tzinfo=datetime.UTC)
    Game.objects.filter(table__round__night=night).update(finished_at=ended)
    client.force_login(organizer)
    response = open_form(client, night_url(night)).form("seat-form").submit(client)
    assert response.status_code == 302
    assert round_numbers(night) == [1, 2]
    assert ChangeLog.objects.count() == 0


def test_undo_removes_the_rounds_games_and_logs_who_and_why(client, organizer, night):
    services.round_seat(night=night, by=organizer)
    services.round_seat(night=night, by=organizer)
    client.force_login(organizer)
    page = open_form(client, night_url(night))
    undo = page.form("unseat-form").set("reason", "Round 1 still playing")
    assert undo.submit(client).status_code == 302
    assert round_numbers(night) == [1]
    assert Game.objects.filter(table__round__night=night).count() == 2
    log = ChangeLog.objects.get()
    assert (log.summary, log.reason, log.by) == (
        "Round 2's seating undone (2 tables, no hand entered).", "Round 1 still playing", organizer)
    changes = client.get(reverse("league:changes", args=[night.season.league.club.slug, night.season.league.slug]))
    assert "Round 2&#x27;s seating undone (2 tables, no hand entered)." in changes.content.decode()


def test_undoing_the_only_round_reopens_the_night(client, organizer, night):
    services.round_seat(night=night, by=organizer)
    client.force_login(organizer)
    assert open_form(client, night_url(night)).form("unseat-form").submit(client).status_code == 302
    night.refresh_from_db()
    assert (round_numbers(night), night.status) == ([], Night.Status.OPEN)


def test_undo_is_not_offered_once_a_hand_is_entered(client, organizer, night):
    services.round_seat(night=night, by=organizer)
    game = Game.objects.filter(table__round__night=night).first()
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=250, trump="H", meld=(100, 40), tricks=(150, 100)))
    client.force_login(organizer)
    page = open_form(client, night_url(night))
    assert not [f for f in page.forms if f.attrs.get("id") == "unseat-form"]


def test_an_undo_posted_after_a_hand_is_refused_and_deletes_nothing(client, organizer, night):
    services.round_seat(night=night, by=organizer)
    client.force_login(organizer)
    undo = open_form(client, night_url(night)).form("unseat-form")
    game = Game.objects.filter(table__round__night=night).first()
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=250, trump="H", meld=(100, 40), tricks=(150, 100)))
    response = undo.submit(client)
    assert response.status_code == 400
    assert "Round 1 has hands entered: its seating can no longer be undone." in response.content.decode()
    assert round_numbers(night) == [1]
    assert ChangeLog.objects.count() == 0
