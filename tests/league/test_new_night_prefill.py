"""The new night's form starts filled in: a week after the season's last night
(same weekday) with its rounds; the first night today. Through the page as rendered."""
import datetime

import pytest
from django.urls import reverse

from league import services
from league.models import Night, RuleProfile
from league.selectors.nights import next_night_initial

from .rendered_forms import open_form

D = datetime.date


@pytest.fixture
def season(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Thursday", rule_profile=profile)
    return services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 31))


def night_form(client, season):
    league = season.league
    url = reverse("league:season", args=[league.club.slug, league.slug, season.pk])
    return open_form(client, url).form(has="rounds")


def test_the_next_night_is_a_week_after_the_last_with_its_rounds(client, organizer, season, monkeypatch):
    from django.utils import timezone

    services.night_create(season=season, date=D(2026, 10, 1), rounds=4)  # a Thursday
    monkeypatch.setattr(timezone, "localdate", lambda: D(2026, 10, 2))
    client.force_login(organizer)
    form = night_form(client, season)
    assert (form.value("date"), form.value("rounds")) == ("2026-10-08", "4")
    answer = form.submit(client)  # the form as served, untouched, creates that night
    night = Night.objects.get(date=D(2026, 10, 8))
    assert answer.status_code == 302 and night.rounds == 4


def test_after_weeks_without_a_night_the_same_weekday_from_today(season):
    services.night_create(season=season, date=D(2026, 9, 3), rounds=3)  # a Thursday
    assert next_night_initial(season, D(2026, 10, 13)) == {"date": D(2026, 10, 15), "rounds": 3}


def test_the_first_night_is_today_or_the_seasons_first_day(season):
    assert next_night_initial(season, D(2026, 10, 13)) == {"date": D(2026, 10, 13), "rounds": 3}
    assert next_night_initial(season, D(2026, 8, 1)) == {"date": D(2026, 9, 1), "rounds": 3}


def test_no_date_is_offered_past_the_seasons_end(season):
    services.night_create(season=season, date=D(2026, 12, 29), rounds=3)
    assert next_night_initial(season, D(2026, 12, 30)) == {"rounds": 3}
