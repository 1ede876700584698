"""Every form the site renders is submitted as rendered by some test.

``test_every_rendered_form_has_a_round_trip`` opens every page of the URL
tree (for a game of each kind, with the organizer signed in) and lists the
forms that POST, by the view they post to (and the ``action`` button value
where one view takes several): each must be named in ``ROUND_TRIPS`` with a
test that submits it through ``rendered_forms.open_form``, so a new form
without such a test fails here (the admin's login page included). The round trips this file adds: the counter
entry and the confirmation on every kind's table link, a phone correcting its
own entry, an entry on the organizer's game page, a casual game, a new table
link, the language switch and logging out.
"""
import ast
from pathlib import Path
from urllib.parse import urljoin

import pytest
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from league.models import Game, Hand, HandStatus, League

from ..e2e.main_pages import build_world
from .kind_cases import CHANGE, CODES, ENTRY, league_table
from .rendered_forms import open_form, parse_forms
from .urlmatrix import build, patterns

HERE = Path(__file__).parent
ROUND_TRIPS = {
    ("login", None): "test_form_round_trips.py::test_login_form",
    ("logout", None): "test_form_inventory.py::test_logging_out_from_the_rendered_form",
    ("admin:login", None): "test_form_inventory.py::test_the_admin_login_as_rendered",
    ("set_language", None): "test_form_inventory.py::test_the_language_switch_as_rendered",
    ("league:club_leagues", None): "test_form_round_trips.py::test_a_league_a_season_and_a_club_night_from_their_forms",
    ("league:league", None): "test_form_round_trips.py::test_a_league_a_season_and_a_club_night_from_their_forms",
    ("league:season", None): "test_ratings_standings.py::test_the_season_form_sets_seeding_and_the_handicap",
    ("league:night_checkin", None): "test_form_round_trips.py::test_a_league_a_season_and_a_club_night_from_their_forms",
    ("league:night_seat", None): "test_form_round_trips.py::test_a_league_a_season_and_a_club_night_from_their_forms",
    ("league:night_lock", None): "test_form_round_trips.py::test_a_league_a_season_and_a_club_night_from_their_forms",
    ("league:night_unseat", None): "test_seating_confirm.py::test_undo_removes_the_rounds_games_and_logs_who_and_why",
    ("league:night_swap", None): "test_night_actions.py::test_two_seats_are_swapped_from_the_rendered_form",
    ("league:night_reopen", None): "test_night_actions.py::test_an_organizer_reopens_a_locked_night_with_a_reason_in_the_change_log",
    ("league:game_new", None): "test_kind_pages.py::test_a_new_game_of_each_kind_from_its_rendered_form",
    ("league:casual_new", None): "test_form_inventory.py::test_a_casual_game_from_the_rendered_form",
    ("league:hand_add", None): "test_form_inventory.py::test_the_organizer_enters_on_the_game_page_as_rendered",
    ("league:hand_edit", None): "test_entry_promises.py::test_a_stale_edit_is_refused",
    ("league:hand_delete", None): "test_entry_promises.py::test_an_organizer_deletes_on_a_locked_night_with_a_reason",
    ("league:table_hand_add", None): "test_entry_promises.py::test_two_phones_entering_the_same_next_entry_store_one_and_tell_the_other",
    ("league:table_hand_edit", None): "test_form_inventory.py::test_a_phone_corrects_its_own_entry_as_rendered",
    ("league:table_hand_counter", None): "test_form_inventory.py::test_the_other_side_counter_enters_as_rendered",
    ("league:table_hand_confirm", None): "test_form_inventory.py::test_the_other_side_confirms_as_rendered",
    ("league:table_hand_undo", None): "test_undo.py::test_the_phone_that_entered_the_last_entry_undoes_it_with_one_tap",
    ("league:table_link_reissue", None): "test_form_inventory.py::test_a_new_table_link_from_the_rendered_button",
    ("league:club_new", None): "test_club_self_service.py::test_a_signed_in_user_starts_a_club_and_is_its_organizer",
    ("league:club_settings", None): "test_club_self_service.py::test_organizers_rename_the_club_and_set_its_language",
    ("league:club_invite_new", None): "test_club_self_service.py::test_an_invitation_link_joins_once_in_its_role",
    ("league:club_invite_revoke", None): "test_club_self_service.py::test_a_withdrawn_invitation_joins_nobody",
    ("league:club_member_role", None):
        "test_club_self_service.py::test_an_organizer_invited_as_organizer_then_changes_and_removes_roles",
    ("league:club_member_remove", None):
        "test_club_self_service.py::test_an_organizer_invited_as_organizer_then_changes_and_removes_roles",
    ("league:club_member_unlock", None): "test_client_address.py::test_an_organizer_lets_a_locked_out_member_log_in_again",
    ("league:invite", None): "test_club_self_service.py::test_an_invitation_link_joins_once_in_its_role",
    ("league:rule_profile_new", None): "test_rule_profile_pages.py::test_a_new_cribbage_profile_from_its_rendered_form",
    ("league:rule_profile_edit", None):
        "test_rule_profile_pages.py::test_an_edit_leaves_games_already_started_on_their_rules",
    ("league:tournaments", None): "test_tournament_pages.py::test_the_organizer_creates_an_event_from_the_rendered_form",
    ("league:tournament_register", None): "test_tournament_pages.py::test_a_player_entered_twice_is_refused_naming_them",
    ("league:tournament_stage_new", None): "test_tournament_pages.py::test_an_event_from_registration_to_the_prize_table",
    ("league:tournament_advance", None): "test_tournament_pages.py::test_an_event_from_registration_to_the_prize_table",
    ("league:tournament_clock", None):
        "test_tournament_pages.py::"
        "test_the_round_clock_starts_calls_the_last_hand_and_time_from_the_director_buttons",
    ("league:tournament_pool_new", None): "test_tournament_pages.py::test_a_side_pool_is_split_equally_among_its_winners",
    ("league:tournament_pool_award", None): "test_tournament_pages.py::test_a_side_pool_is_split_equally_among_its_winners",
    ("league:tournament_withdraw", None):
        "test_tournament_pages.py::test_an_entry_withdrawn_before_the_first_stage_is_not_seated",
    ("password_change", None): "test_password_reset.py::test_a_signed_in_user_changes_the_password_with_the_old_one",
    ("password_reset", None): "test_password_reset.py::test_a_reset_mails_one_link_that_sets_a_new_password",
    ("league:league_settings", None): "test_league_roles.py::test_turning_confirmation_on_is_saved_and_logged",
    ("league:season_settings", None): "test_league_roles.py::test_a_new_precedence_is_saved_logged_and_ranks_at_once",
    ("league:league_role_set", None):
        "test_league_roles.py::test_an_organizer_makes_a_member_director_on_the_league_settings_page",
    ("league:league_role_remove", None): "test_league_roles.py::test_a_role_changed_and_taken_away_is_logged_each_time",
    ("league:player_rename", None): "test_roster.py::test_an_organizer_renames_a_player_from_the_rendered_form",
    ("league:player_merge", None):
        "test_roster.py::test_a_merge_gives_the_standings_and_ratings_of_one_name_from_the_start",
    ("league:player_merge_undo", None):
        "test_roster.py::test_undoing_a_merge_gives_back_both_players_standings_and_ratings",
    ("league:players_import", None): "test_roster.py::test_confirming_the_preview_adds_the_ticked_new_players",
    ("league:club_restore", None): "test_club_restore.py::test_an_empty_club_restores_the_backup_as_it_was",
    ("account_signup", None): "test_sign_up.py::test_a_sign_up_mails_one_confirmation_link",
    ("account_confirm_email", None): "test_sign_up.py::test_following_the_link_and_confirming_logs_the_account_in",
}


def rendered_post_forms(client, world):
    """{(view name, action value): {pages}} of every POST form on every page."""
    found = {}
    for key in ("game", "three", "double", "crib", "rummy"):
        game = world[key]
        for name, route, converters in patterns():
            if key != "game" and not {"public_id", "token"} & set(converters):
                continue
            url = build(route, converters, world, {"public_id": game.public_id, "token": game.access_token})
            response = client.get(url)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            for form in parse_forms(response.content.decode()):
                if form.method != "post":
                    continue
                action = urljoin(url, form.action) if form.action else url
                try:
                    target = resolve(action.split("?")[0]).view_name
                except Resolver404:
                    target = action
                found.setdefault((target, form.value("action")), set()).add(name)
    return found


def submits_a_rendered_form(node: str) -> bool:
    """Whether the test ``file::name`` exists and calls ``open_form`` (itself or
    through a helper function of its module)."""
    filename, name = node.split("::")
    source = (HERE / filename).read_text()
    functions = {f.name: ast.get_source_segment(source, f) for f in ast.parse(source).body
                 if isinstance(f, ast.FunctionDef)}
    if name not in functions:
        return False
    helpers = {n for n, text in functions.items() if "open_form(" in text}
    return "open_form(" in functions[name] or any(f"{h}(" in functions[name] for h in helpers)


def test_every_rendered_form_has_a_round_trip(client, organizer, club):
    organizer.club, organizer.user = club, organizer
    world = build_world(organizer)
    client.force_login(organizer)
    found = rendered_post_forms(client, world)
    assert ("league:hand_add", None) in found and ("league:night_seat", None) in found
    assert sorted(set(found) - set(ROUND_TRIPS), key=str) == []


@pytest.mark.parametrize("key", sorted(ROUND_TRIPS, key=str))
def test_each_listed_round_trip_submits_a_rendered_form(key):
    assert submits_a_rendered_form(ROUND_TRIPS[key]), ROUND_TRIPS[key]


@pytest.fixture(params=CODES)
def confirmed_game(request, club, players, organizer):
    game = league_table(request.param, club=club, players=players, organizer=organizer)
    League.objects.filter(pk=game.table.round.night.season.league_id).update(confirmation=True)
    return game


def two_sides(game):
    """Two phones on the game's table link, each having said its side (the first two offered)."""
    table = reverse("league:table", args=[game.access_token])
    phones = []
    for choice in (0, 1):
        phone = Client()
        form = open_form(phone, table).form(has="side")
        sides = [b["value"] for b in form.buttons if b.get("name") == "side"] or sorted(form.choices["side"])
        assert form.set("side", sides[choice]).submit(phone).status_code == 302
        phones.append(phone)
    return table, phones


def errors_shown(response) -> str:
    import re
    text = response.content.decode()
    return f"{response.status_code}: " + " | ".join(re.findall(r'(?:errorlist|role="alert")[^>]*>(.*?)</', text, re.S))


def enter(phone, table, game):
    form = open_form(phone, table).form(has="expected_number").update(**ENTRY[str(game.kind.code)])
    response = form.submit(phone)
    assert response.status_code == 302, response.content.decode()[:2000]


def test_the_other_side_confirms_as_rendered(confirmed_game):
    table, (ours, theirs) = two_sides(confirmed_game)
    enter(ours, table, confirmed_game)
    assert Hand.objects.get(game=confirmed_game).status == HandStatus.ENTERED
    confirm = open_form(theirs, table).form(action_contains="/hands/1/confirm/")
    assert confirm.submit(theirs).status_code == 302
    assert Hand.objects.get(game=confirmed_game).status == HandStatus.CONFIRMED


def test_the_other_side_counter_enters_as_rendered(confirmed_game):
    table, (ours, theirs) = two_sides(confirmed_game)
    enter(ours, table, confirmed_game)
    counter_url = reverse("league:table_hand_counter", args=[confirmed_game.access_token, 1])
    assert counter_url in open_form(theirs, table).response.content.decode()  # the pad links to it
    form = open_form(theirs, counter_url).form(action_contains="/hands/1/counter/")
    response = form.update(**ENTRY[str(confirmed_game.kind.code)]).submit(theirs)
    assert response.status_code == 302, errors_shown(response)
    assert Hand.objects.get(game=confirmed_game).status == HandStatus.CONFIRMED


@pytest.fixture(params=CODES)
def table_game(request, club, players, organizer):
    return league_table(request.param, club=club, players=players, organizer=organizer)


def test_a_phone_corrects_its_own_entry_as_rendered(table_game):
    phone = Client()
    table = reverse("league:table", args=[table_game.access_token])
    enter(phone, table, table_game)
    url = reverse("league:table_hand_edit", args=[table_game.access_token, 1])
    form = open_form(phone, url).form(has="version")
    response = form.update(**CHANGE[str(table_game.kind.code)]).submit(phone)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Hand.objects.get(game=table_game).version == 2


def test_the_organizer_enters_on_the_game_page_as_rendered(client, table_game, organizer):
    client.force_login(organizer)
    form = open_form(client, reverse("league:game", args=[table_game.public_id])).form(has="expected_number")
    response = form.update(**ENTRY[str(table_game.kind.code)]).submit(client)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Hand.objects.get(game=table_game).number == 1


def test_a_casual_game_from_the_rendered_form(client, db):
    form = open_form(client, reverse("league:casual_new")).form(has="north")
    response = form.update(north="Ann", east="Bo", south="Cy", west="Di").submit(client)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("league:table", args=[game.access_token])
    assert [s.player.name for s in game.seats.order_by("seat").select_related("player")] == ["Ann", "Bo", "Cy", "Di"]


def test_a_new_table_link_from_the_rendered_button(client, table_game, organizer):
    client.force_login(organizer)
    old = table_game.access_token
    form = open_form(client, reverse("league:game", args=[table_game.public_id])).form(action_contains="/link/")
    assert form.submit(client).status_code == 302
    table_game.refresh_from_db()
    assert table_game.access_token != old
    assert Client().get(reverse("league:table", args=[old])).status_code == 404


def test_the_language_switch_as_rendered(client, db):
    form = open_form(client, reverse("league:rules_help")).form(has="language")
    response = form.set("language", "th").submit(client)
    assert response.status_code == 302 and response["Location"] == reverse("league:rules_help")
    assert client.get(reverse("league:rules_help")).headers["Content-Language"] == "th"


def test_the_admin_login_as_rendered(client, db):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_superuser("boss", password="pw-boss-12345")
    form = open_form(client, reverse("admin:login")).form(has="username").update(username="boss",
                                                                                 password="pw-boss-12345")
    answer = form.submit(client)
    assert (answer.status_code, answer["Location"]) == (302, "/admin/")
    assert client.get("/admin/").status_code == 200


def test_logging_out_from_the_rendered_form(client, organizer):
    client.force_login(organizer)
    form = open_form(client, reverse("league:home")).form(action_contains="/accounts/logout/")
    assert form.submit(client).status_code == 302
    assert not client.get(reverse("league:home")).wsgi_request.user.is_authenticated
