"""Helpers for the event tests: a cribbage event and games played to a chosen result."""
import datetime

from league import services
from league.games.cribbage.inputs import CribbageDealInput
from league.models import RuleProfile
from league.services import tournaments


def crib_event(club, organizer, names, **options):
    profile = RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    event = tournaments.tournament_create(club=club, name="Winter Open", date=datetime.date(2026, 12, 5),
                                          rule_profile=profile, by=organizer, **options)
    for name in names:
        tournaments.entrant_register(tournament=event, name=name)
    return event


def play_crib(game, winner: int, loser_points: int, by):
    """Deal until side ``winner`` reaches 121 (20 pegged a deal) while the loser pegs (15 a deal) up to ``loser_points``."""
    totals = [0, 0]
    while totals[winner] < 121:
        add_w = min(20, 121 - totals[winner])
        add_l = min(15, loser_points - totals[1 - winner])
        pegging = [0, 0]
        pegging[winner], pegging[1 - winner] = add_w, add_l
        services.entry_record(game=game, by=by, inputs=CribbageDealInput(
            pegging=tuple(pegging), pone_hand=0, dealer_hand=0, crib=0))
        totals[winner] += add_w
        totals[1 - winner] += add_l
    game.refresh_from_db()
    assert game.is_finished, game
    return game
