"""Double-deck Pinochle: four players in partnership, 80 cards (docs/rules.md §1).

Deck A 10 K Q J, four of each card, 20 cards each. Counters A, 10, K are 1
point each and the last trick 2: 50 trick points in a hand. Bids go by 1 from
50 and by 5 from 60 (bradwilson.io, twrtimes.com, familyeducation.com). Meld
(:data:`DOUBLE_DECK_MELD`; familyeducation.com "Double-Deck Pinochle",
rarepike.com; runs and marriages also ehow.co.uk): single, double, triple and
quadruple runs 15/150/225/300, trump marriage 4, marriage 2, aces around
10/100/150/200, kings 8/80/120/160, queens 6/60/90/120, jacks 4/40/60/80,
pinochles 4/30/60/90; no dix (no nines). Scoring and game end are those of
§1 (:func:`~scoring.pinochle.hand.score_hand`, :func:`~scoring.pinochle.game.game_result`),
to 500 by default; clubs often show every score ×10 (``display_x10``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import Iterable

from ..cards import DOUBLE_DECK, SUITS, Card, Deck, parse_cards, parse_suit
from ..errors import RulesError
from ..options import options_from_dict
from ..messages import gettext_noop as _
from .items import MeldCount, MeldItem, make_item
from .rules import CHOICES, SIDE_NAMES, whole_number

RUN_RANKS = ("A", "10", "K", "Q", "J")
DOUBLE_DECK_MELD = {
    "run": (15, 150, 225, 300),
    "trump marriage": 4,
    "marriage": 2,
    "aces around": (10, 100, 150, 200),
    "kings around": (8, 80, 120, 160),
    "queens around": (6, 60, 90, 120),
    "jacks around": (4, 40, 60, 80),
    "pinochle": (4, 30, 60, 90),
}
"""Points for one, two, three or four of each meld (the table in docs/rules.md)."""

RUN_NAMES = (_("run in trump"), _("double run"), _("triple run"), _("quadruple run"))
AROUND_NAMES = {
    "A": (_("aces around"), _("double aces around"), _("triple aces around"), _("quadruple aces around")),
    "K": (_("kings around"), _("double kings around"), _("triple kings around"), _("quadruple kings around")),
    "Q": (_("queens around"), _("double queens around"), _("triple queens around"),
          _("quadruple queens around")),
    "J": (_("jacks around"), _("double jacks around"), _("triple jacks around"), _("quadruple jacks around")),
}
AROUND_KEYS = {"A": "aces around", "K": "kings around", "Q": "queens around", "J": "jacks around"}
PINOCHLE_NAMES = (_("pinochle"), _("double pinochle"), _("triple pinochle"), _("quadruple pinochle"))

OPTIONS = ("all_pass", "meld_saved_by", "throw_in_defenders", "tie", "passing")
FLAGS = ("bidder_needs_trick", "must_bid_out", "negative_target_loses", "display_x10")
POSITIVE = ("target", "min_bid", "bid_increment", "high_bids_from", "high_bid_increment")


@dataclass(frozen=True)
class DoubleDeckRules:
    """A club's double-deck profile (docs/rules.md §1); the §5 variants that apply keep their meaning.

    ``target`` 500; ``min_bid`` 50 by ``bid_increment`` 1 up to
    ``high_bids_from`` 60, then by ``high_bid_increment`` 5 (60, 65, 70, ...).
    ``display_x10``: the sheet shows every score ×10 (bid 65 as 650); the
    engine always counts in units. The trick scheme, rounding and meld values
    are fixed by the deck and have no options.
    """

    target: int = 500
    min_bid: int = 50
    bid_increment: int = 1
    high_bids_from: int = 60
    high_bid_increment: int = 5
    all_pass: str = "redeal"
    meld_saved_by: str = "points"
    bidder_needs_trick: bool = False
    throw_in_defenders: str = "meld"
    tie: str = "bidder"
    must_bid_out: bool = False
    negative_target_loses: bool = False
    passing: int = 0
    display_x10: bool = False

    players = 4
    sides = 2
    side_names = SIDE_NAMES
    trick_scheme = "double-deck"
    trick_total = 50
    trick_step = 1
    meld_step = 1
    meld_scale = 1
    round_tricks = False

    def __post_init__(self):
        for name in POSITIVE:
            if whole_number(getattr(self, name), name) <= 0:
                raise RulesError(
                    name, _("%(option)s must be a positive whole number, not %(value)d"),
                    option=name, value=getattr(self, name),
                )
        for name in OPTIONS:
            value, allowed = getattr(self, name), CHOICES[name]
            if type(value) is not type(allowed[0]) or value not in allowed:
                raise RulesError(
                    name, _("%(option)s must be one of %(allowed)s, not %(value)r"),
                    option=name, value=value, allowed=", ".join(map(str, allowed)),
                )
        for name in FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    name, _("%(option)s must be true or false, not %(value)r"), option=name, value=getattr(self, name),
                )
        if self.high_bids_from <= self.min_bid:
            raise RulesError(
                "high_bids_from", _("high_bids_from %(value)d must be above the minimum bid %(min)d"),
                value=self.high_bids_from, min=self.min_bid,
            )

    @property
    def deck(self) -> Deck:
        """80 cards: A 10 K Q J, four of each in every suit."""
        return DOUBLE_DECK

    @property
    def bid_steps(self) -> tuple[tuple[int, int], ...]:
        """Bids by ``bid_increment`` from ``min_bid``, by ``high_bid_increment`` from ``high_bids_from``."""
        return (self.min_bid, self.bid_increment), (self.high_bids_from, self.high_bid_increment)

    @property
    def max_meld(self) -> int:
        """A sanity bound on one side's meld: quadruple run 300, every around
        quadrupled 560, four marriages in each other suit 24, quadruple pinochle 90 = 974."""
        arounds = sum(DOUBLE_DECK_MELD[key][3] for key in AROUND_KEYS.values())
        marriages = 3 * 4 * DOUBLE_DECK_MELD["marriage"]
        return DOUBLE_DECK_MELD["run"][3] + arounds + marriages + DOUBLE_DECK_MELD["pinochle"][3]

    @property
    def max_bid(self) -> int:
        """:attr:`max_meld` + the 50 trick points."""
        return self.max_meld + self.trick_total

    def display(self, points: int) -> int:
        """``points`` as the sheet shows them: ×10 under ``display_x10``."""
        return points * 10 if self.display_x10 else points

    def as_dict(self) -> dict:
        """Every field as a plain JSON-able dict, for storing a copy on a game."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data) -> "DoubleDeckRules":
        """Rules from :meth:`as_dict` output; missing keys take the default, unknown keys raise."""
        return options_from_dict(cls, data, _("%(key)s is not a double-deck Pinochle rule option (known: %(known)s)"))


def count_double_deck_meld(
    cards: str | Iterable[str | Card], trump: str, rules: DoubleDeckRules = DoubleDeckRules()
) -> MeldCount:
    """Count ONE player's double-deck meld (docs/rules.md §1, :data:`DOUBLE_DECK_MELD`).

    Same classes as §1, a card never twice in one class: runs of trump
    (one to four of each A 10 K Q J) 15/150/225/300; trump marriages 4 each
    from the kings and queens the runs leave over; arounds by how many full
    sets of the rank are held; marriages 2 each in the other suits; pinochles
    (Q♠ + J♦) 4/30/60/90. A round house (a marriage in every suit with kings
    and queens around, 4 + 3×2 + 8 + 6 = 24) is the sum of its parts. Up to
    four copies of a card; a 9 or a fifth copy raises ``CardError``.
    """
    hand = Counter(parse_cards(cards, deck=DOUBLE_DECK, field="cards"))
    trump = parse_suit(trump, field="trump")
    items: list[MeldItem] = []
    run_cards = tuple(Card(rank, trump) for rank in RUN_RANKS)
    runs = min(hand[card] for card in run_cards)
    if runs:
        items.append(make_item(RUN_NAMES[runs - 1], DOUBLE_DECK_MELD["run"][runs - 1], run_cards * runs))
    king, queen = Card("K", trump), Card("Q", trump)
    for _n in range(min(hand[king], hand[queen]) - runs):
        items.append(make_item(_("trump marriage"), DOUBLE_DECK_MELD["trump marriage"], (king, queen)))
    for rank, key in AROUND_KEYS.items():
        around = tuple(Card(rank, suit) for suit in SUITS)
        sets = min(hand[card] for card in around)
        if sets:
            items.append(make_item(AROUND_NAMES[rank][sets - 1], DOUBLE_DECK_MELD[key][sets - 1], around * sets))
    for suit in SUITS:
        if suit != trump:
            for _n in range(min(hand[Card("K", suit)], hand[Card("Q", suit)])):
                items.append(make_item(_("marriage"), DOUBLE_DECK_MELD["marriage"], (Card("K", suit), Card("Q", suit))))
    pinochle = (Card("Q", "S"), Card("J", "D"))
    pinochles = min(hand[card] for card in pinochle)
    if pinochles:
        items.append(make_item(
            PINOCHLE_NAMES[pinochles - 1], DOUBLE_DECK_MELD["pinochle"][pinochles - 1], pinochle * pinochles,
        ))
    return MeldCount(sum(item.points for item in items), tuple(items))
