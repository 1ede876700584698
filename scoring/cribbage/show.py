"""The show: scoring a cribbage hand or crib with the starter (docs/rules.md §6, from the Chinese cribbage text, §8.3).

Each combination to 15 scores 2; each pair 2 (three of a kind 6, four 12);
each distinct run of 3+ its length, so double runs count twice; a flush is 4
in hand (5 with the starter) but in the crib only the 5-card flush counts;
the jack of the starter's suit in hand or crib is "his nobs", 1. A = 1,
J Q K = 10; runs follow A 2 … K with the ace low only. A starter jack is his
heels (2 for the dealer at the cut), never part of the show.

Two independent computations live here: :func:`show_parts` counts fifteens,
pairs and runs arithmetically from rank numbers (cached: there are 6,188
multisets of five ranks), which gives :func:`score_show` its totals and the
discard helper its averages; :attr:`ShowScore.items` lists every scoring
combination (the spoken breakdown), enumerated only when it is read. The
tests check that the two agree on every part.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import combinations
from math import comb, prod
from typing import Iterable, NamedTuple

from ..cards import Card, parse_card
from ..errors import ScoringError
from ..messages import Message
from ..messages import gettext_noop as _

RANK_NUMBERS = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7,
    "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13,
}
IMPOSSIBLE_SHOW_TOTALS = frozenset({19, 25, 26, 27})
MAX_SHOW_TOTAL = 29
POSSIBLE_SHOW_TOTALS = frozenset(range(MAX_SHOW_TOTAL + 1)) - IMPOSSIBLE_SHOW_TOTALS


class CribbageError(ScoringError):
    """A cribbage input that the rules cannot score (cards, counts, deal totals)."""


def rank_number(card: Card) -> int:
    """The card's place in the run order A=1 … K=13 (ace low only)."""
    return RANK_NUMBERS[card.rank]


def pip_value(rank: int) -> int:
    """The counting value of a rank number: A = 1, 2–10 face, J Q K = 10."""
    return rank if rank < 10 else 10


# -- the arithmetic count -------------------------------------------------

@lru_cache(maxsize=None)
def show_parts(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """``(fifteens, pairs, runs)`` of cards given by rank numbers, suits aside.

    ``ranks`` must be sorted (the cache key). Works for any number of cards:
    five for a show, three for two discards with a starter (the discard
    helper). Fifteens are counted by subset sums, pairs as 2 per pair of
    equal ranks, runs as length × the product of the multiplicities of each
    maximal stretch of 3+ consecutive ranks.
    """
    ways = [1] + [0] * 15
    for rank in ranks:
        value = pip_value(rank)
        for total in range(15, value - 1, -1):
            ways[total] += ways[total - value]
    counts = Counter(ranks)
    pairs = sum(2 * comb(n, 2) for n in counts.values())
    runs = 0
    stretch: list[int] = []
    for rank in range(1, 15):
        if counts.get(rank):
            stretch.append(counts[rank])
            continue
        if len(stretch) >= 3:
            runs += len(stretch) * prod(stretch)
        stretch = []
    return 2 * ways[15], pairs, runs


@lru_cache(maxsize=None)
def rank_points(ranks: tuple[int, ...]) -> int:
    """Fifteens + pairs + runs of sorted rank numbers (:func:`show_parts` summed)."""
    return sum(show_parts(ranks))


def flush_points(hand_suits: Iterable[str], starter_suit: str, crib: bool = False) -> int:
    """4 when the four hand cards share a suit, 5 with the starter too; a crib needs all 5."""
    suits = set(hand_suits)
    if len(suits) != 1:
        return 0
    if starter_suit in suits:
        return 5
    return 0 if crib else 4


def nobs_point(hand: Iterable[Card], starter: Card) -> int:
    """1 when the hand (or crib) holds the jack of the starter's suit."""
    return int(any(c.rank == "J" and c.suit == starter.suit for c in hand))


# -- the spoken breakdown ---------------------------------------------------

FIFTEEN = _("fifteen")
PAIR = _("a pair")
PAIR_ROYAL = _("three of a kind")
DOUBLE_PAIR_ROYAL = _("four of a kind")
RUN = _("a run of %(length)d")
FLUSH = _("a flush of %(length)d")
NOBS = _("his nobs")

# Translators may use %(total)d instead of %(total_words)s.
_SPOKEN = {
    FIFTEEN: _("fifteen %(total_words)s"),
    PAIR: _("a pair is %(total_words)s"),
    PAIR_ROYAL: _("three of a kind is %(total_words)s"),
    DOUBLE_PAIR_ROYAL: _("four of a kind is %(total_words)s"),
    RUN: _("a run of %(length_words)s is %(total_words)s"),
    FLUSH: _("a flush of %(length_words)s is %(total_words)s"),
    NOBS: _("one for his nobs is %(total_words)s"),
}
NO_POINTS = _("no points")
_WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
).split()


def number_words(n: int) -> str:
    """English words for 0–99 (``23`` → ``"twenty-three"``): the English text
    of the spoken count. The numbers stay in each step's parameters, and the
    site respells ``*_words`` in the reader's language (league/number_words.py)."""
    if n <= 20:
        return _WORDS[n]
    tens = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
    word = tens[n // 10 - 2]
    return word if n % 10 == 0 else f"{word}-{_WORDS[n % 10]}"


class ShowItem(NamedTuple):
    """One scoring combination: its ``name`` (a Message), ``points`` and ``cards``."""

    name: Message
    points: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ShowScore:
    """The points of one show, by part; the combinations in ``items``.

    ``total`` = ``fifteens + pairs + runs + flush + nobs``; ``items`` are in
    the order a player counts aloud: fifteens, pairs, runs, flush, nobs,
    listed from ``hand`` (sorted) and ``starter`` when first read.
    """

    total: int
    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int
    hand: tuple[Card, ...] = field(default=(), repr=False)
    starter: Card | None = field(default=None, repr=False)

    @cached_property
    def items(self) -> tuple[ShowItem, ...]:
        """Every scoring combination, enumerated (independently of the totals)."""
        if self.starter is None:
            return ()
        hand, starter = self.hand, self.starter
        cards = tuple(sorted(hand + (starter,), key=_sort_key))
        items = _fifteens(cards) + _pairs(cards) + _runs(cards)
        if self.flush:
            items.append(ShowItem(Message(FLUSH, length=self.flush), self.flush, cards if self.flush == 5 else hand))
        if self.nobs:
            jack = next(c for c in hand if c.rank == "J" and c.suit == starter.suit)
            items.append(ShowItem(Message(NOBS), 1, (jack,)))
        return tuple(items)

    def spoken_steps(self) -> tuple[Message, ...]:
        """The running count, one Message per item ("fifteen two", "a pair is six")."""
        if not self.items:
            return (Message(NO_POINTS),)
        steps, running = [], 0
        for item in self.items:
            running += item.points
            length = len(item.cards)
            steps.append(Message(
                _SPOKEN[item.name.template], total=running, total_words=number_words(running),
                length=length, length_words=number_words(length),
            ))
        return tuple(steps)

    def spoken(self) -> str:
        """The running count as one line: "fifteen two, fifteen four, a pair is six".

        English text; a translated line joins the translated
        :meth:`spoken_steps`.
        """
        return ", ".join(self.spoken_steps())


def _sort_key(card: Card) -> tuple[int, str]:
    return rank_number(card), card.suit


def _fifteens(cards: tuple[Card, ...]) -> list[ShowItem]:
    return [
        ShowItem(Message(FIFTEEN), 2, combo)
        for size in range(2, 6)
        for combo in combinations(cards, size)
        if sum(pip_value(rank_number(c)) for c in combo) == 15
    ]


def _pairs(cards: tuple[Card, ...]) -> list[ShowItem]:
    names = {2: (PAIR, 2), 3: (PAIR_ROYAL, 6), 4: (DOUBLE_PAIR_ROYAL, 12)}
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(rank_number(card), []).append(card)
    return [
        ShowItem(Message(names[len(same)][0]), names[len(same)][1], tuple(same))
        for same in by_rank.values()
        if len(same) >= 2
    ]


def _runs(cards: tuple[Card, ...]) -> list[ShowItem]:
    for length in (5, 4, 3):
        found = []
        for combo in combinations(cards, length):
            ranks = sorted(rank_number(c) for c in combo)
            if len(set(ranks)) == length and ranks[-1] - ranks[0] == length - 1:
                found.append(ShowItem(Message(RUN, length=length), length, combo))
        if found:
            return found
    return []


def _split_codes(cards, field: str) -> tuple[Card, ...]:
    if isinstance(cards, (str, Card)):
        codes = [cards] if isinstance(cards, Card) else [c for c in re.split(r"[\s,;]+", cards) if c]
    else:
        codes = list(cards)
    return tuple(parse_card(c, field=field) for c in codes)


def parse_distinct(cards, *, size: int | None = None, field: str = "cards") -> tuple[Card, ...]:
    """Parse cards of a standard deck, refusing a card entered twice or the wrong count.

    Raises :class:`CribbageError` naming ``field``.
    """
    parsed = _split_codes(cards, field)
    if size is not None and len(parsed) != size:
        raise CribbageError(
            field, _("%(size)d cards are needed here; %(n)d were given"), size=size, n=len(parsed)
        )
    for card, n in Counter(parsed).items():
        if n > 1:
            raise CribbageError(field, _("%(card)s is entered twice"), card=card.code)
    return parsed


def parse_show(hand4, starter) -> tuple[tuple[Card, ...], Card]:
    """The four hand (or crib) cards and the starter, checked: no card twice."""
    hand = parse_distinct(hand4, size=4, field="hand")
    starter_cards = _split_codes(starter, "starter")
    if len(starter_cards) != 1:
        raise CribbageError(
            "starter", _("the starter is one card; %(n)d were given"), n=len(starter_cards)
        )
    (starter_card,) = starter_cards
    if starter_card in hand:
        raise CribbageError(
            "starter", _("the starter %(card)s is also in the hand"), card=starter_card.code
        )
    return hand, starter_card


def score_show(hand4, starter, crib: bool = False) -> ShowScore:
    """Score four hand (or crib, ``crib=True``) cards with the starter (docs/rules.md §6).

    Every combination to 15 (2 each), every pair (three of a kind 6, four
    12), every distinct run of 3+ (its length, so a double run of three is
    3 + 3 + the pair), the flush (4 in hand, 5 with the starter; the crib
    only 5) and his nobs (1). Cards are codes (``"5H 5C 5S JD"``) or
    :class:`~scoring.cards.Card`; raises :class:`CribbageError` for anything
    but 4 distinct cards and a starter not among them.
    """
    if (type(hand4) in (tuple, list) and len(hand4) == 4 and type(starter) is Card
            and all(type(c) is Card for c in hand4) and len({*hand4, starter}) == 5):
        hand, starter_card = tuple(hand4), starter  # cards already parsed: nothing to check but distinctness
    else:
        hand, starter_card = parse_show(hand4, starter)
    hand = tuple(sorted(hand, key=_sort_key))
    fifteens, pairs, runs = show_parts(tuple(sorted([RANK_NUMBERS[c.rank] for c in hand] +
                                                    [RANK_NUMBERS[starter_card.rank]])))
    suit = starter_card.suit
    first = hand[0].suit
    if hand[1].suit == first and hand[2].suit == first and hand[3].suit == first:
        flush = 5 if first == suit else (0 if crib else 4)
    else:
        flush = 0
    nobs = 1 if any(c.rank == "J" and c.suit == suit for c in hand) else 0
    return ShowScore(fifteens + pairs + runs + flush + nobs, fifteens, pairs, runs, flush, nobs, hand, starter_card)
