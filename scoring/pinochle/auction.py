"""Auction settlement of three-handed Pinochle (docs/rules.md §2, the Thai FAQ).

No running totals: each hand is paid in units between the three players.
The bid is worth :func:`~scoring.pinochle.bid_values.bid_units` units of the
profile's ``bid_values`` table, doubled when spades are trump under
``spades_double`` (not for a hand thrown in, which is paid once: Scarne's
ruling, poker.tj "Auction Pinochle with widow"). Made: each opponent pays the
bidder the value. Thrown in before play: the bidder pays each opponent the
value once (a "single set", the Thai FAQ). Played and lost: twice (a "double set").
A renege by the bidder is a hand played and lost; a renege by an opponent
makes the bid, and the offender pays the bidder for both opponents (a
revoking player pays the entire losses, as Foster's Complete Hoyle has it
for auction games). Every
settlement sums to zero, so the balances of a sitting always do.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import HandError, RulesError, ScoringError
from ..messages import Message
from ..messages import gettext_noop as _
from .bid_values import bid_units
from .hand import PinochleHand, score_hand
from .rules import PinochleRules


@dataclass(frozen=True)
class AuctionRow:
    """One hand of a sitting: each player's ``units`` for the hand, the
    ``balances`` after it and the ``note`` saying why."""

    units: tuple[int, ...]
    balances: tuple[int, ...]
    note: Message


@dataclass(frozen=True)
class Payment:
    """Settle-up: ``payer`` pays ``payee`` ``units`` (players 0, 1, 2)."""

    payer: int
    payee: int
    units: int


@dataclass(frozen=True)
class AuctionLedger:
    """A sitting under auction settlement: ``rows`` in hand order, the final
    ``balances`` (summing to zero) and the ``payments`` that settle them."""

    rows: tuple[AuctionRow, ...]
    balances: tuple[int, ...]
    payments: tuple[Payment, ...]


def hand_value(rules: PinochleRules, bid: int, trump: str | None = None) -> int:
    """Units a bid is worth: the ``bid_values`` band, doubled for spades under ``spades_double``."""
    units = bid_units(rules.bid_values, bid)
    return units * 2 if rules.spades_double and trump == "S" else units


def settle_hand(rules: PinochleRules, hand: PinochleHand) -> tuple[int, int, int]:
    """Units each player wins (+) or pays (−) for one hand (docs/rules.md §2 auction settlement).

    With value v (the bid's units, ×2 for spades when ``spades_double``):
    made → bidder +2v, each opponent −v; thrown in → bidder −2v, each
    opponent +v (spades not doubled); played and lost → bidder −4v, each
    opponent +2v; renege by an opponent → bidder +2v paid by the offender
    alone; all passed → nothing. The sum is always 0. Needs
    ``settlement="auction"`` (``RulesError``) and, under ``spades_double``,
    the trump of a played hand (``HandError`` on ``trump``).
    """
    return _settle(rules, hand)[0]


def settle_sitting(rules: PinochleRules, hands: Sequence[PinochleHand]) -> AuctionLedger:
    """Settle ``hands`` in order: each hand's units, the balances after it, the settle-up.

    An invalid hand raises the engine's ``ScoringError`` with ``hand_index``
    (0-based) set on it, as :func:`scoring.ledger.run_game` does.
    """
    balances = (0, 0, 0)
    rows = []
    for index, hand in enumerate(hands):
        try:
            units, note = _settle(rules, hand)
        except ScoringError as error:
            error.hand_index = index
            raise
        balances = tuple(b + u for b, u in zip(balances, units))
        rows.append(AuctionRow(units, balances, note))
    return AuctionLedger(tuple(rows), balances, settle_up(balances))


def settle_up(balances: Sequence[int]) -> tuple[Payment, ...]:
    """The payments that clear a sitting's ``balances`` (which must sum to zero).

    The player owing most pays the player owed most, repeatedly; ties go to
    the lower seat. Three players never need more than two payments.
    """
    if sum(balances) != 0:
        raise HandError("balances", _("balances must sum to zero, not %(total)d"), total=sum(balances))
    owed = list(balances)
    payments = []
    while any(owed):
        payer = min(range(len(owed)), key=lambda p: (owed[p], p))
        payee = max(range(len(owed)), key=lambda p: (owed[p], -p))
        amount = min(-owed[payer], owed[payee])
        payments.append(Payment(payer, payee, amount))
        owed[payer] += amount
        owed[payee] -= amount
    return tuple(payments)


def _settle(rules: PinochleRules, hand: PinochleHand) -> tuple[tuple[int, int, int], Message]:
    if rules.settlement != "auction":
        raise RulesError(
            "settlement", _("settle_hand needs auction settlement; this profile keeps %(settlement)s totals"),
            settlement=rules.settlement,
        )
    score = score_hand(rules, hand)
    bidder = hand.bidder
    if bidder is None:
        return (0, 0, 0), Message(_("all passed: redeal, nothing paid"))
    played = not hand.thrown_in
    if played and rules.spades_double and hand.trump is None:
        raise HandError("trump", _("spades pay double: enter the trump of a played hand"))
    value = hand_value(rules, hand.bid, hand.trump if played else None)
    units = [0, 0, 0]
    if hand.renege_by is not None and hand.renege_by != bidder:
        units[bidder], units[hand.renege_by] = 2 * value, -2 * value
        note = Message(
            _("renege by %(offender)s: %(offender)s pays %(bidder)s %(units)d for both opponents"),
            offender=rules.side_names[hand.renege_by], bidder=rules.side_names[bidder], units=2 * value,
        )
        return tuple(units), note
    if score.made:
        each, template = -value, _("made: each opponent pays %(bidder)s %(units)d")
    elif hand.thrown_in:
        each, template = value, _("thrown in: %(bidder)s pays each opponent %(units)d (single set)")
    else:
        each, template = 2 * value, _("set: %(bidder)s pays each opponent %(units)d (double set)")
    for player in range(3):
        units[player] = -2 * each if player == bidder else each
    return tuple(units), Message(template, bidder=rules.side_names[bidder], units=abs(each))
