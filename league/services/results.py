"""Per-game results for standings, written in the transaction that finishes a game.

A league game's result rows are rewritten whenever its ending changes (a hand
entered, edited, confirmed or deleted): finished with every hand confirmed →
one row per entrant (a team in a
fixed-partnership league, else each player, credited with the side's score);
reopened → no rows. Byes scored "the night's average" are re-derived for the
night at the same time. Standings read only these rows.

Every function here that writes Result rows gives the season a fresh
``results_version`` in the same transaction: cached standings are keyed on
it (``league.selectors.standings``), so they can never outlive the rows they
were computed from. In the same transaction, under a lock on the season's
row, the rows removed and written are applied to the entrants' figures
and the game's (``league.services.figures``), which the standings, player
and season pages read.
"""
from django.db.models import Avg

from league.models import Game, HandKind, HandStatus, League, LeagueFormat, Result, Season
from league.models.season import new_results_version

from .figures import FIELDS as FIGURE_FIELDS, figures_apply, game_figures_sync, result_values, season_lock
from .ratings import ratings_sync

SEATS_PER_SIDE = {0: (0, 2), 1: (1, 3)}


def _night(game: Game):
    table = game.table
    return table.round.night if table is not None else None


def results_sync(game: Game, *, current: bool = False) -> None:
    """Rewrite ``game``'s result rows (and the night's average byes) from its stored numbers.

    ``current``: ``game`` is the instance the caller locked (read with
    ``select_related("table__round__night__season__league")``) and has just
    saved, so it is not read again."""
    if game.table_id is None:
        return
    if not current:
        game = Game.objects.select_related("table__round__night__season__league").get(pk=game.pk)
    night = _night(game)
    season_lock(night.season_id)
    removed = list(Result.objects.filter(game=game).values(*FIGURE_FIELDS))
    had_rows = Result.objects.filter(game=game).delete()[0] > 0
    has_rows = game.is_finished and not game.hands.exclude(status=HandStatus.CONFIRMED).exists()
    added = result_values(Result.objects.bulk_create(_rows(game, night))) if has_rows else []
    game_figures_sync(game, night, bool(added))
    ratings_sync(game, night, had_rows=had_rows, has_rows=has_rows)
    if night.season.league.bye_scoring == League.ByeScoring.AVERAGE:
        byes_removed, byes_added = _byes_rewrite(night)
        removed, added = removed + byes_removed, added + byes_added
    figures_apply(night.season_id, removed, added)
    results_changed(night.season_id)


def results_changed(season_id: int) -> None:
    """Give the season a new results version (call in the transaction that wrote its results)."""
    Season.objects.filter(pk=season_id).update(results_version=new_results_version())


def _rows(game: Game, night) -> list[Result]:
    """The rows of the game's kind (``GameKind.result_rows``)."""
    return game.kind.result_rows(game, night)


def partnership_rows(game: Game, night) -> list[Result]:
    """Two sides of partners (partnership, double-deck, rummy): one row per
    team in a fixed-partnership league, else one per player."""
    league = night.season.league
    seats = {s.seat: s.player_id for s in game.seats.all()}
    sides = {s.side: s for s in game.sides.all()}
    meld, best, bids = _tallies(game, sides=(0, 1), seats=seats)
    common = {"season_id": night.season_id, "night_id": night.pk, "game": game}
    rows = []
    for s in (0, 1):
        other = 1 - s
        values = {
            "side": s, "points_for": sides[s].total, "points_against": sides[other].total,
            "won": game.winner_side == s, "meld": meld[s], "best_hand": best[s],
            "margin": sides[s].total - sides[other].total,
        }
        if league.format == LeagueFormat.FIXED:
            taken, made, sets = (sum(bids[seat][i] for seat in SEATS_PER_SIDE[s]) for i in range(3))
            rows.append(Result(
                team_id=sides[s].team_id, opponents=[sides[other].team_id], partners=[],
                bids_taken=taken, bids_made=made, sets=sets, **common, **values,
            ))
            continue
        for seat in SEATS_PER_SIDE[s]:
            partner = SEATS_PER_SIDE[s][1] if seat == SEATS_PER_SIDE[s][0] else SEATS_PER_SIDE[s][0]
            taken, made, sets = bids[seat]
            rows.append(Result(
                player_id=seats[seat], partners=[seats[partner]],
                opponents=[seats[o] for o in SEATS_PER_SIDE[other]],
                bids_taken=taken, bids_made=made, sets=sets, **common, **values,
            ))
    return rows


def _tallies(game: Game, *, sides, seats) -> tuple[dict, dict, dict]:
    """From the stored hands: each side's counted meld and best hand (its
    highest delta, never below 0), and each seat's bids ``[taken, made, set]``
    (a hand all passed has no bidder)."""
    meld, best = {s: 0 for s in sides}, {s: 0 for s in sides}
    bids = {seat: [0, 0, 0] for seat in seats}
    for hand in game.hands.prefetch_related("side_rows"):
        for row in hand.side_rows.all():
            meld[row.side] += row.counted_meld
            best[row.side] = max(best[row.side], row.delta)
        if hand.kind == HandKind.PASSED or hand.bidder_seat is None:
            continue
        bids[hand.bidder_seat][0] += 1
        bids[hand.bidder_seat][1 if hand.made else 2] += 1
    return meld, best, bids


def cutthroat_rows(game: Game, night) -> list[Result]:
    """A three-handed (cut-throat) game: one row per player, every player a
    side of their own. ``points_against`` is the best of the two opponents'
    totals, so the margin is the lead over the runner-up for the winner and
    the gap to the leader for the others (docs/rules.md, "Leagues")."""
    seats = {s.seat: s.player_id for s in game.seats.all()}
    totals = {s.side: s.total for s in game.sides.all()}
    meld, best, bids = _tallies(game, sides=seats, seats=seats)
    rows = []
    for seat, player in sorted(seats.items()):
        others = [o for o in seats if o != seat]
        against = max(totals[o] for o in others)
        taken, made, sets = bids[seat]
        rows.append(Result(
            season_id=night.season_id, night_id=night.pk, game=game, player_id=player, side=seat,
            points_for=totals[seat], points_against=against, margin=totals[seat] - against,
            won=game.winner_side == seat, meld=meld[seat], best_hand=best[seat],
            partners=[], opponents=[seats[o] for o in others],
            bids_taken=taken, bids_made=made, sets=sets,
        ))
    return rows


def byes_sync(night) -> None:
    """Byes scored as the night's average: each entrant sitting out a round is
    credited with the average points of the night's finished game results."""
    season_lock(night.season_id)
    figures_apply(night.season_id, *_byes_rewrite(night))
    results_changed(night.season_id)


def _byes_rewrite(night) -> tuple[list[dict], list[dict]]:
    """Rewrite the night's byes; returns the rows removed and written (for the figures)."""
    byes = Result.objects.filter(night=night, bye=True)
    removed = list(byes.values(*FIGURE_FIELDS))
    byes.delete()
    average = Result.objects.filter(night=night, bye=False).aggregate(avg=Avg("points_for"))["avg"]
    if average is None:
        return removed, []
    fixed = night.season.league.format == LeagueFormat.FIXED
    rows = []
    for rnd in night.round_set.all():
        for entrant in rnd.sitting_out:
            key = {"team_id": entrant} if fixed else {"player_id": entrant}
            rows.append(Result(
                season_id=night.season_id, night=night, bye=True, points_for=round(average), **key,
            ))
    return removed, result_values(Result.objects.bulk_create(rows))
