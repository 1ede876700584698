"""Rule profiles made and edited on the club's own pages, never the admin: a
new profile of any game, a copy of one, an edit that leaves games already
started on their rules, a preview of what the rules mean that saves nothing,
every option the admin offers. Through the forms as rendered."""
import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from league import services
from league.admin import RuleProfileAdmin
from league.games import kinds
from league.models import Game, RuleProfile

from .rendered_forms import open_form


@pytest.fixture
def desk(client, organizer):
    client.force_login(organizer)
    return client


def new_form(client, club, query):
    return open_form(client, reverse("league:rule_profile_new", args=[club.slug]) + query).form("profile-form")


def test_the_rule_profiles_page_offers_a_new_profile_of_every_game(desk, club):
    html = desk.get(reverse("league:rule_profiles", args=[club.slug])).content.decode()
    for kind in kinds():
        assert f'data-kind="{kind.code}"' in html


def test_a_new_cribbage_profile_from_its_rendered_form(desk, club):
    form = new_form(desk, club, "?kind=cribbage").update(name="Short games", target="61")
    assert form.submit(desk).status_code == 302
    profile = RuleProfile.objects.get(name="Short games")
    assert (profile.club, profile.game_type, profile.options["target"]) == (club, "cribbage", 61)


def test_a_copy_starts_from_the_profiles_options_and_saves_as_a_new_one(desk, club):
    source = RuleProfile.objects.create(club=club, name="Club", options={"target": 1000, "min_bid": 200})
    form = new_form(desk, club, f"?copy={source.pk}")
    assert (form.value("name"), form.value("target"), form.value("min_bid")) == ("Copy of Club", "1000", "200")
    assert form.update(name="Club (copy)").submit(desk).status_code == 302
    copy = RuleProfile.objects.get(name="Club (copy)")
    assert (copy.options["target"], copy.options["min_bid"]) == (1000, 200)
    assert RuleProfile.objects.get(pk=source.pk).options["target"] == 1000


def test_an_edit_leaves_games_already_started_on_their_rules(desk, club, players, organizer):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    game = services.game_create(club=club, players=players, by=organizer, rule_profile=profile)
    url = reverse("league:rule_profile_edit", args=[club.slug, profile.pk])
    form = open_form(desk, url).form("profile-form").update(target="2000")
    assert form.submit(desk).status_code == 302
    assert RuleProfile.objects.get(pk=profile.pk).options["target"] == 2000
    assert Game.objects.get(pk=game.pk).rules["target"] == 1500
    page = desk.get(url).content.decode()
    assert "Games already started keep the rules they started with" in page


def test_a_preview_shows_what_the_rules_mean_and_saves_nothing(desk, club):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    url = reverse("league:rule_profile_edit", args=[club.slug, profile.pk])
    form = open_form(desk, url).form("profile-form").update(target="2000")
    response = desk.post(url, {**form.data(), "preview": "1"})
    assert response.status_code == 200
    assert "2000" in response.content.decode().split('data-testid="summary"', 1)[1].split("</p>", 1)[0]
    assert RuleProfile.objects.get(pk=profile.pk).options == {}


def test_impossible_rules_are_refused_under_the_field_and_nothing_is_saved(desk, club):
    form = new_form(desk, club, "?kind=partnership").update(name="Odd", double_run="1505")
    response = form.submit(desk)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_double_run_error"' in html and "must be a positive multiple of 10" in html
    assert not RuleProfile.objects.filter(name="Odd").exists()


def test_a_name_the_club_uses_already_is_refused_under_the_name(desk, club):
    RuleProfile.objects.create(club=club, name="Club", options={})
    response = new_form(desk, club, "?kind=partnership").update(name="Club").submit(desk)
    assert response.status_code == 400
    assert 'id="id_name_error"' in response.content.decode()
    assert RuleProfile.objects.filter(name="Club").count() == 1


@pytest.mark.parametrize("code", [str(k.code) for k in kinds()])
def test_every_option_the_admin_offers_is_on_the_clubs_page(desk, club, code, rf, organizer):
    request = rf.get("/admin/", {"game_type": code})
    request.user = organizer
    admin_fields = set(RuleProfileAdmin(RuleProfile, admin.site).get_form(request).base_fields) - {"club"}
    form = new_form(desk, club, f"?kind={code}")
    assert admin_fields <= form.names, sorted(admin_fields - form.names)


def test_the_rule_profile_pages_are_for_the_clubs_organizers(club, organizer):
    from django.contrib.auth import get_user_model

    from league.models import Membership

    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    member = get_user_model().objects.create_user("member", password="pw-member-12345")
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    reader = Client()
    reader.force_login(member)
    for url in (reverse("league:rule_profiles", args=[club.slug]),
                reverse("league:rule_profile_new", args=[club.slug]),
                reverse("league:rule_profile_edit", args=[club.slug, profile.pk])):
        assert reader.get(url).status_code == 404
        assert reader.post(url, {"name": "Taken", "target": 100}).status_code == 404
    assert list(RuleProfile.objects.values_list("name", flat=True)) == ["Club"]


def test_an_edit_is_a_line_in_the_change_log_of_each_league_playing_the_profile(desk, club, organizer):
    from league.models import ChangeLog

    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    league = services.league_create(club=club, name="Monday", rule_profile=profile)
    url = reverse("league:rule_profile_edit", args=[club.slug, profile.pk])
    assert open_form(desk, url).form("profile-form").update(target="2000").submit(desk).status_code == 302
    log = ChangeLog.objects.get(league=league)
    assert log.night is None and log.summary.startswith("Rule profile Club edited: ") and "2000" in log.summary
    assert open_form(desk, url).form("profile-form").submit(desk).status_code == 302  # nothing changed
    assert ChangeLog.objects.count() == 1
