"""The game-kind registry is the only list of game types: no code outside
``league/games`` compares a game-type string or names a ``GameType`` member."""
import re
from pathlib import Path

import pytest

from league.games import kind_for, kind_of, kinds
from league.models import GameType

PARTNERSHIP, THREE_HANDED, CRIBBAGE, DOUBLE_DECK, RUMMY = (
    kind_for(code) for code in ("partnership", "three_handed", "cribbage", "double_deck", "rummy"))

ROOT = Path(__file__).resolve().parents[2]
CODES = "partnership|cribbage|three_handed|double_deck|rummy"
PYTHON = re.compile(
    r"GameType\.(PARTNERSHIP|CRIBBAGE|THREE_HANDED|DOUBLE_DECK|RUMMY)"  # a member named outside the registry
    rf"|(==|!=|\bin\b)\s*\(?\s*[\"']({CODES})[\"']"  # == "cribbage", in ("rummy", ...)
    rf"|[\"']({CODES})[\"']\s*(==|!=|\bin\b)"  # "cribbage" == x
    r"|\bis_(cribbage|rummy)\b|PINOCHLE_GAMES|INDIVIDUAL_GAMES|GAME_PAGES|SEAT_COUNT\b|PROFILE_FORMS|\bLAYOUTS\b"
    # stand-ins for a game: a seat count compared, a rules class tested, a second list of games
    r"|\bseats\s*(==|!=)\s*\d|isinstance\([^)]*Rules\b|\bRatingFamily\b|\bCOMEBACK_TYPES\b|\bPINOCHLE_HANDS\b"
    r"|\bFAMILY_OF\b|\bTYPES_OF\b|\b(PARTNERSHIP|THREE_HANDED|CRIBBAGE|DOUBLE_DECK|RUMMY)\.code\b"
)
TEMPLATE = re.compile(rf"game_type\s*(==|!=)|[\"']({CODES})[\"']\s*(==|!=)|(==|!=)\s*[\"']({CODES})[\"']")
ALLOWED = {"league/models/rules.py"}  # where GameType itself is defined


def _sources():
    for path in sorted((ROOT / "league").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("league/games/") or "/migrations/" in rel or rel in ALLOWED:
            continue
        yield rel, path, PYTHON
    for path in sorted((ROOT / "templates").rglob("*.html")):
        yield path.relative_to(ROOT).as_posix(), path, TEMPLATE


def test_no_game_type_comparison_outside_the_registry():
    found = [f"{rel}:{n}: {line.strip()}"
             for rel, path, pattern in _sources()
             for n, line in enumerate(path.read_text().splitlines(), start=1) if pattern.search(line)]
    assert found == []


def test_the_grep_catches_a_comparison():
    assert PYTHON.search('if game.game_type == "cribbage":')
    assert PYTHON.search("if game.game_type in ('rummy', 'cribbage'):")
    assert PYTHON.search("x = GameType.RUMMY")
    assert TEMPLATE.search('{% if game.game_type == "rummy" %}')
    assert not PYTHON.search("if game.kind.has_partners:")


@pytest.mark.parametrize("line", [
    "if len(seated) == 3 and kind.seats != 3:",
    "return seat % 2 if kind_for(game_type).seats == 4 else seat",
    "if isinstance(rules, CribbageRules):",
    "family = RatingFamily.PARTNERSHIP",
    "hand__game__game_type__in=COMEBACK_TYPES",
    "FAMILY_OF = {str(k.code): k.rating_family for k in kinds()}",
    "game_type: str = PARTNERSHIP.code,",
])
def test_the_grep_catches_a_stand_in_for_a_game(line):
    assert PYTHON.search(line)


@pytest.mark.parametrize("line", [
    "if len(seated) != kind.seats:",
    "return seat % 2 if kind_for(game_type).has_partners else seat",
    "return kind_for_rules(rules).rules_summary(rules)",
])
def test_the_grep_lets_the_kind_answer(line):
    assert not PYTHON.search(line)


def test_the_registry_has_one_kind_per_game_type_in_the_sites_order():
    # the built-in five first; a kind the settings add (the test settings' Toy Tally) after them
    assert [str(k.code) for k in kinds()][:5] == ["partnership", "three_handed", "cribbage", "double_deck", "rummy"]
    assert {str(k.code) for k in kinds()[:5]} == set(GameType.values)
    assert [kind_for(t) for t in GameType.values] == [PARTNERSHIP, CRIBBAGE, THREE_HANDED, DOUBLE_DECK, RUMMY]


def test_an_unknown_game_type_has_no_kind():
    with pytest.raises(KeyError):
        kind_for("whist")


@pytest.mark.parametrize("kind, seats, sides, partners, individual, noun", [
    (PARTNERSHIP, 4, 2, True, False, "3 hands"),
    (THREE_HANDED, 3, 3, False, True, "3 hands"),
    (CRIBBAGE, 2, 2, False, True, "3 deals"),
    (DOUBLE_DECK, 4, 2, True, False, "3 hands"),
    (RUMMY, 4, 2, True, False, "3 rounds"),
])
def test_each_kind_says_its_seats_sides_and_noun(kind, seats, sides, partners, individual, noun):
    assert (kind.seats, kind.sides, kind.has_partners, kind.individual, kind.entries(3)) == (
        seats, sides, partners, individual, noun)
    assert kind.entries(1) == noun.replace("3", "1")[:-1]


@pytest.mark.parametrize("kind", kinds(), ids=str)
def test_each_kind_names_its_rules_forms_and_sheets(kind):
    rules = kind.default_rules()
    assert isinstance(rules, kind.rules_class())
    assert kind.rules_from(rules.as_dict()) == rules
    assert kind.profile_form().game_type == kind.code
    assert kind.sheet_layout().seats == kind.seats
    assert kind.blank_family().partners == kind.has_partners


def test_three_handed_rules_always_have_three_players():
    assert THREE_HANDED.rules_from({}).sides == 3 and PARTNERSHIP.rules_from({}).sides == 2


def test_a_game_and_a_profile_know_their_kind(game, club):
    from league.models import RuleProfile

    profile = RuleProfile.objects.create(club=club, name="c", game_type=GameType.CRIBBAGE, options={})
    assert game.kind is PARTNERSHIP and kind_of(game) is PARTNERSHIP and profile.kind is CRIBBAGE
