"""A kind module for tests/league/test_registry.py: registers one kind when imported,
as every module of ``settings.CLUBTALLY_GAME_KINDS`` does."""
from league.games.cribbage.kind import CribbageKind
from league.games.registry import register


class SampleKind(CribbageKind):
    code = "sample_game"
    label = "Sample game"
    site_order = 99
    blank_slug = "sample-game"


SAMPLE = register(SampleKind())
