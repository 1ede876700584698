"""The one access policy (league.access): a members-only league's games,
histories, sheets, players and teams are for its club only; casual games are
shared by their link; a table link reads its game only while the night is open."""
import datetime

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from league import services
from league.models import Club, Game, League, Membership, Night, Player, Result, Round, RuleProfile, Table
from league.sample_season import sample_season_create
from league.games.cribbage.services import cribbage_game_create
from league.games.rummy.services import rummy_game_create

from .conftest import played
from league.games.pinochle.hand_inputs import PinochleHandInput

D = datetime.date


@pytest.fixture
def private(club, organizer, players):
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Private", rule_profile=profile)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=2)
    services.night_check_in(night=night, players=players)
    rnd = services.round_seat(night=night, by=organizer)
    game = Game.objects.get(table__round=rnd)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    extra = Round.objects.create(night=night, number=9)
    crib = cribbage_game_create(club=club, players=players[:2], by=organizer)
    rummy = rummy_game_create(club=club, players=players, by=organizer)
    for n, g in enumerate((crib, rummy), start=5):
        Game.objects.filter(pk=g.pk).update(table=Table.objects.create(round=extra, number=n))
    return {"league": league, "season": season, "night": night, "game": game, "crib": crib, "rummy": rummy}


def game_urls(w):
    g, c, r = w["game"].public_id, w["crib"].public_id, w["rummy"].public_id
    return {
        "game page": reverse("league:game", args=[g]),
        "game history": reverse("league:game_history", args=[g]),
        "hand history": reverse("league:hand_history", args=[g, 1]),
        "sheet.pdf": reverse("league:game_sheet_pdf", args=[g]),
        "cribbage page": reverse("league:game", args=[c]),
        "cribbage sheet": reverse("league:game_sheet_pdf", args=[c]),
        "cribbage history": reverse("league:game_history", args=[c]),
        "rummy page": reverse("league:game", args=[r]),
        "rummy sheet": reverse("league:game_sheet_pdf", args=[r]),
    }


def member_client(club):
    user = get_user_model().objects.create_user("mem", password="pw-mem-12345")
    Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
    c = Client()
    c.force_login(user)
    return c


def stranger_client():
    other = Club.objects.create(name="Other", slug="other")
    user = get_user_model().objects.create_user("str", password="pw-str-12345")
    Membership.objects.create(club=other, user=user, role=Membership.Role.ORGANIZER)
    c = Client()
    c.force_login(user)
    return c


def test_members_only_games_are_not_found_by_anonymous_readers(private):
    statuses = {name: Client().get(url).status_code for name, url in game_urls(private).items()}
    assert statuses == {name: 404 for name in statuses}


def test_members_only_games_are_not_found_by_another_clubs_organizer(private):
    client = stranger_client()
    statuses = {name: client.get(url).status_code for name, url in game_urls(private).items()}
    assert statuses == {name: 404 for name in statuses}


def test_members_only_games_are_read_by_the_clubs_members(club, private):
    client = member_client(club)
    statuses = {name: client.get(url).status_code for name, url in game_urls(private).items()}
    assert statuses == {name: 200 for name in statuses}


def test_public_league_games_are_read_by_anyone(private):
    League.objects.filter(pk=private["league"].pk).update(is_public=True)
    statuses = {name: Client().get(url).status_code for name, url in game_urls(private).items()}
    assert statuses == {name: 200 for name in statuses}


def test_casual_games_stay_shared_by_their_link(game):
    assert Client().get(reverse("league:game", args=[game.public_id])).status_code == 200
    assert Client().get(reverse("league:game_sheet_pdf", args=[game.public_id])).status_code == 200


def test_table_link_reads_its_game_while_the_night_is_open_only(private, organizer):
    url = reverse("league:table", args=[private["game"].access_token])
    assert Client().get(url).status_code == 200
    Night.objects.filter(pk=private["night"].pk).update(status=Night.Status.LOCKED)
    assert Client().get(url).status_code == 404


@pytest.fixture
def seasons(club, organizer):
    """A members-only season and a public one, with results."""
    hidden = sample_season_create(club=club, nights=1, players=8, seed=1)
    shown = sample_season_create(club=club, nights=1, players=4, seed=2)
    League.objects.filter(pk=shown.league_id).update(is_public=True)
    League.objects.filter(pk=hidden.league_id).update(is_public=False)
    return hidden, shown


def test_anonymous_season_query_of_a_members_only_season_shows_nothing(club, seasons):
    hidden, shown = seasons
    both = set(Result.objects.filter(season=hidden).values_list("player_id", flat=True)) & set(
        Result.objects.filter(season=shown).values_list("player_id", flat=True))
    pid = both.pop()
    url = reverse("league:player", args=[club.slug, pid])
    assert Client().get(url + f"?season={hidden.pk}").status_code == 404
    page = Client().get(url + f"?season={shown.pk}")
    assert page.status_code == 200
    games = Result.objects.filter(season=hidden, player_id=pid).values_list("game__public_id", flat=True)
    assert not any(g in page.content.decode() for g in games)
    assert not any(g in Client().get(url).content.decode() for g in games)


def test_players_never_in_a_public_league_are_not_listed(club, seasons):
    hidden, shown = seasons
    public = set(Result.objects.filter(season=shown).values_list("player_id", flat=True))
    statuses = {p.pk: Client().get(reverse("league:player", args=[club.slug, p.pk])).status_code
                for p in Player.objects.filter(club=club)}
    assert {p for p, s in statuses.items() if s == 200} == public
    assert {s for p, s in statuses.items() if p not in public} == {404}
    member = member_client(club)
    assert member.get(reverse("league:player", args=[club.slug, min(set(statuses) - public)])).status_code == 200


def test_team_page_of_a_members_only_league_is_not_found(club, organizer, players):
    profile = RuleProfile.objects.create(club=club, name="F", options={})
    league = services.league_create(club=club, name="Fixed", rule_profile=profile, format="fixed")
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    team = services.team_create(season=season, name="T", player_a=players[0], player_b=players[1])
    url = reverse("league:team", args=[club.slug, league.slug, season.pk, team.pk])
    assert Client().get(url).status_code == 404
    assert member_client(club).get(url).status_code == 200
