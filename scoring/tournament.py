"""A tournament's arithmetic (docs/rules.md §9): pure, no Django.

- :func:`qualifier_count`: how many entrants go on to the playoffs (one in
  four by default, any fraction rounded up, never up to a full bracket).
- :func:`bracket`: the first playoff round on the standard chart, byes to
  the highest qualifiers; :func:`advance`: the round after it.
- :func:`payouts`: a pot split by place in whole units, ties pooling the
  places they share; the side pools (skunk bank, high hand, ...) use it too.
- :func:`bye_score`: what a bye scores in a progressive event.
- :func:`forfeited_games`: games a late player forfeits.
- :func:`qualifying_order`: the qualifying standings (game points, then
  games won, then spread), the seeds they give, and :func:`final_ranks`:
  the event's places from the bracket and the qualifying order.
- :func:`match_winner`: who has won a best-of-N match, if anyone yet.

Seeds are whole numbers from 1 (the best qualifier). Every error names the
field and what would be valid, like the rest of ``scoring``.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil, floor
from numbers import Rational
from typing import Hashable, Sequence

from .errors import ScoringError
from .messages import gettext_noop as _, ngettext_noop

Pair = tuple[int, "int | None"]


class TournamentError(ScoringError):
    """An input a tournament's arithmetic cannot use."""


def qualifier_count(entrants: int, share: Fraction = Fraction(1, 4)) -> int:
    """The number of qualifiers: ``share`` of ``entrants``, any fraction rounded up.

    121 to 124 entrants give 31, 108 give 27, 60 give 15. The count is not
    rounded up to a full bracket: :func:`bracket` gives the missing places
    as byes. At least one entrant qualifies, never more than there are.
    """
    if not isinstance(entrants, int) or isinstance(entrants, bool) or entrants < 1:
        raise TournamentError("entrants", _("The number of entrants must be a whole number of at least 1."))
    share = Fraction(share)
    if not 0 < share <= 1:
        raise TournamentError("share", _("The share of qualifiers must be more than 0 and at most 1."))
    return max(1, ceil(entrants * share))


def bracket_size(qualifiers: int) -> int:
    """The smallest power of two that holds ``qualifiers`` (27 -> 32, 33 -> 64)."""
    _check_qualifiers(qualifiers)
    size = 1
    while size < qualifiers:
        size *= 2
    return size


def _chart(size: int) -> list[tuple[int, int]]:
    """The first round of a full bracket of ``size`` on the standard chart.

    Built from the final down: each match (a, b) of a round of n players is
    fed by the matches (a, 2n+1-a) and (b, 2n+1-b). The top seed's match
    lists its own feeder first; every other match lists the lower seed's
    feeder first, so seed 2 ends at the bottom. For 16 this is the chart's
    1-16, 8-9, 5-12, 4-13, 6-11, 3-14, 7-10, 2-15: every first-round pair
    sums to size+1, and seeds 1 and 2 can meet only in the final.
    """
    pairs = [(1, 2)]
    n = 2
    while n < size:
        n *= 2
        nxt = []
        for index, (high, low) in enumerate(pairs):
            feeders = [(high, n + 1 - high), (low, n + 1 - low)]
            nxt.extend(feeders if index == 0 else feeders[::-1])
        pairs = nxt
    return pairs


def bracket(qualifiers: int) -> list[Pair]:
    """The first playoff round as ``(high_seed, low_seed_or_None)`` pairs in bracket order.

    Pairs ``2i`` and ``2i+1`` meet in the next round. A bracket that is not
    full gives byes (``None``) to the highest qualifiers: 27 qualifiers in a
    32 bracket give seeds 1-5 a bye, 33 in a 64 give 31 byes, 15 in a 16 one.
    The second round is always full. A single qualifier is the champion: the
    round is ``[(1, None)]``.
    """
    size = bracket_size(qualifiers)
    if size == 1:
        return [(1, None)]
    return [(high, low if low <= qualifiers else None) for high, low in _chart(size)]


def advance(pairs: Sequence[Pair], winners: Sequence["int | None"]) -> list[tuple[int, int]]:
    """The next round: the winner of pair ``2i`` meets the winner of pair ``2i+1``.

    ``winners`` holds one seed per pair, in order; a bye's entry may be
    ``None`` (its player goes on). Each next pair is ``(better seed, other)``.
    After the final (a single pair) the list is empty.
    """
    if len(winners) != len(pairs):
        raise TournamentError(
            "winners",
            ngettext_noop(
                "Give one winner for the %(pairs)d match.",
                "Give one winner for each of the %(pairs)d matches.",
                "pairs",
            ),
            pairs=len(pairs),
        )
    if len(pairs) & (len(pairs) - 1):
        raise TournamentError("pairs", _("A round must hold a power of two matches."))
    through = []
    for number, ((high, low), winner) in enumerate(zip(pairs, winners), start=1):
        if low is None:
            if winner not in (None, high):
                raise TournamentError(
                    "winners", _("Match %(match)d is a bye: seed %(seed)d goes through."), match=number, seed=high
                )
            through.append(high)
        elif winner in (high, low):
            through.append(winner)
        else:
            raise TournamentError(
                "winners",
                _("The winner of match %(match)d must be seed %(high)d or seed %(low)d."),
                match=number, high=high, low=low,
            )
    if len(through) == 1:
        return []
    return [
        (min(a, b), max(a, b)) for a, b in zip(through[0::2], through[1::2])
    ]


def payouts(pot: int, shares: Sequence, unit: int, ranks: Sequence[int] | None = None) -> list[int]:
    """The pot paid out by place, in whole multiples of ``unit``.

    ``shares`` are the places' proportions (``[50, 30, 20]``: first gets 50
    parts of 100); each place's exact amount is ``pot * share / sum(shares)``.
    Without ``ranks`` the answer is one amount per place. With ``ranks`` (one
    competition rank per entrant, ``[1, 2, 2, 4]``) it is one amount per
    entrant, in the same order: entrants tied at a rank pool the places they
    cover (a tie for 2nd between two covers 2nd and 3rd) and split them
    equally; places past the last share pay nothing; places no entrant fills
    are not paid, the pot going to the filled places in their proportions.

    Rounding (largest remainder): every amount is its exact share rounded
    down to a multiple of ``unit``; the units left over go one each to the
    largest remainders, equal remainders to the better rank, then to the
    earlier in the list. So every amount is within one ``unit`` of its exact
    share and the amounts sum exactly to the pot.
    """
    if not isinstance(unit, int) or isinstance(unit, bool) or unit < 1:
        raise TournamentError("unit", _("The unit must be a whole number of at least 1."))
    if not isinstance(pot, int) or isinstance(pot, bool) or pot < 0 or pot % unit:
        raise TournamentError(
            "pot", _("The pot must be a whole number of at least 0 and a multiple of %(unit)d."), unit=unit
        )
    parts = [_share(value) for value in shares]
    if not parts or sum(parts) == 0:
        raise TournamentError("shares", _("Give at least one place a share above 0."))
    if ranks is None:
        return _largest_remainder(pot, unit, parts, list(range(len(parts))))
    ranks = list(ranks)
    _check_ranks(ranks)
    filled = parts[: len(ranks)]
    if sum(filled) == 0:
        return [0] * len(ranks)
    weights = []
    for rank in ranks:
        tied = ranks.count(rank)
        covered = filled[rank - 1: rank - 1 + tied]
        weights.append(Fraction(sum(covered)) / tied)
    return _largest_remainder(pot, unit, weights, ranks)


def _share(value) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, Rational) or value < 0:
        raise TournamentError("shares", _("Each share must be a whole number or fraction of at least 0."))
    return Fraction(value)


def _check_ranks(ranks: list[int]) -> None:
    ordered = sorted(ranks)
    valid = bool(ordered) and all(isinstance(r, int) and not isinstance(r, bool) for r in ordered)
    if valid:
        valid = ordered[0] == 1 and all(
            ordered[i] in (ordered[i - 1], i + 1) for i in range(1, len(ordered))
        )
    if not valid:
        raise TournamentError(
            "ranks",
            _("Ranks must run like 1, 2, 2, 4: a tie for a place takes the places after it."),
        )


def _largest_remainder(pot: int, unit: int, weights: Sequence[Fraction], order: Sequence[int]) -> list[int]:
    total = sum(weights)
    units = Fraction(pot, unit)
    exact = [units * w / total for w in weights]
    whole = [floor(x) for x in exact]
    left = int(units) - sum(whole)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - whole[i]), order[i], i))
    for i in by_remainder[:left]:
        whole[i] += 1
    return [w * unit for w in whole]


def bye_score(winners_points: Sequence[int]) -> int:
    """A bye's score in a progressive event: the average of the round's winners' points.

    Rounded to the nearest whole point, a half upwards (``[520, 515]`` gives 518).
    """
    points = list(winners_points)
    if not points or not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
        raise TournamentError("winners_points", _("A bye needs the points of at least one winner of its round."))
    mean = Fraction(sum(points), len(points))
    return floor(mean + Fraction(1, 2))


def forfeited_games(minutes_late: int, match_games: int) -> int:
    """Games a player forfeits by arriving ``minutes_late`` to a best-of-``match_games`` match.

    One game after five minutes and another every fifteen after that (5, 20,
    35, ... minutes), at most the games that lose the match.
    """
    if not isinstance(minutes_late, int) or isinstance(minutes_late, bool) or minutes_late < 0:
        raise TournamentError("minutes_late", _("Minutes late must be a whole number of at least 0."))
    if not isinstance(match_games, int) or isinstance(match_games, bool) or match_games < 1 or match_games % 2 == 0:
        raise TournamentError("match_games", _("A match is best of an odd number of games (1, 3, 5, ...)."))
    if minutes_late < 5:
        return 0
    return min(1 + (minutes_late - 5) // 15, match_games // 2 + 1)


def _check_qualifiers(qualifiers: int) -> None:
    if not isinstance(qualifiers, int) or isinstance(qualifiers, bool) or qualifiers < 1:
        raise TournamentError("qualifiers", _("The number of qualifiers must be a whole number of at least 1."))


@dataclass(frozen=True)
class QualifyingRecord:
    """An entrant's qualifying games: game points (cribbage: 2 a win, 3 a
    skunk; other games: 1 a win), games won and the spread (points for minus
    against, summed over the games)."""

    entrant: Hashable
    game_points: int = 0
    wins: int = 0
    spread: int = 0
    games: int = 0


def qualifying_order(records: Sequence[QualifyingRecord]) -> list[tuple[QualifyingRecord, int]]:
    """The qualifying standings: ``(record, rank)`` best first.

    Ranked on game points, then games won, then spread; entrants equal on all
    three share a competition rank (1, 2, 2, 4) and keep the order they were
    given in (the order of registration), which is also their seeding order:
    the list's position ``i`` is seed ``i + 1``.
    """
    key = lambda r: (-r.game_points, -r.wins, -r.spread)  # noqa: E731
    ordered = sorted(records, key=key)  # stable: equal records keep the given order
    out, rank = [], 0
    for i, record in enumerate(ordered):
        if i == 0 or key(record) != key(ordered[i - 1]):
            rank = i + 1
        out.append((record, rank))
    return out


def match_winner(wins: Sequence[int], best_of: int) -> "int | None":
    """The side that has won a best-of-``best_of`` match (more than half its
    games), or None while neither has. ``wins``: games won by each side."""
    if not isinstance(best_of, int) or isinstance(best_of, bool) or best_of < 1 or best_of % 2 == 0:
        raise TournamentError("match_games", _("A match is best of an odd number of games (1, 3, 5, ...)."))
    for side, won in enumerate(wins):
        if won > best_of // 2:
            return side
    return None


def final_ranks(bracket_rounds: int, eliminated: dict, qualifying: Sequence[tuple]) -> dict:
    """The event's places: ``{entrant: competition rank}``.

    ``eliminated`` maps each qualifier to the playoff round (1 for the first)
    in which they lost, or ``None`` for the champion; ``bracket_rounds`` is
    the number of rounds of the bracket. The champion is 1st, the loser of the
    final 2nd, the two losers of the semifinals share 3rd, the losers of the
    round before share 5th, and so on (a round of ``2k`` players ranks its
    losers ``k + 1``). The other entrants follow in qualifying order:
    ``qualifying`` is ``(entrant, rank)`` best first, as
    :func:`qualifying_order` gives it, qualifiers included (they are skipped);
    entrants who shared a qualifying rank share their place.
    """
    ranks = {}
    for entrant, lost_in in eliminated.items():
        ranks[entrant] = 1 if lost_in is None else 2 ** (bracket_rounds - lost_in) + 1
    # a first round with byes has fewer losers than places: count the ranks from the places taken
    first_at = {}
    for position, value in enumerate(sorted(ranks.values()), start=1):
        first_at.setdefault(value, position)
    ranks = {e: first_at[r] for e, r in ranks.items()}
    position, previous, shared = len(ranks), None, None
    for entrant, qualifying_rank in qualifying:
        if entrant in ranks:
            continue
        position += 1
        if qualifying_rank != previous:
            shared, previous = position, qualifying_rank
        ranks[entrant] = shared
    return ranks


@dataclass(frozen=True)
class Pace:
    """A round's pacing: the hands a table so far, the tables behind and an estimated end."""

    hands_per_table: Fraction
    behind: int
    estimated_end: "Fraction | None"  # minutes after the round's start, or None (no estimate)


def round_pace(hands: Sequence[int], finished: Sequence[bool], elapsed: Rational,
               minutes: "int | None" = None) -> Pace:
    """The pacing of a round under way from each table's hands entered and whether it has finished.

    - hands a table: the mean of every table's hands;
    - tables behind: tables still playing at least two hands under that mean;
    - the estimated end, in minutes after the start: each table still playing
      needs as many hands as the finished tables took on average (at least one
      more than it has), at its own pace so far (``elapsed`` minutes over its
      hands); the round ends with the last of them. Never after the time limit
      (``minutes``) when the round is timed; without a finished table (or with a
      table yet to enter its first hand) only the time limit gives one.
    """
    hands, finished = list(hands), list(finished)
    if len(hands) != len(finished) or not hands:
        raise TournamentError("hands", _("Give each table's hands and whether it has finished."))
    if any(not isinstance(h, int) or isinstance(h, bool) or h < 0 for h in hands):
        raise TournamentError("hands", _("Hands entered must be whole numbers of at least 0."))
    elapsed = Fraction(elapsed)
    if elapsed < 0:
        raise TournamentError("elapsed", _("The time since the start cannot be negative."))
    mean = Fraction(sum(hands), len(hands))
    playing = [h for h, done in zip(hands, finished) if not done]
    behind = sum(1 for h in playing if h <= mean - 2)
    done = [h for h, over in zip(hands, finished) if over]
    limit = Fraction(minutes) if minutes else None
    estimate = None
    if playing and done and all(playing) and elapsed > 0:
        needed = Fraction(sum(done), len(done))
        estimate = max(elapsed * max(needed, h + 1) / h for h in playing)
    if limit is not None and playing:
        estimate = limit if estimate is None else min(estimate, limit)
    return Pace(mean, behind, estimate if playing else None)
