"""Management commands: the demo loads through the services; rescore proves the stored numbers."""
import pytest
from django.core.management import CommandError, call_command

from league.management.commands.load_demo import load_demo
from league.models import Club, Game, HandSide


@pytest.fixture
def demo(db):
    return load_demo()


def test_demo_has_eight_players_two_finished_games_and_one_in_progress(demo):
    assert demo.players.count() == 8
    casual = Game.objects.filter(table__isnull=True)
    assert casual.filter(status="finished").count() == 2
    assert casual.filter(status="in_progress").count() == 1


def test_demo_league_has_played_nights_and_standings(demo):
    from league.models import Result, Season
    from league.selectors.standings import standings

    season = Season.objects.get()
    assert season.nights.count() == 2
    assert Game.objects.filter(table__isnull=False, status="finished").count() == 6
    assert Result.objects.filter(season=season).count() == 24
    rows = standings(season).rows
    assert len(rows) == 8 and rows[0].rank == 1


def test_demo_game_where_both_sides_pass_1500_goes_to_the_bidders(demo):
    game = Game.objects.filter(status="finished", table__isnull=True).order_by("pk").first()
    assert [s.total for s in game.sides.order_by("side")] == [1690, 1500]
    assert game.winner_side == 1
    assert str(game.end_message) == "E–W reached 1500 and bid: E–W win although N–S have 1690"


def test_rescore_check_passes_on_consistent_data(demo, capsys):
    call_command("rescore", "--check")
    assert "checked 9 game(s): 0 difference(s)" in capsys.readouterr().out


def test_rescore_check_fails_on_a_tampered_total_and_rescore_repairs_it(demo, capsys):
    row = HandSide.objects.filter(hand__game__status="in_progress", hand__number=2, side=0).get()
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


def test_load_demo_if_empty_leaves_an_existing_club_alone(demo, capsys):
    call_command("load_demo", "--if-empty")
    assert Club.objects.count() == 1
    assert "Demo organizer login: organizer / clubtally-demo" in capsys.readouterr().out
