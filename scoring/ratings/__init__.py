"""Player ratings from game results, with openskill's Plackett–Luce model.

Pure arithmetic: the caller passes the games in the order played, each as its
sides (the players of each side) and each side's rank (0 = first; equal ranks
are a draw), and the ratings the players start from. A partnership game rates
both partners from the side's result, as a team; a cut-throat or cribbage game
has one player a side. ``docs/ratings.md`` says what is rated and why.

The model's defaults are kept (mu 25, sigma 25/3, beta 25/6, tau 25/300), so
the numbers are the library's own and re-deriving gives identical ratings.
"""
from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma

#: The game families a player is rated in (a player has one rating per family).
PARTNERSHIP = "partnership"
THREE_HANDED = "three_handed"
CRIBBAGE = "cribbage"
RUMMY = "rummy"
FAMILIES = (PARTNERSHIP, THREE_HANDED, CRIBBAGE, RUMMY)


@dataclass(frozen=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate shown and ranked on: mu − 3·sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedGame:
    """One finished game: ``sides[i]`` are the player ids of side i, ``ranks[i]`` its place."""

    key: object
    sides: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class Step:
    """One player's rating before and after one game."""

    key: object
    player: int
    before: Rating
    after: Rating


def ranks_from(won: list[bool], points: list[int]) -> tuple[int, ...]:
    """Places of the sides: the winner first, the others by points (equal points share a place).

    A game ended by a hand limit without a winner ranks everyone by points."""
    order = sorted(set((not w, -p) for w, p in zip(won, points)))
    return tuple(order.index((not w, -p)) for w, p in zip(won, points))


def rate(games: list[RatedGame], start: dict[int, Rating] | None = None) -> tuple[dict[int, Rating], list[Step]]:
    """Rate ``games`` in the given order from ``start`` (a player not in it starts at the default).

    Returns every player's final rating and one :class:`Step` per player and game."""
    current = dict(start or {})
    steps: list[Step] = []
    for game in games:
        teams = [[MODEL.rating(mu=current.get(p, Rating()).mu, sigma=current.get(p, Rating()).sigma)
                  for p in side] for side in game.sides]
        rated = MODEL.rate(teams, ranks=list(game.ranks))
        for side, new in zip(game.sides, rated):
            for player, r in zip(side, new):
                after = Rating(r.mu, r.sigma)
                steps.append(Step(game.key, player, current.get(player, Rating()), after))
                current[player] = after
    return current, steps
