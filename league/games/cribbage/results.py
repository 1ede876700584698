"""Result rows of a finished cribbage league game (docs/rules.md, "Cribbage", "These games in leagues").

Each player gets one row: points for and against, won, the league's game
points, the spread (``margin``) per the rules' variant, and skunks given or
taken, all from ``scoring.cribbage.game_outcome`` over the stored totals.
``league.services.results.results_sync`` is the only caller, so a cribbage
game gets rows only once it is finished and every deal is confirmed.
"""
from league.models import Game, Result
from scoring.cribbage import CribbageRules, game_outcome


def cribbage_result_rows(game: Game, night) -> list[Result]:
    """One :class:`Result` per player of the finished ``game``, not yet saved."""
    seats = {s.seat: s.player_id for s in game.seats.all()}
    totals = {s.side: s.total for s in game.sides.all()}
    outcome = game_outcome(CribbageRules.from_dict(game.rules), (totals[0], totals[1]))
    rows = []
    for p in (0, 1):
        other = 1 - p
        rows.append(Result(
            season_id=night.season_id, night_id=night.pk, game=game, player_id=seats[p], side=p,
            points_for=totals[p], points_against=totals[other], won=outcome.winner == p,
            game_points=outcome.game_points[p], margin=outcome.spread[p],
            skunks_given=int(outcome.skunk and outcome.winner == p),
            skunks_taken=int(outcome.skunk and outcome.loser == p),
            opponents=[seats[other]], partners=[],
        ))
    return rows
