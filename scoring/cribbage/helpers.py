"""Advice for players: which two cards to lay away, what a card pegs now.

These are conveniences for the score pad, not rules: they apply the show
(:mod:`.show`) and the play (:mod:`.pegging`) to choices a player faces
(docs/rules.md §6).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from ..cards import STANDARD, Card
from ..messages import gettext_noop as _
from .pegging import MAX_COUNT, last_play_points, parse_plays
from .show import CribbageError, parse_distinct, pip_value, rank_number, rank_points

_DECK = STANDARD.cards()


@dataclass(frozen=True)
class DiscardOption:
    """Keeping ``keep`` and laying ``discard`` away, with its average points.

    ``average_hand`` is the mean show of ``keep`` over the 46 starters the
    player cannot see; ``average_crib`` the mean points the two discards make
    in the crib with the starter; ``expected`` is hand + crib for the dealer
    (his crib) and hand − crib for the pone (the dealer's crib).
    """

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    average_hand: float
    average_crib: float
    expected: float


def _starters_by_rank(six: tuple[Card, ...]) -> tuple[list[int], Counter]:
    """How many unseen starters there are of each rank (index 1–13) and of each suit."""
    by_rank = [0] + [4] * 13
    for card in six:
        by_rank[rank_number(card)] -= 1
    by_suit = Counter({suit: 13 for suit in "SHDC"})
    by_suit.subtract(card.suit for card in six)
    return by_rank, by_suit


def _average_hand(keep, by_rank, by_suit, unseen: int) -> float:
    ranks = [rank_number(c) for c in keep]
    total = sum(
        n * rank_points(tuple(sorted(ranks + [r]))) for r, n in enumerate(by_rank) if r and n
    )
    suits = {c.suit for c in keep}
    if len(suits) == 1:
        (suit,) = suits
        total += 4 * unseen + by_suit[suit]
    total += sum(by_suit[c.suit] for c in keep if c.rank == "J")
    return total / unseen


def _average_crib(discard, by_rank, by_suit, unseen: int) -> float:
    ranks = [rank_number(c) for c in discard]
    total = sum(
        n * rank_points(tuple(sorted(ranks + [r]))) for r, n in enumerate(by_rank) if r and n
    )
    total += sum(by_suit[c.suit] for c in discard if c.rank == "J")
    return total / unseen


def discard_options(six_cards, dealer: bool) -> tuple[DiscardOption, ...]:
    """The 15 ways to lay two of six cards away, best ``expected`` first.

    ``average_hand``: the show of the kept four (fifteens, pairs, runs,
    flush, nobs) averaged over the 46 starters not among the six.
    ``average_crib``: what the two discards score in the crib together with
    the starter alone — fifteens, a pair or three of a kind, a run of three,
    and nobs when a discard is the jack of the starter's suit — averaged over
    the same 46 starters. It ignores the two cards the opponent lays away
    (unknown here), so it understates a real crib. ``expected`` adds it for
    the dealer and subtracts it for the pone. Ties keep the input order.
    """
    six = parse_distinct(six_cards, size=6, field="cards")
    by_rank, by_suit = _starters_by_rank(six)
    unseen = len(_DECK) - len(six)
    options = []
    for discard in combinations(six, 2):
        keep = tuple(c for c in six if c not in discard)
        hand = _average_hand(keep, by_rank, by_suit, unseen)
        crib = _average_crib(discard, by_rank, by_suit, unseen)
        options.append(DiscardOption(keep, discard, hand, crib, hand + crib if dealer else hand - crib))
    return tuple(sorted(options, key=lambda o: -o.expected))


@dataclass(frozen=True)
class PeggingAdvice:
    """The ``count`` so far and ``(card, points)`` for each card that may be laid now.

    ``options`` is empty when no card fits under 31: the player says "go".
    """

    count: int
    options: tuple[tuple[Card, int], ...]

    @property
    def go(self) -> bool:
        return not self.options


def pegging_advice(played, hand) -> PeggingAdvice:
    """What each card in ``hand`` would peg if laid on the count ``played`` now.

    ``played`` is the current count's plays in order (cards or bare ranks,
    checked as in :func:`~.pegging.peg_points`, field ``"played"``); ``hand``
    the player's remaining cards (at most 4). Points are 15/31, pairs and runs
    as :func:`~.pegging.peg_points` scores them; the go point is not included,
    since it depends on what the opponent holds.
    """
    plays = parse_plays(played, field="played")
    cards = parse_distinct(hand, field="hand")
    if len(cards) > 4:
        raise CribbageError("hand", _("a hand holds at most 4 cards; %(n)d given"), n=len(cards))
    played_cards = {card for _rank, card in plays if card is not None}
    ranks = [rank for rank, _card in plays]
    in_sight = Counter(ranks)
    for card in cards:
        if card in played_cards:
            raise CribbageError("hand", _("%(card)s has already been played"), card=card.code)
        in_sight[rank_number(card)] += 1
        if in_sight[rank_number(card)] > 4:
            raise CribbageError("hand", _("more than 4 cards of rank %(rank)s"), rank=card.rank)
    count = sum(pip_value(rank) for rank in ranks)
    options = tuple(
        (card, last_play_points(ranks + [rank_number(card)], count + pip_value(rank_number(card))))
        for card in cards
        if count + pip_value(rank_number(card)) <= MAX_COUNT
    )
    return PeggingAdvice(count, options)
