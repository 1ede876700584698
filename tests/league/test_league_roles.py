"""Roles per league, through the pages as rendered: the club's organizers make
a member director or scorer of one league on its settings page (each change
in the league's change log); a director runs that league's nights and
corrects its locked nights with a reason; a scorer enters for its tables
while the night is open and never after the lock; neither reaches another
league, and a role ends with its holder's membership."""
import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from league.models import ChangeLog, Hand, LeagueRole, Membership, Night
from league.services import clubs as club_services
from league.services import league_settings

from .kind_cases import CHANGE, ENTRY, league_table, lock
from .rendered_forms import open_form

@pytest.fixture
def game(club, players, organizer):
    return league_table("partnership", club=club, players=players, organizer=organizer)


@pytest.fixture
def league(game):
    return game.table.round.night.season.league


@pytest.fixture
def bea(club):
    user = get_user_model().objects.create_user("bea", password="pw-bea-1")
    Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
    return user


def settings_url(league):
    return reverse("league:league_settings", args=[league.club.slug, league.slug])


def give_role(client, league, user, role):
    form = open_form(client, settings_url(league)).form("league-role-form")
    return form.update(user=user.pk, role=role).submit(client)


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def edit_url(game, number=1):
    return reverse("league:hand_edit", args=[game.public_id, number])


def enter(client, game):
    form = open_form(client, reverse("league:game", args=[game.public_id])).form(has="expected_number")
    return form.update(**ENTRY["partnership"]).submit(client)


def test_an_organizer_makes_a_member_director_on_the_league_settings_page(client, organizer, league, bea):
    client.force_login(organizer)
    response = give_role(client, league, bea, "director")
    assert response.status_code == 302 and response.url == settings_url(league)
    assert LeagueRole.objects.get(league=league).user == bea
    log = ChangeLog.objects.get(league=league)
    assert (log.night, log.by, log.summary) == (None, organizer, "bea is now director.")
    changes = client.get(reverse("league:changes", args=[league.club.slug, league.slug])).content.decode()
    assert "bea is now director." in changes


def test_a_role_changed_and_taken_away_is_logged_each_time(client, organizer, league, bea):
    client.force_login(organizer)
    give_role(client, league, bea, "director")
    give_role(client, league, bea, "scorer")
    form = open_form(client, settings_url(league)).form(action_contains="/roles/remove/")
    assert form.submit(client).status_code == 302
    assert not LeagueRole.objects.exists()
    assert [c.summary for c in ChangeLog.objects.order_by("pk")] == [
        "bea is now director.", "bea: director → scorer.", "bea is no longer scorer."]


def test_only_the_clubs_members_are_offered(client, organizer, league, bea):
    get_user_model().objects.create_user("stranger", password="pw-stranger-1")
    client.force_login(organizer)
    form = open_form(client, settings_url(league)).form("league-role-form")
    names = {u.username for u in get_user_model().objects.filter(pk__in=[int(v) for v in form.choices["user"]])}
    assert names == {organizer.username, "bea"}
    with pytest.raises(ValidationError):
        league_settings.league_role_set(league=league, user_id=get_user_model().objects.get(username="stranger").pk,
                                        role="director", by=organizer)


def test_the_settings_page_is_the_organizers_alone(league, bea):
    LeagueRole.objects.create(league=league, user=bea, role="director")
    assert signed_in(bea).get(settings_url(league)).status_code == 404
    assert Client().get(settings_url(league)).status_code == 404


def test_a_director_runs_the_leagues_night(league, game, bea):
    LeagueRole.objects.create(league=league, user=bea, role="director")
    night = game.table.round.night
    client = signed_in(bea)
    url = reverse("league:night", args=[league.club.slug, league.slug, night.season_id, night.pk])
    page = open_form(client, url)
    # the organizer's forms, each posting to its night action's own view
    assert {f.action.rstrip("/").rsplit("/", 1)[-1] for f in page.forms} >= {"checkin", "unseat", "lock"}
    response = page.form("unseat-form").update(reason="seated the wrong players").submit(client)
    assert response.status_code == 302
    assert not night.round_set.exists()
    assert ChangeLog.objects.get(night=night).by == bea


def test_a_director_corrects_a_locked_night_with_a_reason(league, game, bea):
    LeagueRole.objects.create(league=league, user=bea, role="director")
    client = signed_in(bea)
    assert enter(client, game).status_code == 302
    lock(game)
    form = open_form(client, edit_url(game)).form(has="version")
    assert "reason" in form
    response = form.update(reason="tricks were swapped", **CHANGE["partnership"]).submit(client)
    assert response.status_code == 302
    log = ChangeLog.objects.get(night__isnull=False)
    assert (log.reason, log.by, log.game_id) == ("tricks were swapped", bea, game.pk)


def test_a_scorer_enters_while_the_night_is_open_and_not_after_the_lock(league, game, bea):
    LeagueRole.objects.create(league=league, user=bea, role="scorer")
    client = signed_in(bea)
    assert enter(client, game).status_code == 302
    assert Hand.objects.filter(game=game).count() == 1 and game.revisions.filter(hand__isnull=False).get().by == bea
    lock(game)
    page = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert 'name="expected_number"' not in page
    response = client.post(edit_url(game), {"version": 1, "reason": "mine", **CHANGE["partnership"]})
    assert response.status_code in (403, 404)
    assert Hand.objects.get(game=game).version == 1


def test_a_scorer_neither_deletes_nor_runs_the_night(league, game, bea, organizer):
    LeagueRole.objects.create(league=league, user=bea, role="scorer")
    client = signed_in(bea)
    enter(client, game)
    assert client.post(edit_url(game) + "delete/", {"reason": "x"}).status_code == 403
    night = game.table.round.night
    url = reverse("league:night", args=[league.club.slug, league.slug, night.season_id, night.pk])
    assert client.post(url, {"action": "lock"}).status_code == 403
    assert Night.objects.get(pk=night.pk).status != Night.Status.LOCKED
    assert Hand.objects.filter(game=game).count() == 1


def test_a_director_of_one_league_cannot_touch_another(club, players, organizer, league, game, bea):
    other = league_table("cribbage", club=club, players=players, organizer=organizer)
    other_league = other.table.round.night.season.league
    LeagueRole.objects.create(league=league, user=bea, role="director")
    client = signed_in(bea)
    night = other.table.round.night
    url = reverse("league:night", args=[other_league.club.slug, other_league.slug, night.season_id, night.pk])
    assert client.post(url, {"action": "lock"}).status_code == 403
    assert client.post(reverse("league:hand_add", args=[other.public_id]), ENTRY["cribbage"]).status_code == 403
    assert client.post(reverse("league:table_link_reissue", args=[other.public_id])).status_code == 403
    assert Night.objects.get(pk=night.pk).status != Night.Status.LOCKED and not Hand.objects.filter(game=other).exists()
    assert client.get(settings_url(other_league)).status_code == 404


def test_a_role_ends_with_its_holders_membership(club, organizer, league, game, bea):
    LeagueRole.objects.create(league=league, user=bea, role="director")
    membership = Membership.objects.get(club=club, user=bea)
    club_services.membership_remove(club=club, membership_id=membership.pk)
    assert not LeagueRole.objects.exists()
    assert signed_in(bea).post(reverse("league:hand_add", args=[game.public_id]), ENTRY["partnership"]).status_code in (403, 404)


# -- the league's settings -------------------------------------------------------------------
def test_every_league_setting_is_on_the_settings_form_filled_with_the_leagues_own(client, organizer, league):
    client.force_login(organizer)
    form = open_form(client, settings_url(league)).form("league-settings-form")
    assert {"name", "rule_profile", "format", "is_public", "confirmation", "bye_scoring", "odd_players"} <= form.names
    assert (form.value("name"), form.value("format"), form.value("confirmation")) == (league.name, "progressive", None)


def test_turning_confirmation_on_is_saved_and_logged(client, organizer, league):
    client.force_login(organizer)
    form = open_form(client, settings_url(league)).form("league-settings-form")
    response = form.update(confirmation="on", is_public="on").submit(client)
    assert response.status_code == 302
    league.refresh_from_db()
    assert league.confirmation and league.is_public
    assert [c.summary for c in ChangeLog.objects.order_by("pk")] == [
        "Public: off → on.", "The other side confirms each hand: off → on."]
    changes = client.get(reverse("league:changes", args=[league.club.slug, league.slug])).content.decode()
    assert "The other side confirms each hand: off → on." in changes


def test_a_save_that_changes_nothing_logs_nothing(client, organizer, league):
    client.force_login(organizer)
    form = open_form(client, settings_url(league)).form("league-settings-form")
    assert form.submit(client).status_code == 302
    assert not ChangeLog.objects.exists()


def test_the_format_stays_once_the_league_has_a_night(client, organizer, league):
    client.force_login(organizer)
    form = open_form(client, settings_url(league)).form("league-settings-form")
    response = form.update(format="fixed", confirmation="on").submit(client)
    assert response.status_code == 400
    assert 'id="id_format_error"' in response.content.decode()
    league.refresh_from_db()
    assert (league.format, league.confirmation) == ("progressive", False) and not ChangeLog.objects.exists()


def test_the_rules_change_to_another_profile_of_the_same_game(client, organizer, league):
    from league.models import RuleProfile

    other = RuleProfile.objects.create(club=league.club, name="Club 1200", game_type="partnership",
                                       options={"target": 1200})
    client.force_login(organizer)
    form = open_form(client, settings_url(league)).form("league-settings-form")
    assert form.update(rule_profile=other.pk).submit(client).status_code == 302
    league.refresh_from_db()
    assert league.rule_profile == other
    assert ChangeLog.objects.get().summary == "Rules: partnership rules → Club 1200."


# -- a season's settings ------------------------------------------------------------------------
def season_settings_url(season):
    league = season.league
    return reverse("league:season_settings", args=[league.club.slug, league.slug, season.pk])


def test_a_seasons_settings_form_is_filled_with_its_own(client, organizer, league):
    season = league.seasons.get()
    client.force_login(organizer)
    page = open_form(client, settings_url(league))
    assert season_settings_url(season) in page.response.content.decode()
    form = open_form(client, season_settings_url(season)).form("season-settings-form")
    assert [form.value(f"precedence_{i}") for i in range(1, 5)] == [k.partition(":")[0] for k in season.precedence]
    assert form.value("name") == season.name


def test_a_new_precedence_is_saved_logged_and_ranks_at_once(client, organizer, league):
    season = league.seasons.get()
    version = season.results_version
    client.force_login(organizer)
    form = open_form(client, season_settings_url(season)).form("season-settings-form")
    form.update(precedence_1="best_n", precedence_2="points", precedence_3="", precedence_4="", best_n="2")
    response = form.submit(client)
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.precedence == ["best_n:2", "points"] and season.results_version != version
    [log] = ChangeLog.objects.all()
    assert log.summary == ("S · Ranking precedence: total points, games won, point differential, head-to-head "
                           "→ best 2 nights, total points.")


def test_a_season_ending_before_it_starts_is_refused_under_the_field(client, organizer, league):
    season = league.seasons.get()
    client.force_login(organizer)
    form = open_form(client, season_settings_url(season)).form("season-settings-form")
    response = form.update(ends_on="2026-01-01").submit(client)
    assert response.status_code == 400 and 'id="id_ends_on_error"' in response.content.decode()
    assert not ChangeLog.objects.exists()


def test_a_seasons_settings_are_the_organizers_alone(league, bea):
    LeagueRole.objects.create(league=league, user=bea, role="director")
    assert signed_in(bea).get(season_settings_url(league.seasons.get())).status_code == 404


def test_a_scorer_is_offered_no_confirmation_and_confirms_nothing(league, game, bea):
    from league.models import League

    League.objects.filter(pk=league.pk).update(confirmation=True)
    LeagueRole.objects.create(league=league, user=bea, role="scorer")
    client = signed_in(bea)
    assert enter(client, game).status_code == 302
    hand = Hand.objects.get(game=game)
    page = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert f"/hands/{hand.number}/confirm/" not in page
    assert client.post(reverse("league:hand_confirm", args=[game.public_id, 1])).status_code == 403
    assert Hand.objects.get(pk=hand.pk).status == hand.status
