"""Season awards from stored numbers (docs/ratings.md §Awards): pure arithmetic.

Each award is an :class:`Award`: its value, who (a side of a game, or an
entrant) and the game it came from. Ties go to the earliest in the order
played (``order``: any sortable key, e.g. night date/round/table/game), so the
same stored numbers always give the same awards.

- **Highest hand**: the largest points a side scored on one hand.
- **Best bid made**: the highest bid its bidder made.
- **Biggest comeback**: the largest deficit a game's winner overcame: after
  some hand (or at the start) the winner trailed the best other side by that
  many points.
- **Most bids made**: the entrant who made the most bids in the season (the
  game is the one where the last of them was made).
- **Longest winning run**: the most games won in a row by one entrant in the
  order played (the game is the one that ended the run's last win).

Between entrants, a tie goes to whoever got there first, then to the lower entrant id.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping, Sequence

from .standings.rows import order_key


@dataclass(frozen=True)
class Award:
    key: str
    value: int
    game: Hashable
    side: int | None = None
    entrant: Hashable = None
    hand: int | None = None


@dataclass(frozen=True)
class HandScore:
    """One side's points on one hand; ``bid`` is set on the bidder's row when the bid was made."""

    order: tuple
    game: Hashable
    hand: int
    side: int
    points: int
    bid_made: int | None = None


@dataclass(frozen=True)
class FinishedGame:
    """A finished game: its winner and each side's running total after every hand."""

    order: tuple
    game: Hashable
    winner: int | None
    totals: Sequence[Sequence[int]]  # totals[h][side], after hand h+1


def deficit_overcome(totals: Sequence[Sequence[int]], winner: int | None) -> int:
    """The most the winner trailed the best other side after any hand (0 from the start, never below 0)."""
    if winner is None:
        return 0
    worst = 0
    for row in totals:
        others = [t for s, t in enumerate(row) if s != winner]
        if others:
            worst = max(worst, max(others) - row[winner])
    return worst


def longest_run(games: Iterable[tuple[tuple, Hashable, bool]]) -> tuple[int, Hashable, tuple | None]:
    """``(length, last game, its order)`` of the longest run of wins in ``(order, game, won)``
    (sorted here); the earliest run on a tie; ``(0, None, None)`` without a win."""
    best, best_game, best_order, run = 0, None, None, 0
    for order, game, won in sorted(games, key=lambda g: g[0]):
        run = run + 1 if won else 0
        if run > best:
            best, best_game, best_order = run, game, order
    return best, best_game, best_order


def first_max(items, value):
    """``(value, item)`` of the item with the largest ``value`` (> 0), earliest
    ``order`` on a tie (the first given on the same order); None when none is above 0."""
    best = None
    for item in items:
        v = value(item)
        if v > 0 and (best is None or v > best[0] or (v == best[0] and item.order < best[1].order)):
            best = (v, item)
    return best


def game_bests(hands: Iterable[HandScore]) -> tuple[HandScore | None, HandScore | None]:
    """One game's highest hand and best bid made, as :func:`season_awards` would
    choose them among that game's hands (the first hand and side on a tie)."""
    hands = list(hands)
    top = first_max(hands, lambda h: h.points)
    bid = first_max([h for h in hands if h.bid_made], lambda h: h.bid_made)
    return (top[1] if top else None), (bid[1] if bid else None)


def most_bids(entries: Iterable[tuple[Hashable, int, tuple, Hashable]]) -> Award | None:
    """The most bids made among ``(entrant, bids made, order of the last, its game)``:
    a tie goes to who reached that count first, then to the lower entrant id."""
    most = None
    for entrant, count, last_order, last_game in sorted(entries, key=lambda e: order_key(e[0])):
        if count and (most is None or (-count, last_order) < most[0]):
            most = ((-count, last_order), Award("most_bids", count, last_game, entrant=entrant))
    return most[1] if most else None


def winning_run(entries: Iterable[tuple[Hashable, int, tuple | None, Hashable]]) -> Award | None:
    """The longest winning run among ``(entrant, length, order of its last win, that game)``
    (:func:`longest_run` per entrant): a tie goes to the run that ended first, then
    to the lower entrant id."""
    run = None
    for entrant, length, order, game in sorted(entries, key=lambda e: order_key(e[0])):
        if length and (run is None or (-length, order) < run[0]):
            run = ((-length, order), Award("winning_run", length, game, entrant=entrant))
    return run[1] if run else None


def season_awards(hands: Iterable[HandScore], games: Iterable[FinishedGame],
                  bids_by_entrant: Mapping[Hashable, Sequence[tuple[tuple, Hashable]]],
                  results_by_entrant: Mapping[Hashable, Sequence[tuple[tuple, Hashable, bool]]]) -> list[Award]:
    """The five awards that exist (an award nobody earned is left out), in the order listed above.

    ``bids_by_entrant``: entrant -> ``(order, game)`` per bid made; ``results_by_entrant``:
    entrant -> ``(order, game, won)`` per finished game."""
    hands = list(hands)
    out = []
    top = first_max(hands, lambda h: h.points)
    if top:
        h = top[1]
        out.append(Award("highest_hand", h.points, h.game, side=h.side, hand=h.hand))
    top = first_max([h for h in hands if h.bid_made], lambda h: h.bid_made)
    if top:
        h = top[1]
        out.append(Award("best_bid", h.bid_made, h.game, side=h.side, hand=h.hand))
    top = first_max(list(games), lambda g: deficit_overcome(g.totals, g.winner))
    if top:
        out.append(Award("comeback", top[0], top[1].game, side=top[1].winner))
    most = most_bids((entrant, len(bids), *max(bids, key=lambda b: b[0]))
                     for entrant, bids in bids_by_entrant.items() if bids)
    if most:
        out.append(most)
    run = winning_run((entrant, *_run_entry(results)) for entrant, results in results_by_entrant.items())
    if run:
        out.append(run)
    return out


def _run_entry(results) -> tuple:
    length, game, order = longest_run(results)
    return length, order, game
