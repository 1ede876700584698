"""A club's profile for the rummy-style "Pinochle" with wild cards (docs/rules.md, "Rummy-style Pinochle").

Every number the Thai text gives is a default here; the few it leaves out or
contradicts are options, each documented in docs/rules.md.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

from ..errors import RulesError
from ..options import options_from_dict
from ..messages import gettext_noop as _

TEAM_NAMES = ("team 1", "team 2")
"""The two partnerships, 0 and 1."""

NON_NEGATIVE = (
    "barbele_penalty", "going_out_bonus", "clean_run_bonus", "semi_clean_run_bonus", "dirty_run_bonus",
    "face_up_bonus", "pinochle_set_value", "full_straight_value",
)
FLAGS = ("barbele_penalty_each",)
POSITIVE = ("target", "barbele_at", "barbele_minimum")


@dataclass(frozen=True)
class RummyRules:
    """Options of the rummy-style game (the Thai rummy text; docs/rules.md).

    ``target`` 1500: the first team at or over it after a round wins.
    ``rounds_limit``: ``None``, or e.g. 8 for the variant "highest total
    after 8 rounds". Barbele: a team whose total is ``barbele_at`` (750) or
    more at the end of a round needs ``barbele_minimum`` (70) in its first
    meld of each round; a failed opening costs ``barbele_penalty`` (50).
    ``going_out_bonus`` 20 for going out other than by folding the hand.
    ``clean_run_bonus``, ``semi_clean_run_bonus``, ``dirty_run_bonus``: per
    run of each kind on the table; the Thai text names the kinds but gives no
    value, so they are 0 until the club sets them. ``jack_value``: the Thai text
    lists the jack at 15 and again among K…8 at 10; 10 by default.

    ``face_up_bonus`` 50: the card laid face up at the deal "has a bonus of
    50 points", for the team whose player takes it. ``pinochle_set_value``
    1500: the "Pinochle", eleven cards of one rank (wilds among them) laid
    down at once; the Thai text gives no value, 1500 is the Spanish Pinacle
    rules' value for one formed in play (acanomas.com "Pinacle").
    ``full_straight_value`` 100: twelve cards in sequence in one suit; no
    source gives a bonus, so by default it is worth its natural cards
    A…3 (15 + 6×10 + 5×5). Both are scored apart from the ordinary melds,
    outside the going-out multiplier. ``barbele_penalty_each`` (on): every
    failed barbele opening of a round costs the penalty; off, one per round.
    """

    target: int = 1500
    rounds_limit: int | None = None
    barbele_at: int = 750
    barbele_minimum: int = 70
    barbele_penalty: int = 50
    going_out_bonus: int = 20
    clean_run_bonus: int = 0
    semi_clean_run_bonus: int = 0
    dirty_run_bonus: int = 0
    jack_value: int = 10
    face_up_bonus: int = 50
    pinochle_set_value: int = 1500
    full_straight_value: int = 100
    barbele_penalty_each: bool = True

    def __post_init__(self):
        for name in POSITIVE + NON_NEGATIVE:
            value, least = getattr(self, name), 0 if name in NON_NEGATIVE else 1
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise RulesError(
                    name, _("%(option)s must be a whole number of %(least)d or more, not %(value)r"),
                    option=name, least=least, value=value,
                )
        limit = self.rounds_limit
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
            raise RulesError(
                "rounds_limit", _("rounds_limit must be empty or a number of rounds, 1 or more (e.g. 8), not %(value)r"),
                value=limit,
            )
        for name in FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(name, _("%(option)s must be true or false, not %(value)r"),
                                 option=name, value=getattr(self, name))
        if self.jack_value not in (10, 15) or isinstance(self.jack_value, bool):
            raise RulesError("jack_value", _("jack_value must be 10 or 15, not %(value)r"), value=self.jack_value)

    def as_dict(self) -> dict:
        """Every field as a plain JSON-able dict, for storing a copy on a game."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data) -> "RummyRules":
        """Rules from :meth:`as_dict` output; missing keys take the default, unknown keys raise."""
        return options_from_dict(cls, data, _("%(key)s is not a rummy rule option (known: %(known)s)"))
