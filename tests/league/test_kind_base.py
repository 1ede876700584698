"""The base every game kind derives from (league/games/base.py) fails loudly:
what every game must answer is abstract, so a kind that forgets one cannot be
made, let alone registered, instead of behaving like partnership Pinochle."""
import pytest

from league.games import kinds
from league.games.base import GameKind
from league.games.cribbage.kind import CribbageKind
from league.games.pinochle.kind import PinochleKind

REQUIRED = {
    "rules_class", "profile_form", "sheet_layout", "blank_family", "board", "entry_form", "entry_form_class",
    "new_entry_initial", "counter_initial", "entry_input", "new_game_form", "game_sheet_layout", "entry_hooks",
    "result_rows", "rules_summary",
}


def test_the_members_every_game_must_answer_are_abstract():
    assert GameKind.__abstractmethods__ == REQUIRED


def test_the_base_itself_is_no_kind():
    with pytest.raises(TypeError, match="abstract"):
        GameKind()


@pytest.mark.parametrize("forgotten", sorted(REQUIRED))
def test_a_kind_that_forgets_a_required_member_cannot_be_made(forgotten):
    """Every required member but one, given: making the kind names the one forgotten."""
    given = {name: (lambda self, *a, **k: None) for name in REQUIRED - {forgotten}}
    Forgetful = type("Forgetful", (GameKind,), {"code": "forgetful", **given})
    with pytest.raises(TypeError, match=forgotten):
        Forgetful()


def test_a_kind_answering_every_required_member_can_be_made():
    Complete = type("Complete", (GameKind,), {"code": "complete", **{n: (lambda self: None) for n in REQUIRED}})
    assert Complete().code == "complete"


def test_a_cribbage_like_kind_does_not_fall_back_on_pinochle():
    """Cribbage answers every required member itself: none is inherited from the Pinochle family."""
    assert not issubclass(CribbageKind, PinochleKind)
    assert all(getattr(CribbageKind, name) is not getattr(PinochleKind, name) for name in REQUIRED)


@pytest.mark.parametrize("kind", kinds(), ids=str)
def test_each_registered_kind_answers_every_required_member(kind):
    assert not type(kind).__abstractmethods__


def test_the_pinochle_family_shares_one_base():
    assert {str(k.code) for k in kinds() if isinstance(k, PinochleKind)} == {"partnership", "three_handed", "double_deck"}
