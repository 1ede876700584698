"""``manage.py rescore`` for every game kind: a corrupted stored number is
reported by ``--check`` (exit non-zero) and repaired by ``rescore``, the
league Result rows included."""
import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from league.models import GameSide, HandSide, Result

from django.urls import reverse

from .kind_cases import CODES, ENTRY, league_table
from .rendered_forms import open_form


def enter(game, fields):
    phone = Client()
    form = open_form(phone, reverse(game.kind.table_url, args=[game.access_token])).form(has="expected_number")
    assert form.update(**fields).submit(phone).status_code == 302


@pytest.fixture(params=CODES)
def table_game(request, club, players, organizer):
    game = league_table(request.param, club=club, players=players, organizer=organizer)
    enter(game, ENTRY[request.param])
    return game


def check(capsys):
    try:
        call_command("rescore", "--check")
    except CommandError as e:
        return False, capsys.readouterr().out, str(e)
    return True, capsys.readouterr().out, ""


def test_check_passes_on_stored_games_of_every_kind(table_game, capsys):
    ok, out, _ = check(capsys)
    assert ok, out


def test_a_corrupted_entry_total_is_reported_and_repaired(table_game, capsys):
    row = HandSide.objects.filter(hand__game=table_game).order_by("side").first()
    good = row.total
    HandSide.objects.filter(pk=row.pk).update(total=good + 7)
    ok, out, error = check(capsys)
    assert not ok and f"game {table_game.pk}" in out and f"total {good + 7} != {good}" in out
    assert error.endswith("difference(s) in 1 game(s)")
    call_command("rescore")
    assert HandSide.objects.get(pk=row.pk).total == good
    assert check(capsys)[0]


def test_a_corrupted_game_total_is_reported_and_repaired(table_game, capsys):
    side = GameSide.objects.get(game=table_game, side=0)
    GameSide.objects.filter(pk=side.pk).update(total=side.total - 3)
    ok, out, _ = check(capsys)
    assert not ok and f"{side.total - 3}" in out
    call_command("rescore")
    assert GameSide.objects.get(pk=side.pk).total == side.total


FINISH = {
    "partnership": {"bidder_seat": 0, "bid": 1300, "trump": "H", "meld_0": 1300, "meld_1": 0,
                    "tricks_0": 250, "tricks_1": 0},
    "three_handed": {"bidder_seat": 0, "bid": 1300, "trump": "H", "meld_0": 1300, "meld_1": 0, "meld_2": 0,
                     "tricks_0": 250, "tricks_1": 0, "tricks_2": 0},
}


@pytest.mark.parametrize("code", sorted(FINISH))
def test_a_corrupted_result_row_is_reported_and_repaired(code, club, players, organizer, capsys):
    game = league_table(code, club=club, players=players, organizer=organizer)
    enter(game, FINISH[code])
    game.refresh_from_db()
    assert game.is_finished
    row = Result.objects.filter(game=game).order_by("pk").first()
    Result.objects.filter(pk=row.pk).update(points_for=row.points_for + 1)
    ok, out, _ = check(capsys)
    assert not ok and f"points_for {row.points_for + 1} != {row.points_for}" in out
    call_command("rescore")
    assert Result.objects.filter(game=game, points_for=row.points_for + 1).count() == 0
    assert check(capsys)[0]


def test_a_missing_result_row_is_reported_and_rewritten(club, players, organizer, capsys):
    game = league_table("partnership", club=club, players=players, organizer=organizer)
    enter(game, FINISH["partnership"])
    count = Result.objects.filter(game=game).count()
    Result.objects.filter(game=game).first().delete()
    ok, out, _ = check(capsys)
    assert not ok and "missing" in out
    call_command("rescore")
    assert Result.objects.filter(game=game).count() == count == 4
