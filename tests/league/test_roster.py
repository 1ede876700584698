"""A club's roster page, through the forms as rendered: a rename (a name
another player holds is refused under the field); a merge of two players who
are one person, whose standings and ratings are then exactly those of the
same games entered under one name; an import whose preview stores nothing
and flags players already on the roster, repeated, close to a roster name or
invalid; walk-ins typed close to a roster name asked about at check-in."""
import csv
import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import ChangeLog, CheckIn, Club, Game, Membership, Player, PlayerRating, RuleProfile, Round, Table
from league.services import players as roster_services
from league.services.figures import figures_differences
from league.services.ratings import ratings_differences

from .conftest import played
from .rendered_forms import open_form, parse_forms

D = datetime.date


def roster_url(club):
    return reverse("league:roster", args=[club.slug])


@pytest.fixture
def signed_in(client, organizer):
    client.force_login(organizer)
    return client


# -- rename -------------------------------------------------------------------------------
def test_an_organizer_renames_a_player_from_the_rendered_form(signed_in, club, players):
    ann = players[0]
    form = open_form(signed_in, roster_url(club)).form(f"rename-{ann.pk}")
    response = form.update(name="Ann Lee").submit(signed_in)
    assert response.status_code == 302
    assert Player.objects.get(pk=ann.pk).name == "Ann Lee"


def test_a_rename_to_a_name_another_player_holds_is_refused_under_it(signed_in, club, players):
    ann = players[0]
    form = open_form(signed_in, roster_url(club)).form(f"rename-{ann.pk}")
    response = form.update(name="bo").submit(signed_in)
    assert response.status_code == 400
    assert "The club already has a player called bo." in response.content.decode()
    assert Player.objects.get(pk=ann.pk).name == "Ann"


def test_the_roster_page_is_the_organizers_alone(club, players):
    assert Client().get(roster_url(club)).status_code == 404


# -- merge --------------------------------------------------------------------------------
NIGHTS = [  # seats N, E, S, W of the one game of each night, and the side that wins it
    (("Ann", "Bob Smith", "Cy", "Di"), 1),
    (("Ann", "Cy", "Bob Smyth", "Di"), 0),
    (("Bob Smyth", "Ann", "Di", "Cy"), 0),
]


def build(club, organizer, names_of_night):
    """A league whose nights each hold one game with these seats, won by that side."""
    profile = RuleProfile.objects.create(club=club, name="Club rules", options={})
    league = services.league_create(club=club, name="Monday", rule_profile=profile)
    season = services.season_create(league=league, name="Autumn", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    for day, (names, winner) in enumerate(names_of_night, start=1):
        seats = [services.player_get_or_create(club=club, name=n) for n in names]
        night = services.night_create(season=season, date=D(2026, 10, day), rounds=1)
        services.night_check_in(night=night, players=seats)
        table = Table.objects.create(round=Round.objects.create(night=night, number=1), number=1)
        game = services.game_create(club=club, players=seats, rule_profile=profile, by=organizer)
        Game.objects.filter(pk=game.pk).update(table=table)
        game.refresh_from_db()
        meld, tricks = ((1300, 0), (250, 0)) if winner == 0 else ((0, 1300), (0, 250))
        services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(winner, 1300, meld, tricks)))
    return league, season


def standings_csv(client, league, season):
    url = reverse("league:season", args=[league.club.slug, league.slug, season.pk]) + "?_export=csv"
    response = client.get(url)
    return b"".join(response.streaming_content).decode() if response.streaming else response.content.decode()


def ratings(club):
    return sorted((r.player.name, r.family, round(r.mu, 9), round(r.sigma, 9), r.games)
                  for r in PlayerRating.objects.filter(club=club).select_related("player"))


def merge(client, club, keep, gone):
    form = open_form(client, roster_url(club)).form("merge-form")
    return form.update(keep=keep.pk, gone=gone.pk, confirm="on").submit(client)


def test_a_merge_gives_the_standings_and_ratings_of_one_name_from_the_start(signed_in, club, organizer):
    league, season = build(club, organizer, NIGHTS)
    twin = Club.objects.create(name="Twin", slug="twin")
    Membership.objects.create(club=twin, user=organizer, role=Membership.Role.ORGANIZER)
    one_name = [(tuple("Bob Smith" if n == "Bob Smyth" else n for n in names), w) for names, w in NIGHTS]
    twin_league, twin_season = build(twin, organizer, one_name)
    before = standings_csv(signed_in, league, season)
    assert "Bob Smyth" in before

    response = merge(signed_in, club, Player.objects.get(club=club, name="Bob Smith"),
                     Player.objects.get(club=club, name="Bob Smyth"))
    assert response.status_code == 302
    assert not Player.objects.filter(club=club, name="Bob Smyth").exists()
    after = standings_csv(signed_in, league, season)
    assert after != before and after == standings_csv(signed_in, twin_league, twin_season)
    assert ratings(club) == ratings(twin) and [r[0] for r in ratings(club)] == ["Ann", "Bob Smith", "Cy", "Di"]
    assert figures_differences() == [] and ratings_differences() == []  # as rescore --check derives them
    smith = Player.objects.get(club=club, name="Bob Smith")
    assert CheckIn.objects.filter(player=smith).count() == 3
    assert ChangeLog.objects.get(league=league).summary == "Bob Smyth merged into Bob Smith (2 games)."


def test_undoing_a_merge_gives_back_both_players_standings_and_ratings(signed_in, club, organizer):
    league, season = build(club, organizer, NIGHTS)
    before, rated = standings_csv(signed_in, league, season), ratings(club)
    smyth = Player.objects.get(club=club, name="Bob Smyth")
    merge(signed_in, club, Player.objects.get(club=club, name="Bob Smith"), smyth)
    assert standings_csv(signed_in, league, season) != before
    form = open_form(signed_in, roster_url(club)).form(action_contains="/merge/undo/")
    assert form.submit(signed_in).status_code == 302
    assert Player.objects.get(pk=smyth.pk).name == "Bob Smyth"
    assert standings_csv(signed_in, league, season) == before and ratings(club) == rated
    assert figures_differences() == [] and ratings_differences() == []
    assert [c.summary for c in ChangeLog.objects.filter(league=league).order_by("pk")] == [
        "Bob Smyth merged into Bob Smith (2 games).", "The merge of Bob Smyth into Bob Smith was undone."]
    again = signed_in.post(reverse("league:player_merge_undo", args=[club.slug]), form.data())
    assert again.status_code == 400 and "was undone already" in again.content.decode()


def test_two_players_of_one_game_are_not_merged(signed_in, club, organizer):
    league, season = build(club, organizer, NIGHTS)
    ann, cy = Player.objects.get(club=club, name="Ann"), Player.objects.get(club=club, name="Cy")
    before = standings_csv(signed_in, league, season)
    response = merge(signed_in, club, ann, cy)
    assert response.status_code == 400
    assert "Ann and Cy played in the same game: they are two people." in response.content.decode()
    assert Player.objects.filter(pk=cy.pk).exists() and standings_csv(signed_in, league, season) == before


def test_a_merge_without_the_confirmation_box_does_nothing(signed_in, club, organizer):
    build(club, organizer, NIGHTS)
    form = open_form(signed_in, roster_url(club)).form("merge-form")
    smith, smyth = Player.objects.get(name="Bob Smith"), Player.objects.get(name="Bob Smyth")
    response = form.update(keep=smith.pk, gone=smyth.pk).submit(signed_in)
    assert response.status_code == 400 and Player.objects.filter(pk=smyth.pk).exists()


# -- import -------------------------------------------------------------------------------
LIST = """name,email,member
Eve Adams,eve@example.org,yes
Finn Berg,,no
Gus Cole,gus@example.org,
Hana Dorn,,1
Ivo Eck,ivo@example.org,yes
Jon Falk,,
Kim Gray,kim@example.org,no
Lea Hart,,yes
Max Ito,max@example.org,
Noa Jung,,
Ann,,yes
eve adams,,
Bob Smyth,,
Ola Kerr,not-an-address,
"""
"""Ten new players, then one on the roster (Ann), one repeated (Eve Adams in
another case), one close to a roster name (Bob Smyth: Bob Smith), one with a bad email."""


def preview(client, club, text):
    form = open_form(client, roster_url(club)).form("import-form")
    return form.update(text=text).submit(client)


def confirm_form(response, club):
    """The preview's confirmation form as the preview page rendered it."""
    [form] = [f for f in parse_forms(response.content.decode()) if f.attrs.get("id") == "import-confirm-form"]
    return form


def test_the_import_preview_stores_nothing_and_says_what_each_line_does(signed_in, club, players):
    services.player_get_or_create(club=club, name="Bob Smith")
    response = preview(signed_in, club, LIST)
    assert response.status_code == 200
    assert Player.objects.filter(club=club).count() == 5  # nothing stored
    html = response.content.decode()
    statuses = [line.split('data-status="')[1].split('"')[0] for line in html.split("<tr data-line=")[1:]]
    assert statuses == ["new"] * 10 + ["on_roster", "repeated", "close", "invalid"]
    assert "close to Bob Smith on the roster: the same person?" in html


def test_confirming_the_preview_adds_the_ticked_new_players(signed_in, club, players):
    services.player_get_or_create(club=club, name="Bob Smith")
    response = preview(signed_in, club, LIST)
    confirm = confirm_form(response, club)
    assert confirm.data()["lines"] == [str(n) for n in range(2, 12)]  # the new ones ticked, the close one not
    assert confirm.choices["lines"] == {str(n) for n in range(2, 12)} | {"14"}
    done = confirm.submit(signed_in, base_url=reverse("league:players_import", args=[club.slug]))
    assert done.status_code == 302
    assert Player.objects.filter(club=club).count() == 15  # 5 + the ten new ones; Bob Smyth left unticked
    eve = Player.objects.get(club=club, name="Eve Adams")
    assert (eve.email, eve.member) == ("eve@example.org", True)
    assert Player.objects.get(club=club, name="Finn Berg").member is False


def test_an_uploaded_csv_file_previews_like_a_pasted_list(signed_in, club, players):
    upload = SimpleUploadedFile("players.csv", LIST.encode(), content_type="text/csv")
    form = open_form(signed_in, roster_url(club)).form("import-form")
    response = signed_in.post(reverse("league:players_import", args=[club.slug]), {**form.data(), "file": upload})
    assert response.status_code == 200 and Player.objects.filter(club=club).count() == 4
    assert response.content.decode().count('data-status="new"') == 11  # Bob Smyth is new here: no Bob Smith


def test_an_xlsx_workbook_previews_its_rows(signed_in, club, players):
    import tablib

    sheet = tablib.Dataset(*list(csv.reader(io.StringIO(LIST)))[1:], headers=["name", "email", "member"])
    upload = SimpleUploadedFile("players.xlsx", sheet.export("xlsx"))
    form = open_form(signed_in, roster_url(club)).form("import-form")
    response = signed_in.post(reverse("league:players_import", args=[club.slug]), {**form.data(), "file": upload})
    assert response.status_code == 200
    assert response.content.decode().count('data-status="new"') == 11


def test_an_empty_import_is_refused_under_the_field(signed_in, club, players):
    response = preview(signed_in, club, "")
    assert response.status_code == 400 and 'id="id_text_error"' in response.content.decode()


def test_close_matches_find_the_roster_name(club):
    services.player_get_or_create(club=club, name="Bob Smith")
    assert roster_services.close_matches(club, ["Bob Smyth", "bob smith", "Zed"]) == {"Bob Smyth": ["Bob Smith"]}


# -- walk-ins --------------------------------------------------------------------------------
def test_a_walk_in_close_to_a_roster_name_is_asked_about_first(signed_in, club, organizer, players):
    services.player_get_or_create(club=club, name="Bob Smith")
    profile = RuleProfile.objects.create(club=club, name="R", options={})
    league = services.league_create(club=club, name="Walk", rule_profile=profile)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=1)
    url = reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk])
    form = open_form(signed_in, url).form(has="walk_ins")
    response = form.update(walk_ins="Bob Smyth").submit(signed_in)
    assert response.status_code == 400
    assert "Bob Smyth is close to Bob Smith on the roster" in response.content.decode()
    assert not Player.objects.filter(name="Bob Smyth").exists()
    # the page as re-rendered holds the box to add the walk-in as typed
    [asked] = [f for f in parse_forms(response.content.decode()) if "walk_ins_as_typed" in f]
    done = asked.update(walk_ins_as_typed="on").submit(signed_in, base_url=url)
    assert done.status_code == 302
    assert CheckIn.objects.filter(night=night, player__name="Bob Smyth").count() == 1


def test_a_players_email_member_and_active_flags_are_set_from_the_roster(signed_in, club, players):
    bo = players[1]
    form = open_form(signed_in, roster_url(club)).form(f"rename-{bo.pk}")
    assert form.value("active") == "on" and form.value("member") is None
    response = form.update(email="bo@example.org", member="on").unset("active").submit(signed_in)
    assert response.status_code == 302
    bo.refresh_from_db()
    assert (bo.name, bo.email, bo.member, bo.active) == ("Bo", "bo@example.org", True, False)
