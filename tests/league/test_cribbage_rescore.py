"""``manage.py rescore`` re-derives cribbage games through ``play_deal`` too."""
import pytest
from django.core.management import CommandError, call_command

from league.models import HandSide
from league.games.cribbage.services import cribbage_game_create
from league.games.cribbage.inputs import CribbageDealInput
from league.services.workflow import entry_record

from .test_cribbage_services import PONE_OUT, TO_100_112, totals


@pytest.fixture
def finished(club, players, organizer):
    game = cribbage_game_create(club=club, players=players[:2], by=organizer)
    for d in TO_100_112 + [PONE_OUT]:
        entry_record(game=game, by=organizer, inputs=CribbageDealInput(**d))
    return game


def test_rescore_check_passes_on_a_consistent_cribbage_game(finished, capsys):
    call_command("rescore", "--check")
    assert "checked 1 game(s): 0 difference(s)" in capsys.readouterr().out


def test_rescore_reports_and_fixes_a_tampered_deal(finished, capsys):
    HandSide.objects.filter(hand__game=finished, hand__number=5, side=1).update(total=120, delta=8)
    finished.sides.filter(side=1).update(total=120, won=False)
    with pytest.raises(CommandError, match="3 difference"):
        call_command("rescore", "--check")
    out = capsys.readouterr().out
    assert f"game {finished.pk} deal 5 player 1: delta 8 != 9" in out
    assert f"game {finished.pk} deal 5 player 1: total 120 != 121" in out
    assert f"game {finished.pk} player 1: total 120 won False != 121 True" in out
    call_command("rescore")
    assert totals(finished) == (102, 121)
    assert [s.won for s in finished.sides.order_by("side")] == [False, True]
