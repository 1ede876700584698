"""Management commands: the demo loads through the services; rescore proves the stored numbers."""
import pytest
from django.core.management import CommandError, call_command

from league.games import kind_for
from league.models import Club, Game, HandSide, League
from tests.league.kind_cases import BUILT_IN

PARTNERSHIP = kind_for("partnership")


@pytest.fixture
def demo(db, demo_club_for_module):
    """The demo club, loaded once for this module (tests/conftest.py): each
    test sees it as ``load_demo`` wrote it, whatever the test before changed."""
    return Club.objects.get(pk=demo_club_for_module.pk)


def test_demo_has_eight_players_two_finished_games_and_one_in_progress(demo):
    assert demo.players.count() == 8
    casual = Game.objects.filter(table__isnull=True, tournament_match__isnull=True, game_type=PARTNERSHIP.code)
    assert casual.filter(status="finished").count() == 2
    assert casual.filter(status="in_progress").count() == 1


def test_demo_league_has_played_nights_and_standings(demo):
    from league.models import Result, Season
    from league.selectors.standings import standings

    season = Season.objects.get(league__name="Thursday Progressive")
    assert season.nights.count() == 2
    assert Game.objects.filter(table__round__night__season=season, status="finished").count() == 6
    assert Result.objects.filter(season=season).count() == 24
    rows = standings(season).rows
    assert len(rows) == 8 and rows[0].rank == 1


def test_demo_game_where_both_sides_pass_1500_goes_to_the_bidders(demo):
    game = Game.objects.filter(status="finished", table__isnull=True).order_by("pk").first()
    assert [s.total for s in game.sides.order_by("side")] == [1690, 1500]
    assert game.winner_side == 1
    assert str(game.end_message) == "E–W reached 1500 and bid: E–W win although N–S have 1690"


def test_demo_has_a_finished_cribbage_event_with_a_bye_and_a_pinochle_event_in_progress_linked_from_home(
        demo, client):
    from django.urls import reverse

    from league.models import Tournament
    from league.selectors.tournaments import event_view

    crib = Tournament.objects.get(name="Winter Cribbage Open")
    view = event_view(crib)
    first = view.bracket_rounds[0][1]
    assert crib.status == "finished" and view.qualifiers == 3  # 8 entrants, one in three, rounded up
    assert [[ms.seed for ms in state.sides] for state in first] == [[1], [2, 3]]  # the top seed's bye
    assert sum(amount for _rank, _e, amount in view.prize_table) == 160 and view.champion is not None
    pinochle = Tournament.objects.get(name="Progressive Pinochle Night")
    assert pinochle.status == "playing" and pinochle.stages.get().round_set.count() == 3
    home = client.get(reverse("league:home")).content.decode()
    for event in (crib, pinochle):
        assert reverse("league:tournament", args=[demo.slug, event.slug]) in home
    game = Game.objects.filter(tournament_match__match__round__stage__tournament=pinochle).first()
    page = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert reverse("league:tournament", args=[demo.slug, pinochle.slug]) in page


def test_rescore_check_passes_on_consistent_data(demo, capsys):
    call_command("rescore", "--check")
    # 27 casual and league games, and the events' 20: 12 + 2 of the cribbage event, 6 of the Pinochle one
    assert "checked 47 game(s): 0 difference(s)" in capsys.readouterr().out


def test_rescore_check_fails_on_a_tampered_total_and_rescore_repairs_it(demo, capsys):
    row = HandSide.objects.filter(hand__game__status="in_progress", hand__game__table__isnull=True,
                                  hand__game__tournament_match__isnull=True,
                                  hand__game__game_type=PARTNERSHIP.code, hand__number=2, side=0).get()
    row.total += 10
    row.save()
    with pytest.raises(CommandError, match="1 difference"):
        call_command("rescore", "--check")
    out = capsys.readouterr().out
    assert f"game {row.hand.game_id} hand 2 side 0: total 500 != 490" in out
    call_command("rescore")
    call_command("rescore", "--check")
    row.refresh_from_db()
    assert row.total == 490


@pytest.mark.parametrize("kind", BUILT_IN, ids=str)
def test_demo_has_a_finished_and_an_unfinished_casual_game_of_every_kind(demo, kind):
    casual = Game.objects.filter(table__isnull=True, game_type=kind.code)
    assert casual.filter(status="finished").exists() and casual.filter(status="in_progress").exists()


def test_demo_has_a_league_of_every_kind_and_one_members_only(demo):
    leagues = League.objects.select_related("rule_profile")
    assert {str(lg.rule_profile.game_type) for lg in leagues} == {str(k.code) for k in BUILT_IN}
    assert [lg.name for lg in leagues.filter(is_public=False)] == ["Cribbage Ladder"]
    for league in leagues:
        assert Game.objects.filter(table__round__night__season__league=league).exists(), league.name


@pytest.mark.parametrize("kind", BUILT_IN, ids=str)
def test_every_demo_season_has_finished_games_and_standings_with_a_winner(demo, kind):
    from league.models import Season
    from league.selectors.standings import standings

    for season in Season.objects.filter(league__rule_profile__game_type=kind.code):
        games = Game.objects.filter(table__round__night__season=season)
        finished = games.filter(status="finished")
        assert finished.exists() and not finished.filter(winner_side__isnull=True).exists(), season
        rows = standings(season).rows
        assert rows and rows[0].rank == 1 and all(r.row.games >= 1 for r in rows), season
        assert sum(r.row.wins for r in rows) >= finished.count(), season


def test_the_demo_seasons_each_finish_every_game_of_their_first_night(demo):
    from league.models import Season

    first_nights = [s.nights.order_by("date").first() for s in Season.objects.order_by("pk")]
    assert len(first_nights) == 5
    for night in first_nights:
        games = Game.objects.filter(table__round__night=night)
        assert games.count() >= 2 and games.exclude(status="finished").count() == 0, night


def test_demo_pages_of_every_kind_render(demo, client):
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="organizer"))  # the cribbage ladder is members-only
    for game in Game.objects.all():
        assert client.get(f"/g/{game.public_id}/", follow=True).status_code == 200, game.game_type


def test_load_demo_if_empty_leaves_an_existing_club_alone(demo, capsys):
    call_command("load_demo", "--if-empty")
    assert Club.objects.count() == 1
    assert "Demo organizer login: organizer / clubtally-demo" in capsys.readouterr().out
