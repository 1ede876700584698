"""Per-game results and the per-entrant rows that standings rank.

An *entrant* is whatever a standing ranks: a team (fixed partnerships) or a
player (progressive pinochle, where each player is credited with the score of
the side they played on; cribbage; cut-throat). docs/rules.md §7.

:class:`GameRecord` is one entrant's result in one game; :func:`aggregate`
folds records into one :class:`StandingRow` per entrant. The ``league`` layer
may instead build :class:`StandingRow` directly from an aggregate query: every
derived statistic (losses, differential, percentages, nights) is a property
computed from the stored totals, so both paths give the same numbers.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Hashable, Iterable, Mapping

from ..errors import ScoringError
from ..messages import gettext_noop as _


class StandingsError(ScoringError):
    """Results or a precedence that standings cannot rank."""


@dataclass(frozen=True)
class GameRecord:
    """One entrant's result in one finished game.

    ``bid_taken``/``bid_made`` count the hands in that game on which the entrant
    (its side) took the bid and made it. ``game_points`` are league game points
    (cribbage: win 2, skunk 3, ...); ``margin`` is the signed spread of this game
    (positive for a win, negative for a loss). ``opponents`` are the entrants
    played against; a won game counts one head-to-head win over each of them.
    ``skunks_given``/``skunks_taken`` count the skunks (cribbage: a double
    skunk is a skunk too) the entrant gave or took in that game.
    """

    entrant: Hashable
    game_id: Hashable
    night_id: Hashable
    points_for: int
    points_against: int
    won: bool
    bid_taken: int = 0
    bid_made: int = 0
    game_points: int = 0
    margin: int = 0
    opponents: tuple = ()
    skunks_given: int = 0
    skunks_taken: int = 0


def order_key(value) -> tuple:
    """A total order over mixed entrant/night ids: numbers, then text, then the rest."""
    if isinstance(value, bool):
        return (2, repr(value))
    if isinstance(value, (int, float)):
        return (0, value)
    if isinstance(value, str):
        return (1, value)
    return (2, repr(value))


@dataclass(frozen=True)
class StandingRow:
    """One entrant's season (or night) totals, the input of :func:`rank`.

    ``night_points`` holds ``(night_id, points)`` per night attended, for
    "best N of M nights"; ``head_to_head`` holds ``(opponent, wins)`` for every
    opponent met (wins may be 0). ``rating`` (the entrant's rating, a team's
    the mean of its players') and ``handicap`` (points a game) are filled by the
    league layer when the season ranks on them (docs/ratings.md). Percentages are fractions in 0..1, and 0.0
    when there is nothing to divide by (no games, no bids taken).
    """

    entrant: Hashable
    games: int = 0
    wins: int = 0
    points_for: int = 0
    points_against: int = 0
    bids_taken: int = 0
    bids_made: int = 0
    game_points: int = 0
    spread: int = 0
    night_points: tuple = ()
    head_to_head: tuple = ()
    name: str = ""
    skunks_given: int = 0
    skunks_taken: int = 0
    rating: float = 0.0
    handicap: int = 0

    @property
    def handicapped_points(self) -> int:
        """Points plus the season handicap once per game (docs/ratings.md); raw points unchanged."""
        return self.points_for + self.handicap * self.games

    @property
    def losses(self) -> int:
        """Games not won."""
        return self.games - self.wins

    @property
    def points(self) -> int:
        """Total points scored (the "points" metric)."""
        return self.points_for

    @property
    def differential(self) -> int:
        """Points for minus points against."""
        return self.points_for - self.points_against

    @property
    def win_pct(self) -> float:
        """Wins over games, 0..1 (0.0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def bids_made_pct(self) -> float:
        """Bids made over bids taken, 0..1 (0.0 if no bid was taken)."""
        return self.bids_made / self.bids_taken if self.bids_taken else 0.0

    @property
    def nights(self) -> int:
        """Nights attended: nights with at least one game."""
        return len(self.night_points)

    def best_nights(self, n: int) -> int:
        """Sum of the entrant's ``n`` best nights' points (fewer if fewer attended)."""
        return sum(sorted((p for _night, p in self.night_points), reverse=True)[:n])

    def wins_against(self, opponent) -> int:
        """Games won against ``opponent``."""
        for other, wins in self.head_to_head:
            if other == opponent:
                return wins
        return 0

    @property
    def sort_key(self) -> tuple:
        """Stable order for rows that share a rank: name (case-blind), then entrant."""
        return (self.name.casefold(), order_key(self.entrant))


def aggregate(
    records: Iterable[GameRecord], *, names: Mapping | None = None
) -> tuple[StandingRow, ...]:
    """Fold per-game results into one :class:`StandingRow` per entrant (docs/rules.md §7).

    Sums points for and against, wins, bids taken and made, game points,
    margins (spread) and skunks given and taken; groups points by night (nights attended, best N of M);
    counts wins over each opponent for head-to-head. Raises
    :class:`StandingsError` (field ``records``) for a second result of the same
    entrant in the same game, or bids made above bids taken. Rows come out in
    entrant order; ``names`` (entrant → display name) only labels them.
    """
    names = names or {}
    seen: set = set()
    totals: dict = defaultdict(lambda: defaultdict(int))
    nights: dict = defaultdict(lambda: defaultdict(int))
    h2h: dict = defaultdict(lambda: defaultdict(int))
    for rec in records:
        key = (rec.entrant, rec.game_id)
        if key in seen:
            raise StandingsError(
                "records",
                _("%(entrant)s has two results for game %(game)s; "
                  "each entrant has one result per game"),
                entrant=rec.entrant, game=rec.game_id,
            )
        seen.add(key)
        if not 0 <= rec.bid_made <= rec.bid_taken:
            raise StandingsError(
                "records",
                _("%(entrant)s made %(made)s bids of %(taken)s taken in game %(game)s; "
                  "bids made must be between 0 and bids taken"),
                entrant=rec.entrant, made=rec.bid_made, taken=rec.bid_taken,
                game=rec.game_id,
            )
        t = totals[rec.entrant]
        t["games"] += 1
        t["wins"] += bool(rec.won)
        t["points_for"] += rec.points_for
        t["points_against"] += rec.points_against
        t["bids_taken"] += rec.bid_taken
        t["bids_made"] += rec.bid_made
        t["game_points"] += rec.game_points
        t["spread"] += rec.margin
        t["skunks_given"] += rec.skunks_given
        t["skunks_taken"] += rec.skunks_taken
        nights[rec.entrant][rec.night_id] += rec.points_for
        for opponent in rec.opponents:
            h2h[rec.entrant][opponent] += bool(rec.won)
    return tuple(
        StandingRow(
            entrant=entrant,
            **totals[entrant],
            night_points=_sorted_items(nights[entrant]),
            head_to_head=_sorted_items(h2h[entrant]),
            name=str(names.get(entrant, "")),
        )
        for entrant in sorted(totals, key=order_key)
    )


def _sorted_items(counts: Mapping) -> tuple:
    return tuple(sorted(counts.items(), key=lambda item: order_key(item[0])))
