"""Scoring one hand of partnership Pinochle (RULES.md §1, "Scoring a hand").

Seeds 000 (defender-zero, set = −bid, throw-in) and 002 (any-trick variant,
bidders too, renege). :func:`score_hand` checks every input first and raises a
:class:`~scoring.errors.ScoringError` naming the field; nothing is scored
from an invalid hand.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import BidError, HandError, MeldError, TrickError
from ..messages import Message
from ..messages import gettext_noop as _
from .rules import SIDE_NAMES, PinochleRules, check_bidder, is_side, whole_number


@dataclass(frozen=True)
class PinochleHand:
    """What the table said about one hand.

    ``bidder``: the side that won the bid, 0 (N–S) or 1 (E–W), or ``None``
    when all four passed. ``bid``: the winning bid. ``meld``: each side's
    declared meld (both partners), before the defender-zero rule. ``tricks``:
    each side's trick points as counted (``None`` or zeros on a throw-in or a
    renege). ``took_trick``: for ``meld_saved_by="trick"``, whether each side
    took a trick; ``None`` means "a side with trick points took one".
    ``thrown_in``: the bidders conceded before play. ``renege_by``: the side
    that made an illegal play, if any. Lists are stored as tuples; values are
    checked by :func:`score_hand`.
    """

    bidder: int | None
    bid: int
    meld: tuple[int, ...]
    tricks: tuple[int, ...] | None
    took_trick: tuple[bool, ...] | None = None
    thrown_in: bool = False
    renege_by: int | None = None

    def __post_init__(self):
        for name in ("meld", "tricks", "took_trick"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))


@dataclass(frozen=True)
class HandScore:
    """The engine's verdict on one hand.

    ``deltas``: points each side adds to its total. ``made``: the bidders made
    their bid. ``notes``: human-readable reasons (:class:`Message`).
    ``counted_meld``: each side's meld after the defender-zero rule.
    ``tricks``: each side's trick points as counted (after rounding, or all
    250 to the innocent side of a renege).
    """

    deltas: tuple[int, ...]
    made: bool
    notes: tuple[Message, ...]
    counted_meld: tuple[int, ...]
    tricks: tuple[int, ...]


def round_tricks(points: int) -> int:
    """Round a side's trick points to tens: 7 and up goes up, the rest drops.

    The rounding variant for scheme B (seed 003 FAQ): 87 → 90, 126 → 120,
    125 → 120 (so 125 + 125 → 120 + 120: the lost ten is lost).
    """
    tens, rest = divmod(whole_number(points, "tricks", TrickError, "trick points"), 10)
    return (tens + (rest >= 7)) * 10


def score_hand(rules: PinochleRules, hand: PinochleHand) -> HandScore:
    """Score one hand under ``rules`` (RULES.md §1 "Scoring a hand", seeds 000, 002).

    1. Defender-zero: the defenders' meld counts only if they took trick
       points (``meld_saved_by="points"``) or a trick (``"trick"``); with
       ``bidder_needs_trick`` the bidders' meld too.
    2. The bidders make the bid if counted meld + tricks ≥ bid and score both;
       else they are set: −bid (bid 310, took 300 → −310).
    3. The defenders score counted meld + tricks either way.
    4. Throw-in: bidders −bid; defenders per ``throw_in_defenders``.
    5. Renege: the offending side scores −bid as bidders or 0 as defenders;
       the innocent side scores its meld + all the trick points.
    All passed: no score under ``all_pass="redeal"`` (bid, meld and tricks
    are not looked at); under ``"dealer_stuck"`` the dealer's side must be
    entered as the bidder at the minimum bid.
    """
    _check(rules, hand)
    if hand.bidder is None:
        zeros = (0,) * rules.sides
        return HandScore(zeros, False, (Message(_("all passed: redeal, no score")),), zeros, zeros)
    if hand.thrown_in:
        return _throw_in(rules, hand)
    if hand.renege_by is not None:
        return _renege(rules, hand)
    return _played(rules, hand)


def _played(rules: PinochleRules, hand: PinochleHand) -> HandScore:
    notes = []
    tricks = hand.tricks
    if rules.round_tricks:
        tricks = tuple(round_tricks(points) for points in hand.tricks)
        if tricks != hand.tricks:
            notes.append(Message(
                _("trick points rounded: %(raw)s → %(rounded)s"),
                raw=" + ".join(map(str, hand.tricks)), rounded=" + ".join(map(str, tricks)),
            ))
    took = hand.took_trick
    if rules.meld_saved_by == "points" or took is None:
        took = tuple(points > 0 for points in hand.tricks)
    lost = (
        _("%(side)s took no counter: meld %(meld)d lost")
        if rules.meld_saved_by == "points"
        else _("%(side)s took no trick: meld %(meld)d lost")
    )
    counted = list(hand.meld)
    for side, meld in enumerate(hand.meld):
        needs_trick = side != hand.bidder or rules.bidder_needs_trick
        if needs_trick and not took[side] and meld:
            counted[side] = 0
            notes.append(Message(lost, side=SIDE_NAMES[side], meld=meld))
    deltas = [meld + points for meld, points in zip(counted, tricks)]
    made = deltas[hand.bidder] >= hand.bid
    if made:
        notes.insert(0, Message(_("made: %(total)d ≥ %(bid)d"), total=deltas[hand.bidder], bid=hand.bid))
    else:
        notes.insert(0, Message(_("set: %(total)d < %(bid)d"), total=deltas[hand.bidder], bid=hand.bid))
        deltas[hand.bidder] = -hand.bid
    return HandScore(tuple(deltas), made, tuple(notes), tuple(counted), tuple(tricks))


def _throw_in(rules: PinochleRules, hand: PinochleHand) -> HandScore:
    bidder, total = hand.bidder, rules.trick_total
    notes = [Message(_("thrown in: bidders −%(bid)d"), bid=hand.bid)]
    if hand.meld[bidder] + total < hand.bid:
        notes.append(Message(
            _("throw-in was required: meld %(meld)d + %(total)d < %(bid)d"),
            meld=hand.meld[bidder], total=total, bid=hand.bid,
        ))
    counted = list(hand.meld)
    tricks = [0] * rules.sides
    deltas = [0] * rules.sides
    for side in range(rules.sides):
        if side == bidder:
            deltas[side] = -hand.bid
            continue
        if rules.throw_in_defenders == "nothing":
            counted[side] = 0
        elif rules.throw_in_defenders == "meld_plus_tricks":
            tricks[side] = total
        deltas[side] = counted[side] + tricks[side]
    return HandScore(tuple(deltas), False, tuple(notes), tuple(counted), tuple(tricks))


def _renege(rules: PinochleRules, hand: PinochleHand) -> HandScore:
    offender, total = hand.renege_by, rules.trick_total
    notes = [Message(_("renege by %(side)s"), side=SIDE_NAMES[offender])]
    counted, tricks, deltas = [0] * rules.sides, [0] * rules.sides, [0] * rules.sides
    for side in range(rules.sides):
        if side == offender:
            deltas[side] = -hand.bid if side == hand.bidder else 0
            continue
        counted[side], tricks[side] = hand.meld[side], total
        deltas[side] = hand.meld[side] + total
        notes.append(Message(
            _("%(side)s score meld %(meld)d + all %(total)d trick points"),
            side=SIDE_NAMES[side], meld=hand.meld[side], total=total,
        ))
    made = offender != hand.bidder
    if not made:
        notes.append(Message(_("bidders set: −%(bid)d"), bid=hand.bid))
    return HandScore(tuple(deltas), made, tuple(notes), tuple(counted), tuple(tricks))


def _check(rules: PinochleRules, hand: PinochleHand) -> None:
    sides = rules.sides
    check_bidder(hand.bidder, sides)
    if not isinstance(hand.thrown_in, bool):
        raise HandError("thrown_in", _("thrown_in must be true or false, not %(value)r"), value=hand.thrown_in)
    if hand.renege_by is not None and not is_side(hand.renege_by, sides):
        raise HandError(
            "renege_by", _("renege_by must be a side, 0 (N–S) or 1 (E–W), or empty; not %(value)r"),
            value=hand.renege_by,
        )
    if hand.thrown_in and hand.renege_by is not None:
        raise HandError(
            "renege_by", _("a hand thrown in is not played, so nobody can renege: clear renege_by or thrown_in"),
        )
    if hand.bidder is None:
        _check_all_passed(rules, hand)
        return
    _check_bid(rules, hand.bid)
    for meld in _per_side(hand.meld, "meld", sides):
        _check_meld(rules, meld)
    _check_tricks(rules, hand)
    _check_took_trick(rules, hand)


def _check_all_passed(rules: PinochleRules, hand: PinochleHand) -> None:
    if rules.all_pass == "dealer_stuck":
        raise HandError(
            "bidder",
            _("all passed and the dealer is stuck: enter the dealer's side as the bidder at the minimum bid %(bid)d"),
            bid=rules.min_bid,
        )
    if hand.thrown_in or hand.renege_by is not None:
        field = "thrown_in" if hand.thrown_in else "renege_by"
        raise HandError(field, _("all passed, so the hand is redealt: nobody can throw in or renege"))


def _check_bid(rules: PinochleRules, bid) -> None:
    whole_number(bid, "bid", BidError)
    if bid < rules.min_bid:
        raise BidError("bid", _("bid %(bid)d is below the minimum %(min)d"), bid=bid, min=rules.min_bid)
    if (bid - rules.min_bid) % rules.bid_increment:
        raise BidError(
            "bid", _("bid %(bid)d is not a step of %(step)d from %(min)d"),
            bid=bid, step=rules.bid_increment, min=rules.min_bid,
        )
    if bid > rules.max_bid:
        raise BidError(
            "bid", _("bid %(bid)d is above %(max)d, more than any side can score"),
            bid=bid, max=rules.max_bid,
        )


def _check_meld(rules: PinochleRules, meld) -> None:
    whole_number(meld, "meld", MeldError)
    if meld < 0:
        raise MeldError("meld", _("meld %(meld)d is negative: a side melds 0 or more"), meld=meld)
    if meld % rules.meld_step:
        raise MeldError(
            "meld", _("meld %(meld)d is not a multiple of %(step)d"), meld=meld, step=rules.meld_step
        )
    if meld > rules.max_meld:
        raise MeldError(
            "meld", _("meld %(meld)d is above %(max)d, more than one side can meld"),
            meld=meld, max=rules.max_meld,
        )


def _check_tricks(rules: PinochleRules, hand: PinochleHand) -> None:
    if hand.tricks is None and (hand.thrown_in or hand.renege_by is not None):
        return
    tricks = _per_side(hand.tricks, "tricks", rules.sides)
    total, step = rules.trick_total, rules.trick_step
    for points in tricks:
        whole_number(points, "tricks", TrickError, "trick points")
        if points < 0:
            raise TrickError("tricks", _("trick points %(points)d are negative"), points=points)
        if points % step:
            raise TrickError(
                "tricks", _("trick points %(points)d are not a multiple of %(step)d under scheme %(scheme)s"),
                points=points, step=step, scheme=rules.trick_scheme,
            )
    shown = " + ".join(map(str, tricks))
    if hand.thrown_in:
        if any(tricks):
            raise HandError(
                "tricks", _("a hand thrown in is not played: trick points %(points)s must be empty or 0"),
                points=shown,
            )
    elif hand.renege_by is not None:
        if sum(tricks) > total:
            raise TrickError(
                "tricks", _("trick points %(points)s add up to more than %(total)d"), points=shown, total=total
            )
    elif sum(tricks) != total:
        raise TrickError("tricks", _("trick points %(points)s must total %(total)d"), points=shown, total=total)


def _check_took_trick(rules: PinochleRules, hand: PinochleHand) -> None:
    if hand.took_trick is None:
        return
    took = _per_side(hand.took_trick, "took_trick", rules.sides)
    if not all(isinstance(flag, bool) for flag in took):
        raise HandError("took_trick", _("took_trick must be true or false for each side, not %(value)r"), value=took)
    if rules.meld_saved_by != "trick":
        return
    for side, (flag, points) in enumerate(zip(took, hand.tricks or (0,) * rules.sides)):
        if points and not flag:
            raise HandError(
                "took_trick", _("%(side)s have %(points)d trick points, so they took a trick"),
                side=SIDE_NAMES[side], points=points,
            )


def _per_side(values, field: str, sides: int) -> tuple:
    if not isinstance(values, tuple) or len(values) != sides:
        raise HandError(
            field, _("%(option)s needs one value per side (%(sides)d: N–S, E–W), not %(value)r"),
            option=field, sides=sides, value=values,
        )
    return values
