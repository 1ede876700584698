"""The season form asks for the ranking precedence in order, one metric a slot,
each by its translated name (not metric codes typed with commas); best N of M
nights takes its N from its own field. Through the form as rendered."""
import pytest
from django.urls import reverse

from league import services
from league.models import RuleProfile, Season

from .rendered_forms import open_form

SLOTS = [f"precedence_{i}" for i in range(1, 7)]


@pytest.fixture
def league(club):
    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    return services.league_create(club=club, name="Tuesday", rule_profile=profile)


def season_form(client, club, league):
    return open_form(client, reverse("league:league", args=[club.slug, league.slug])).form(has="precedence_1")


def fill(form, *keys, **more):
    values = dict(zip(SLOTS, [*keys, *[""] * (len(SLOTS) - len(keys))]))
    return form.update(name="Autumn", starts_on="2026-09-01", ends_on="2026-12-01", **values, **more)


def test_the_form_offers_the_default_precedence_in_order(client, club, league, organizer):
    client.force_login(organizer)
    form = season_form(client, club, league)
    assert [form.value(slot) for slot in SLOTS] == ["points", "wins", "differential", "head_to_head", "", ""]
    assert "precedence" not in form  # no codes to type


def test_the_metrics_are_offered_by_name_in_the_readers_language(client, club, league, organizer):
    client.force_login(organizer)
    client.cookies["django_language"] = "zh-hant"
    html = client.get(reverse("league:league", args=[club.slug, league.slug])).content.decode()
    assert '<option value="wins">勝局數</option>' in html
    assert '<option value="best_n">M 場例會中最佳 N 場</option>' in html


def test_a_chosen_order_with_best_n_is_stored_as_the_seasons_precedence(client, club, league, organizer):
    client.force_login(organizer)
    response = fill(season_form(client, club, league), "wins", "best_n", "points", best_n="3").submit(client)
    assert response.status_code == 302
    assert Season.objects.get().precedence == ["wins", "best_n:3", "points"]


def test_an_empty_slot_between_metrics_is_skipped(client, club, league, organizer):
    client.force_login(organizer)
    response = fill(season_form(client, club, league), "wins", "", "points").submit(client)
    assert response.status_code == 302
    assert Season.objects.get().precedence == ["wins", "points"]


def test_best_n_without_its_number_is_refused_under_that_field(client, club, league, organizer):
    client.force_login(organizer)
    response = fill(season_form(client, club, league), "best_n", "points", best_n="").submit(client)
    assert response.status_code == 400
    assert 'id="id_best_n_error"' in response.content.decode()
    assert not Season.objects.exists()


def test_a_metric_chosen_twice_is_refused_under_the_second(client, club, league, organizer):
    client.force_login(organizer)
    response = fill(season_form(client, club, league), "points", "points").submit(client)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_precedence_2_error"' in html and "total points is chosen above already" in html
    assert not Season.objects.exists()


def test_the_first_slot_offers_no_blank_and_a_post_without_it_is_refused(client, club, league, organizer):
    client.force_login(organizer)
    form = fill(season_form(client, club, league), "points")
    assert "" not in form.choices["precedence_1"] and "" in form.choices["precedence_2"]
    crafted = {name: value for name, value in form.fields if name != "precedence_1"}
    response = client.post(form.action, crafted)
    assert response.status_code == 400
    assert 'id="id_precedence_1_error"' in response.content.decode()
    assert not Season.objects.exists()


def test_the_league_form_sets_the_other_sides_confirmation(client, club, organizer):
    from league.models import League

    profile = RuleProfile.objects.create(club=club, name="Club", options={})
    client.force_login(organizer)
    form = open_form(client, reverse("league:club_leagues", args=[club.slug])).form(has="confirmation")
    response = form.update(name="Checked", rule_profile=profile.pk, format="progressive", confirmation="on").submit(client)
    assert response.status_code == 302
    assert League.objects.get(name="Checked").confirmation is True
    form = open_form(client, reverse("league:club_leagues", args=[club.slug])).form(has="confirmation")
    form.update(name="Trusting", rule_profile=profile.pk, format="progressive").unset("confirmation").submit(client)
    assert League.objects.get(name="Trusting").confirmation is False
