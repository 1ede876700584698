"""The game-kind registry (league/games/registry.py): kinds register themselves,
the setting lists their modules, an unknown game type is a clear error."""
import sys

import pytest

from league.games import registry
from league.games.cribbage.kind import CribbageKind
from league.models import Game, RuleProfile

SAMPLE_MODULE = "tests.league.registry_sample_kind"


class EuchreKind(CribbageKind):
    code = "euchre"
    label = "Euchre"
    site_order = 35  # between cribbage (30) and double-deck (40)
    blank_slug = "euchre"


@pytest.fixture
def euchre():
    kind = registry.register(EuchreKind())
    yield kind
    registry.unregister("euchre")


def test_a_registered_kind_is_found_by_code_slug_and_object(euchre):
    assert registry.kind_for("euchre") is euchre
    assert registry.kind_by_blank_slug("euchre") is euchre
    assert registry.kind_of(Game(game_type="euchre")) is euchre


def test_kinds_lists_a_registered_kind_in_its_site_order(euchre):
    # the built-in kinds with euchre among them; a kind the settings add (the test settings'
    # Toy Tally, site_order 90) comes after them
    assert [str(k.code) for k in registry.kinds()][:6] == [
        "partnership", "three_handed", "cribbage", "euchre", "double_deck", "rummy"]


def test_the_game_type_choices_follow_the_registry_without_a_migration(euchre):
    assert ("euchre", "Euchre") in Game._meta.get_field("game_type").choices
    assert ("euchre", "Euchre") in RuleProfile._meta.get_field("game_type").choices
    assert [c for c, _ in registry.game_type_choices()][3] == "euchre"


def test_an_unregistered_kind_is_gone(euchre):
    registry.unregister("euchre")
    try:
        assert "euchre" not in [str(k.code) for k in registry.kinds()]
        assert ("euchre", "Euchre") not in Game._meta.get_field("game_type").choices
        with pytest.raises(KeyError):
            registry.kind_for("euchre")
    finally:
        registry.register(euchre)  # for the fixture's unregister


def test_an_unknown_game_type_is_a_key_error_naming_it():
    with pytest.raises(KeyError, match="'whist'.*CLUBTALLY_GAME_KINDS"):
        registry.kind_for("whist")


def test_a_second_kind_with_a_taken_code_is_refused(euchre):
    with pytest.raises(ValueError, match="'euchre' is already registered"):
        registry.register(EuchreKind())
    assert registry.kind_for("euchre") is euchre


def test_registering_the_same_kind_twice_keeps_one(euchre):
    registry.register(euchre)
    assert [str(k.code) for k in registry.kinds()].count("euchre") == 1


def test_a_kind_without_a_code_is_refused():
    class Nameless(CribbageKind):
        code = ""

    with pytest.raises(ValueError, match="has no code"):
        registry.register(Nameless())


def test_a_module_the_setting_lists_is_loaded_and_registers_its_kind(settings):
    settings.CLUBTALLY_GAME_KINDS = [*settings.CLUBTALLY_GAME_KINDS, SAMPLE_MODULE]
    sys.modules.pop(SAMPLE_MODULE, None)
    with pytest.raises(KeyError):
        registry.kind_for("sample_game")
    try:
        registry.autodiscover()
        assert registry.kind_for("sample_game").label == "Sample game"
        assert str(registry.kinds()[-1].code) == "sample_game"
    finally:
        registry.unregister("sample_game")
        sys.modules.pop(SAMPLE_MODULE, None)


def test_the_default_setting_lists_the_built_in_kinds_modules():
    from config.settings import base  # the test settings add the test-only Toy Tally after them

    assert list(base.CLUBTALLY_GAME_KINDS) == list(registry.DEFAULT_KIND_MODULES)
