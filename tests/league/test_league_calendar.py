"""A league's club nights as an iCalendar feed: one all-day event a night with
its link, read by anyone for a public league and, for a members-only league,
by its members or through the private link its league page shows them. The
feed is parsed with the icalendar library, as a calendar would read it."""
import datetime

import pytest
from django.test import Client
from django.urls import reverse
from icalendar import Calendar

from league import services
from league.models import League, RuleProfile

from .rendered_forms import open_form

D = datetime.date


@pytest.fixture
def season(club):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile, is_public=True)
    season = services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    for day in (D(2026, 10, 6), D(2026, 9, 29)):
        services.night_create(season=season, date=day, rounds=2)
    return season


def feed_url(season):
    return reverse("league:calendar", args=[season.league.club.slug, season.league.slug])


def events(response):
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return [c for c in Calendar.from_ical(response.content).walk("VEVENT")]


def test_a_public_leagues_nights_are_all_day_events_in_date_order(client, season):
    found = events(client.get(feed_url(season)))
    assert [(e.decoded("dtstart"), e.decoded("dtend")) for e in found] == [
        (D(2026, 9, 29), D(2026, 9, 30)), (D(2026, 10, 6), D(2026, 10, 7))]
    assert [str(e["summary"]) for e in found] == ["Tuesday · Autumn", "Tuesday · Autumn"]
    night = season.nights.get(date=D(2026, 9, 29))
    assert str(found[0]["url"]).endswith(reverse("league:night", args=[
        season.league.club.slug, season.league.slug, season.pk, night.pk]))


def test_a_night_added_is_in_the_next_fetch(client, season):
    services.night_create(season=season, date=D(2026, 10, 13), rounds=2)
    assert [e.decoded("dtstart") for e in events(client.get(feed_url(season)))][-1] == D(2026, 10, 13)


def test_the_league_page_links_the_feed(client, season):
    html = client.get(reverse("league:league", args=[season.league.club.slug, season.league.slug])).content.decode()
    assert f'href="{feed_url(season)}"' in html


def test_a_members_only_feed_is_404_to_strangers_and_a_forged_key(client, season):
    League.objects.filter(pk=season.league_id).update(is_public=False)
    assert client.get(feed_url(season)).status_code == 404
    assert client.get(feed_url(season) + "?key=forged").status_code == 404


def test_a_member_reads_the_private_link_on_the_league_page_and_it_opens_the_feed(season, organizer):
    League.objects.filter(pk=season.league_id).update(is_public=False)
    member = Client()
    member.force_login(organizer)
    page = open_form(member, reverse("league:league", args=[season.league.club.slug, season.league.slug]))
    html = page.response.content.decode()
    link = html.split('data-testid="calendar-private-link">', 1)[1].split("<", 1)[0]
    path = "/" + link.split("/", 3)[3]
    calendar_app = Client()  # a phone's calendar: no session
    assert len(events(calendar_app.get(path))) == 2


def test_another_leagues_key_opens_nothing(client, season, club):
    from league.views.calendar import private_key

    other = services.league_create(club=club, name="Friday", rule_profile=season.league.rule_profile)
    League.objects.filter(pk=season.league_id).update(is_public=False)
    assert client.get(feed_url(season) + f"?key={private_key(other)}").status_code == 404
