"""One league table of each game kind, and what its entry form is filled with.

Shared by the tests that go through the pages as rendered: each case says
which fields make a valid first entry and which change makes a correction.
"""
import datetime
import importlib

from league import services
from league.games import kind_for, kinds
from league.models import Game, LeagueFormat, Night, RuleProfile

D = datetime.date

ENTRY = {
    "partnership": {"bidder_seat": 0, "bid": 300, "trump": "H", "meld_0": 150, "meld_1": 60,
                    "tricks_0": 170, "tricks_1": 80},
    "double_deck": {"bidder_seat": 0, "bid": 50, "trump": "H", "meld_0": 20, "meld_1": 10,
                    "tricks_0": 30, "tricks_1": 20},
    "three_handed": {"bidder_seat": 0, "bid": 300, "trump": "H", "meld_0": 150, "meld_1": 40, "meld_2": 20,
                     "tricks_0": 170, "tricks_1": 50, "tricks_2": 30},
    "cribbage": {"pegging_0": 2, "pegging_1": 3, "pone_hand": 4, "dealer_hand": 6, "crib": 2},
    "rummy": {"t0_cards_left": 85, "t1_melds_on_table": 200, "t1_going_out": "on"},
}
"""A valid first entry of each kind, as typed into its rendered form."""

CHANGE = {
    "partnership": {"tricks_0": 160, "tricks_1": 90},
    "double_deck": {"tricks_0": 25, "tricks_1": 25},
    "three_handed": {"tricks_0": 160, "tricks_1": 60},
    "cribbage": {"crib": 4},
    "rummy": {"t0_cards_left": 80},
}
"""A correction of that entry."""


def brought(kind, name):
    """A kind outside ``league`` (the test-only Toy Tally) brings its cases beside it, in ``cases.py``."""
    module = type(kind).__module__.rsplit(".", 1)[0] + ".cases"
    return getattr(importlib.import_module(module), name)


for _kind in kinds():
    if str(_kind.code) not in ENTRY:
        ENTRY[str(_kind.code)] = brought(_kind, "ENTRY")
        CHANGE[str(_kind.code)] = brought(_kind, "CHANGE")

CODES = [str(k.code) for k in kinds()]
BUILT_IN = [k for k in kinds() if type(k).__module__.startswith("league.")]
"""The kinds of league/games/ (the demo holds these; the test settings add the test-only Toy Tally)."""


def league_table(code, *, club, players, organizer) -> Game:
    """A game at a league table of the kind ``code``, seated through the services."""
    kind = kind_for(code)
    profile = RuleProfile.objects.create(club=club, name=f"{code} rules", game_type=kind.code, options={})
    league = services.league_create(
        club=club, name=f"{code} league", rule_profile=profile,
        format=LeagueFormat.INDIVIDUAL if kind.individual else LeagueFormat.PROGRESSIVE)
    season = services.season_create(league=league, name="S", starts_on=D(2026, 9, 1), ends_on=D(2026, 12, 1))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=1)
    services.night_check_in(night=night, players=players[:kind.seats])
    rnd = services.round_seat(night=night, by=organizer)
    return Game.objects.get(table__round=rnd)


def lock(game):
    """Lock the game's night (the locking rules are tested elsewhere)."""
    Night.objects.filter(pk=game.table.round.night_id).update(status=Night.Status.LOCKED)
