"""Checking a hand's inputs before it is scored (docs/rules.md §1, §2, §5).

:func:`check_hand` raises a :class:`~scoring.errors.ScoringError` naming the
field for the first input the rules cannot score; nothing is scored from an
invalid hand. The same checks serve partnership, three-handed and double-deck
rules: they read the profile's sides, bid steps, meld step and trick total.
"""
from __future__ import annotations

from ..cards import parse_suit
from ..errors import BidError, HandError, MeldError, ScoringError, TrickError
from ..messages import gettext_noop as _
from .rules import check_bidder, is_side, whole_number


def check_hand(rules, hand) -> None:
    """Raise on the first input of ``hand`` that ``rules`` cannot score."""
    sides = rules.sides
    check_bidder(hand.bidder, sides)
    _check_shape(hand, sides)
    if hand.trump is not None:
        parse_suit(hand.trump, field="trump")
    if hand.bidder is None:
        _check_all_passed(rules, hand)
        return
    check_bid(rules, hand.bid)
    for meld in per_side(hand.meld, "meld", sides):
        _check_meld(rules, meld)
    _check_tricks(rules, hand)
    _check_took_trick(rules, hand)


def _check_shape(hand, sides) -> None:
    """Thrown in is true or false; a renege is by a side (player), never in a hand thrown in."""
    if not isinstance(hand.thrown_in, bool):
        raise HandError("thrown_in", _("thrown_in must be true or false, not %(value)r"), value=hand.thrown_in)
    if hand.renege_by is not None and not is_side(hand.renege_by, sides):
        template = (
            _("renege_by must be a side, 0 (N–S) or 1 (E–W), or empty; not %(value)r")
            if sides == 2
            else _("renege_by must be a player, 0, 1 or 2, or empty; not %(value)r")
        )
        raise HandError("renege_by", template, value=hand.renege_by)
    if hand.thrown_in and hand.renege_by is not None:
        raise HandError(
            "renege_by", _("a hand thrown in is not played, so nobody can renege: clear renege_by or thrown_in"),
        )


def hand_errors(rules, hand) -> list:
    """Every input of ``hand`` that ``rules`` cannot score, for a form that
    shows them all at once: one :class:`~scoring.errors.ScoringError` per
    field in error (the first of the bid's, the trump's, the meld's, the
    trick points' and the took-a-trick flags'), ``[]`` for a hand that
    scores. A hand whose shape is wrong (bidder, throw-in, renege, all
    passed) gives that one error, as :func:`check_hand` raises it; otherwise
    :func:`check_hand` raises the first of these."""
    sides = rules.sides
    try:
        check_bidder(hand.bidder, sides)
        _check_shape(hand, sides)
        if hand.bidder is None:
            check_hand(rules, hand)
            return []
    except ScoringError as error:
        return [error]
    errors = []

    def melds():
        for meld in per_side(hand.meld, "meld", sides):
            _check_meld(rules, meld)

    checks = (lambda: check_bid(rules, hand.bid),
              lambda: hand.trump is not None and parse_suit(hand.trump, field="trump"),
              melds, lambda: _check_tricks(rules, hand), lambda: _check_took_trick(rules, hand))
    for check in checks:
        try:
            check()
        except ScoringError as error:
            errors.append(error)
    return errors


def check_bid(rules, bid) -> None:
    """``bid`` is at least the minimum, on one of ``rules.bid_steps`` and not above ``rules.max_bid``.

    ``bid_steps`` is a tuple of (from, step): partnership bids run from the
    minimum by the increment; double-deck bids go by 1 from 50, by 5 from 60.
    """
    whole_number(bid, "bid", BidError)
    if bid < rules.min_bid:
        raise BidError("bid", _("bid %(bid)d is below the minimum %(min)d"), bid=bid, min=rules.min_bid)
    start, step = max((band for band in rules.bid_steps if band[0] <= bid), key=lambda band: band[0])
    if (bid - start) % step:
        raise BidError(
            "bid", _("bid %(bid)d is not a step of %(step)d from %(min)d"), bid=bid, step=step, min=start,
        )
    if bid > rules.max_bid:
        raise BidError(
            "bid", _("bid %(bid)d is above %(max)d, more than any side can score"), bid=bid, max=rules.max_bid,
        )


def per_side(values, field: str, sides: int) -> tuple:
    """``values`` if it is a tuple with one value per side, else ``HandError`` on ``field``."""
    if not isinstance(values, tuple) or len(values) != sides:
        template = (
            _("%(option)s needs one value per side (%(sides)d: N–S, E–W), not %(value)r")
            if sides == 2
            else _("%(option)s needs one value per player (%(sides)d), not %(value)r")
        )
        raise HandError(field, template, option=field, sides=sides, value=values)
    return values


def _check_all_passed(rules, hand) -> None:
    if rules.all_pass == "dealer_stuck":
        template = (
            _("all passed and the dealer is stuck: enter the dealer's side as the bidder at the minimum bid %(bid)d")
            if rules.sides == 2
            else _("all passed and the dealer is stuck: enter the dealer as the bidder at the minimum bid %(bid)d")
        )
        raise HandError("bidder", template, bid=rules.min_bid)
    if hand.thrown_in or hand.renege_by is not None:
        field = "thrown_in" if hand.thrown_in else "renege_by"
        raise HandError(field, _("all passed, so the hand is redealt: nobody can throw in or renege"))


def _check_meld(rules, meld) -> None:
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


def _check_tricks(rules, hand) -> None:
    if hand.tricks is None and (hand.thrown_in or hand.renege_by is not None):
        return
    tricks = per_side(hand.tricks, "tricks", rules.sides)
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


def _check_took_trick(rules, hand) -> None:
    if hand.took_trick is None:
        return
    took = per_side(hand.took_trick, "took_trick", rules.sides)
    if not all(isinstance(flag, bool) for flag in took):
        raise HandError("took_trick", _("took_trick must be true or false for each side, not %(value)r"), value=took)
    if rules.meld_saved_by != "trick":
        return
    template = (
        _("%(side)s have %(points)d trick points, so they took a trick")
        if rules.sides == 2
        else _("%(side)s has %(points)d trick points, so took a trick")
    )
    for side, (flag, points) in enumerate(zip(took, hand.tricks or (0,) * rules.sides)):
        if points and not flag:
            raise HandError("took_trick", template, side=rules.side_names[side], points=points)
