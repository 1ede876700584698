"""A club's rule profile for partnership and three-handed Pinochle (docs/rules.md §5, §2).

Every choice marked **variant** in docs/rules.md §5 and §2 is a field of
:class:`PinochleRules`, with the default first. A game stores a copy of its
profile as JSON (:meth:`PinochleRules.as_dict`), so a later edit of the club's
profile never changes a finished game.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..cards import PINOCHLE, Deck
from ..errors import BidError, RulesError, ScoringError
from ..messages import gettext_noop as _
from .bid_values import DEFAULT_BID_VALUES, check_bid_table

SIDE_NAMES = ("N–S", "E–W")
"""Side 0 sits North and South, side 1 East and West (seat % 2)."""

PLAYER_NAMES = ("player 1", "player 2", "player 3")
"""Three-handed play: each player is a side of their own, 0, 1 and 2 (docs/rules.md §2)."""

THREE_HANDED = ("players", "settlement", "bid_values", "spades_double", "game_stake", "set_stake", "stakes_method")
"""Options of three-handed play; a partnership profile keeps their defaults and
:meth:`PinochleRules.as_dict` leaves them out, so its stored copy is unchanged."""

TRICK_TOTALS = {"A": 250, "A10": 25, "B": 250, "C": 250}
"""Trick points in one hand by counter scheme (docs/rules.md §5, "Tricks")."""

TRICK_STEPS = {"A": 10, "A10": 1, "B": 1, "C": 5}
"""Every trick count of a side is a multiple of this under the scheme."""

CHOICES = {
    "all_pass": ("redeal", "dealer_stuck"),
    "trick_scheme": ("A", "A10", "B", "C"),
    "meld_saved_by": ("points", "trick"),
    "throw_in_defenders": ("meld", "meld_plus_tricks", "nothing"),
    "double_arounds": ("x10", "x2"),
    "tie": ("bidder", "higher"),
    "passing": (0, 3, 4),
    "players": (4, 3),
    "stakes_method": ("direct", "pot"),
    "settlement": ("cutthroat", "auction"),
}
FLAGS = (
    "round_tricks",
    "bidder_needs_trick",
    "extra_card_marries",
    "must_bid_out",
    "negative_target_loses",
    "spades_double",
)
POSITIVE = ("target", "min_bid", "bid_increment")
MELD_VALUES = ("double_run", "double_pinochle")


def whole_number(value, field: str, error: type[ScoringError] = RulesError, what: str = ""):
    """``value`` if it is an ``int`` (not a ``bool``), else ``error`` naming ``field``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise error(
        field,
        _("%(what)s must be a whole number, not %(value)r"),
        what=what or field,
        value=value,
    )


def is_side(value, sides: int) -> bool:
    """``value`` is a side index: an ``int`` (not a ``bool``) from 0 to ``sides`` − 1."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < sides


def check_bidder(bidder, sides: int) -> None:
    """Raise ``BidError`` on field ``bidder`` unless it is a side or ``None`` (all passed)."""
    if bidder is not None and not is_side(bidder, sides):
        template = (
            _("bidder must be a side, 0 (N–S) or 1 (E–W), or empty when all passed; not %(value)r")
            if sides == 2
            else _("bidder must be a player, 0, 1 or 2, or empty when all passed; not %(value)r")
        )
        raise BidError("bidder", template, value=bidder)


@dataclass(frozen=True)
class PinochleRules:
    """Every variant of docs/rules.md §5; the defaults are the club defaults there.

    ``target``: game target (1500). ``min_bid``/``bid_increment``: 250 / 10.
    ``all_pass``: four passes redeal with no score, or the dealer is stuck.
    ``trick_scheme``: counter values A (A 10 K = 10), A10 (simplified: counters
    1 and meld ÷10), B (11/10/4/3/2) or C (10/10/5/5). ``round_tricks``: trick
    counts round to tens, 7 and up going up (the Thai FAQ, meant for B).
    ``meld_saved_by``: defenders keep their meld if they took trick points
    (the Chinese encyclopedia text) or any trick (the Chinese rules card); ``bidder_needs_trick``: the same rule
    applies to the bidders (the Chinese rules card). ``throw_in_defenders``: what defenders
    score on a throw-in. ``double_run``, ``double_arounds``,
    ``double_pinochle``, ``extra_card_marries``: meld values and composition.
    ``tie``: both sides at target on one hand, the bidders win or the higher
    total. ``must_bid_out``: only a side that bid and made can win.
    ``negative_target_loses``: a side at or below −target loses.
    ``passing``: cards passed between partners (shown on sheets only).

    Three-handed (docs/rules.md §2): ``players`` 4 (two partnerships) or 3 (each
    player a side, 0, 1, 2); ``settlement`` "cutthroat" (running totals per
    player) or "auction" (each hand paid in units, see
    :func:`~scoring.pinochle.auction.settle_hand`); ``bid_values``: the
    auction's table of (lowest bid, units) bands; ``spades_double``: a hand
    played in spades is paid double. Stakes of a cut-throat game to the
    target (the Thai three-player FAQ, see :mod:`~scoring.pinochle.stakes`):
    ``game_stake`` paid to the winner by each opponent, ``set_stake`` per set
    (one thrown in, two played and lost), both 0 (no stakes) by default;
    ``stakes_method`` "direct" (each opponent pays the winner) or "pot"
    (everyone antes and pays sets into a pot the winner takes). A partnership
    profile must keep the three-handed options at their defaults.
    """

    target: int = 1500
    min_bid: int = 250
    bid_increment: int = 10
    all_pass: str = "redeal"
    trick_scheme: str = "A"
    round_tricks: bool = False
    meld_saved_by: str = "points"
    bidder_needs_trick: bool = False
    throw_in_defenders: str = "meld"
    double_run: int = 1500
    double_arounds: str = "x10"
    double_pinochle: int = 300
    extra_card_marries: bool = False
    tie: str = "bidder"
    must_bid_out: bool = False
    negative_target_loses: bool = False
    passing: int = 0
    players: int = 4
    settlement: str = "cutthroat"
    bid_values: tuple[tuple[int, int], ...] = DEFAULT_BID_VALUES
    spades_double: bool = False
    game_stake: int = 0
    set_stake: int = 0
    stakes_method: str = "direct"

    def __post_init__(self):
        object.__setattr__(self, "bid_values", check_bid_table(self.bid_values))
        for name in POSITIVE:
            value = whole_number(getattr(self, name), name)
            if value <= 0:
                raise RulesError(
                    name, _("%(option)s must be a positive whole number, not %(value)d"),
                    option=name, value=value,
                )
        for name in MELD_VALUES:
            value = whole_number(getattr(self, name), name)
            if value <= 0 or value % 10:
                raise RulesError(
                    name,
                    _("%(option)s must be a positive multiple of 10 (e.g. %(examples)s), not %(value)d"),
                    option=name, value=value,
                    examples="1500, 300" if name == "double_run" else "300, 80",
                )
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if type(value) is not type(allowed[0]) or value not in allowed:
                raise RulesError(
                    name, _("%(option)s must be one of %(allowed)s, not %(value)r"),
                    option=name, value=value, allowed=", ".join(map(str, allowed)),
                )
        for name in FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    name, _("%(option)s must be true or false, not %(value)r"),
                    option=name, value=getattr(self, name),
                )
        if self.round_tricks and self.trick_scheme == "A10":
            raise RulesError(
                "round_tricks",
                _("round_tricks rounds to tens; scheme A10 counts 25 in all: "
                  "choose scheme A, B or C, or no rounding"),
            )
        self._check_three_handed()

    def _check_three_handed(self):
        for name in ("game_stake", "set_stake"):
            if whole_number(getattr(self, name), name) < 0:
                raise RulesError(name, _("%(option)s must be 0 (no stakes) or more, not %(value)d"),
                                 option=name, value=getattr(self, name))
        if self.players == 3:
            if self.settlement == "auction" and (self.game_stake or self.set_stake):
                raise RulesError(
                    "game_stake", _("game and set stakes are for cut-throat games to a target; auction "
                                    "settlement pays every hand: set them to 0, or choose cutthroat"),
                )
            return
        if self.settlement == "auction":
            raise RulesError(
                "settlement", _("auction settlement is three-handed: set players to 3, or choose cutthroat"),
            )
        for name in ("bid_values", "spades_double", "game_stake", "set_stake", "stakes_method"):
            if getattr(self, name) != _DEFAULTS[name]:
                raise RulesError(
                    name, _("%(option)s belongs to three-handed auction settlement: set players to 3"),
                    option=name,
                )

    @property
    def sides(self) -> int:
        """Number of sides: two partnerships, N–S (0) and E–W (1), or three players."""
        return 2 if self.players == 4 else 3

    @property
    def side_names(self) -> tuple[str, ...]:
        """:data:`SIDE_NAMES` for partnerships, :data:`PLAYER_NAMES` for three players."""
        return SIDE_NAMES if self.players == 4 else PLAYER_NAMES

    @property
    def deck(self) -> Deck:
        """The 48-card pinochle deck, two of each card (docs/rules.md §5)."""
        return PINOCHLE

    @property
    def bid_steps(self) -> tuple[tuple[int, int], ...]:
        """(from, step) pairs: bids run from ``min_bid`` by ``bid_increment``."""
        return ((self.min_bid, self.bid_increment),)

    @property
    def trick_total(self) -> int:
        """Trick points in a hand: 250, or 25 under the simplified scheme A10."""
        return TRICK_TOTALS[self.trick_scheme]

    @property
    def trick_step(self) -> int:
        """One side's trick points are a multiple of this (10 under A, 5 under C)."""
        return TRICK_STEPS[self.trick_scheme]

    @property
    def meld_scale(self) -> int:
        """Meld values are divided by this: 10 under scheme A10, else 1."""
        return 10 if self.trick_scheme == "A10" else 1

    @property
    def meld_step(self) -> int:
        """Every meld is a multiple of this: 10, or 1 under scheme A10."""
        return 10 // self.meld_scale

    @property
    def max_meld(self) -> int:
        """A sanity bound on one side's meld in one hand.

        The sum of each meld kind at its largest for one side (both partners):
        runs, two trump marriages, two dixes, every around doubled, two
        marriages in each other suit, double pinochle. No real hand reaches it
        (4820 under the defaults, 482 under A10); a bigger number is a typo.
        """
        around = (1000, 800, 600, 400) if self.double_arounds == "x10" else (200, 160, 120, 80)
        around = sum(max(double, 2 * single) for double, single in zip(around, (100, 80, 60, 40)))
        total = (
            max(self.double_run, 2 * 150) + 2 * 40 + 2 * 10
            + around + 3 * 2 * 20 + max(self.double_pinochle, 2 * 40)
        )
        return total // self.meld_scale

    @property
    def max_bid(self) -> int:
        """The highest bid a side could make: :attr:`max_meld` + :attr:`trick_total`."""
        return self.max_meld + self.trick_total

    def as_dict(self) -> dict:
        """Every field as a plain JSON-able dict, for storing a copy on a game.

        The three-handed options (:data:`THREE_HANDED`) are written only for a
        three-handed profile: a partnership profile always holds their
        defaults, and its stored copy reads exactly as it did before them.
        ``bid_values`` is written as a list of ``[bid, units]`` lists.
        """
        data = asdict(self)
        if self.players == 4:
            for name in THREE_HANDED:
                del data[name]
        else:
            data["bid_values"] = [list(band) for band in self.bid_values]
        return data

    @classmethod
    def from_dict(cls, data) -> "PinochleRules":
        """Rules from :meth:`as_dict` output; missing keys take the default.

        An unknown key raises :class:`~scoring.errors.RulesError` naming it, so
        a misspelt option is never silently dropped.
        """
        if not isinstance(data, dict):
            raise RulesError("rules", _("rules must be a dict of options, not %(value)r"), value=data)
        known = {f.name for f in fields(cls)}
        listed = known if data.get("players") == 3 else known - set(THREE_HANDED)
        for key in data:
            if key not in known:
                raise RulesError(
                    str(key), _("%(key)s is not a Pinochle rule option (known: %(known)s)"),
                    key=key, known=", ".join(sorted(listed)),
                )
        return cls(**data)


_DEFAULTS = {f.name: f.default for f in fields(PinochleRules)}

