"""A club's time zone and the default visibility of its new leagues, chosen on
the form that starts the club and on its settings page: the club's pages show
their dates and times in that zone, its calendar feed names it, and the form
of a new league starts public or members-only as the club chose."""
import datetime

import pytest
from django.urls import reverse
from icalendar import Calendar

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import Club, HandRevision, RuleProfile

from .conftest import played
from .rendered_forms import open_form
from .test_club_self_service import account, settings_page

UTC = datetime.timezone.utc


@pytest.fixture
def founder(db):
    return account("founder")


def test_a_new_club_takes_its_time_zone_and_public_leagues_from_the_form(founder):
    _user, client = founder
    form = open_form(client, reverse("league:club_new")).form(has="name")
    assert (form.value("time_zone"), form.value("leagues_public")) == ("UTC", "members")
    assert "Asia/Bangkok" in form.choices["time_zone"] and len(form.choices["time_zone"]) > 300
    response = form.update(name="Riverside Pinochle", time_zone="Asia/Bangkok", leagues_public="public").submit(client)
    assert response.status_code == 302
    club = Club.objects.get()
    assert (club.time_zone, club.leagues_public) == ("Asia/Bangkok", True)


def test_the_settings_page_shows_and_changes_the_time_zone_and_default_visibility(founder):
    _user, client = founder
    open_form(client, reverse("league:club_new")).form(has="name").update(
        name="Riverside Pinochle", time_zone="Europe/Berlin").submit(client)
    form = settings_page(client).form("club-form")
    assert (form.value("time_zone"), form.value("leagues_public")) == ("Europe/Berlin", "members")
    assert form.update(time_zone="America/Chicago", leagues_public="public").submit(client).status_code == 302
    club = Club.objects.get()
    assert (club.time_zone, club.leagues_public) == ("America/Chicago", True)


def test_a_time_zone_not_offered_is_refused_under_its_field_and_nothing_changes(founder):
    _user, client = founder
    open_form(client, reverse("league:club_new")).form(has="name").update(name="Riverside Pinochle").submit(client)
    form = settings_page(client).form("club-form")
    data = {**form.data(), "time_zone": "Mars/Olympus_Mons", "name": "Renamed"}
    response = client.post(form.action, data)
    assert response.status_code == 400
    assert 'id="id_time_zone_error"' in response.content.decode()
    assert Club.objects.values_list("name", "time_zone").get() == ("Riverside Pinochle", "UTC")


@pytest.mark.parametrize("public, checked", [(True, ["on"]), (False, [])])
def test_the_new_league_form_starts_as_the_club_chose(club, organizer, client, public, checked):
    Club.objects.filter(pk=club.pk).update(leagues_public=public)
    client.force_login(organizer)
    form = open_form(client, reverse("league:club_leagues", args=[club.slug])).form(has="rule_profile")
    assert [v for n, v in form.fields if n == "is_public"] == checked


@pytest.mark.parametrize("zone, shown", [("UTC", "2026-12-04 23:30:05"), ("Asia/Bangkok", "2026-12-05 06:30:05"),
                                         ("America/Chicago", "2026-12-04 17:30:05")])
def test_a_games_history_shows_its_times_in_the_clubs_time_zone(client, game, organizer, zone, shown):
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 250, (40, 120), (60, 190))))
    HandRevision.objects.filter(game=game).update(at=datetime.datetime(2026, 12, 4, 23, 30, 5, tzinfo=UTC))
    Club.objects.filter(pk=game.club_id).update(time_zone=zone)
    client.force_login(organizer)
    html = client.get(reverse("league:game_history", args=[game.public_id])).content.decode()
    assert shown in html


def test_the_time_zone_is_the_clubs_pages_only(client, game, organizer):
    """A page of no club (the home page) stays in the site's zone after a club's page."""
    from django.utils import timezone

    Club.objects.filter(pk=game.club_id).update(time_zone="Asia/Bangkok")
    client.force_login(organizer)
    client.get(reverse("league:game_history", args=[game.public_id]))
    assert timezone.get_current_timezone_name() == "UTC"


def test_the_calendar_feed_names_the_clubs_time_zone(client, club):
    Club.objects.filter(pk=club.pk).update(time_zone="Australia/Sydney")
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile, is_public=True)
    feed = Calendar.from_ical(client.get(reverse("league:calendar", args=[club.slug, league.slug])).content)
    assert str(feed["x-wr-timezone"]) == "Australia/Sydney"
