"""Every label and ARIA reference on the shared forms (check-in, new night, new
team, casual game) points at an element of the page, with and without errors:
no ``<label for="">``, no ``aria-describedby`` naming a missing id."""
import datetime
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from league import services
from league.models import LeagueFormat, RuleProfile

pytestmark = pytest.mark.django_db
REFERENCES = ("aria-describedby", "aria-labelledby", "aria-controls")


class _Refs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.refs = set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "label" and "for" in a:
            self.refs.append(("label for", a["for"] or ""))
        for name in REFERENCES:
            if name in a:
                self.refs += [(name, ref) for ref in (a[name] or "").split()] or [(name, "")]


def broken_references(html: str) -> list:
    parser = _Refs()
    parser.feed(html)
    return [(name, ref) for name, ref in parser.refs if ref not in parser.ids]


@pytest.fixture
def night(club):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Tuesday", rule_profile=profile, format=LeagueFormat.PROGRESSIVE)
    season = services.season_create(league=league, name="Autumn", starts_on=datetime.date(2026, 9, 1),
                                    ends_on=datetime.date(2026, 12, 31))
    night = services.night_create(season=season, date=datetime.date(2026, 10, 6), rounds=3)
    for i in range(4):
        services.player_get_or_create(club=club, name=f"Player {i}")
    return night


def urls(night):
    league, season = night.season.league, night.season
    return {
        "night": reverse("league:night", args=[league.club.slug, league.slug, season.pk, night.pk]),
        "season": reverse("league:season", args=[league.club.slug, league.slug, season.pk]),
        "league": reverse("league:league", args=[league.club.slug, league.slug]),
        "leagues": reverse("league:club_leagues", args=[league.club.slug]),
    }


def test_the_forms_pages_reference_only_elements_they_have(client, organizer, night):
    client.force_login(organizer)
    for name, url in urls(night).items():
        assert broken_references(client.get(url).content.decode()) == [], name
    assert broken_references(client.get(reverse("league:casual_new")).content.decode()) == []


def test_a_refused_check_in_and_a_refused_night_reference_only_elements_they_have(client, organizer, night):
    client.force_login(organizer)
    u = urls(night)
    refused = client.post(u["night"], {"action": "checkin", "players": ["999999"]})
    assert refused.status_code == 400
    assert broken_references(refused.content.decode()) == []
    refused = client.post(u["season"], {"form": "night", "date": "1999-01-01", "rounds": "0"})
    assert refused.status_code == 400
    assert broken_references(refused.content.decode()) == []


def test_the_check_in_players_are_a_fieldset_with_a_legend_not_an_empty_label(client, organizer, night):
    client.force_login(organizer)
    html = client.get(urls(night)["night"]).content.decode()
    assert 'for=""' not in html
    assert '<fieldset class="field"><legend>' in html
