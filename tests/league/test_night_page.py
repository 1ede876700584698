"""The night page and the live board show what was written, through the page
as rendered (the overview reads plain SQL rows: ``league/selectors/nights.py``)."""
import datetime
import re

import pytest
from django.urls import reverse

from league import services
from league.models import LeagueFormat, RuleProfile

D = datetime.date


@pytest.fixture
def season(club, organizer):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Thursday", rule_profile=profile)
    return services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))


def urls(night):
    season = night.season
    args = [season.league.club.slug, season.league.slug, season.pk, night.pk]
    return reverse("league:night", args=args), reverse("league:night_board", args=args)


def test_a_player_sitting_out_is_named_under_the_round(client, organizer, season, players):
    fifth = services.player_get_or_create(club=season.league.club, name="Eve <b>")
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    services.night_check_in(night=night, players=[*players, fifth])
    rnd = services.round_seat(night=night, by=organizer)
    out = [p.name for p in players + [fifth] if p.pk in rnd.sitting_out]
    assert len(out) == 1
    client.force_login(organizer)
    page, board = (client.get(u).content.decode() for u in urls(night))
    expected = f"Sitting out: {out[0].replace('<', '&lt;').replace('>', '&gt;')}</p>"
    assert page.count(expected) == 1 and board.count(expected) == 1


def test_each_check_in_is_listed_with_its_name_and_own_link(client, organizer, season, players):
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    services.night_check_in(night=night, players=players[:2])
    client.force_login(organizer)
    page = client.get(urls(night)[0]).content.decode()
    assert re.findall(r'<li>([^<:]*): <code data-testid="night-link">', page) == ["Ann", "Bo"]
    assert '2 checked in' in page


def test_a_fixed_leagues_check_ins_are_its_teams_by_name(client, organizer, club, players):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Pairs", rule_profile=profile, format=LeagueFormat.FIXED)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    a = services.team_create(season=season, player_a=players[0], player_b=players[1], name="Aces & <Kings>")
    b = services.team_create(season=season, player_a=players[2], player_b=players[3], name="Jacks")
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    services.night_check_in(night=night, teams=[a])
    client.force_login(organizer)
    page = client.get(urls(night)[0]).content.decode()
    assert re.findall(r'<li>([^<:]*): <code data-testid="night-link">', page) == ["Aces &amp; &lt;Kings&gt;"]
    ticked = re.findall(r'<input type="checkbox" name="teams" value="(\d+)"[^>]*?( checked)?>', page)
    assert ticked == [(str(a.pk), " checked"), (str(b.pk), "")]


def test_a_night_is_found_only_at_its_own_clubs_leagues_seasons_address(client, organizer, season, club):
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    other = services.season_create(league=season.league, name="T", starts_on=D(2027, 1, 1), ends_on=D(2027, 3, 1))
    client.force_login(organizer)
    good = [club.slug, season.league.slug, season.pk, night.pk]
    wrong = {"club": ["nowhere", *good[1:]], "league": [good[0], "nothing", *good[2:]],
             "season": [*good[:2], other.pk, night.pk], "night": [*good[:3], night.pk + 1000]}
    for name in ("league:night", "league:night_board", "league:night_recap_pdf"):
        assert client.get(reverse(name, args=good)).status_code == 200, name
        for what, args in wrong.items():
            assert client.get(reverse(name, args=args)).status_code == 404, (name, what)
