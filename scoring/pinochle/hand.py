"""Scoring one hand of Pinochle (docs/rules.md §5 "Scoring a hand", §2, §1).

The Chinese encyclopedia text (defender-zero, set = −bid, throw-in) and the Chinese rules card (any-trick variant,
bidders too, renege). :func:`score_hand` checks every input first
(:mod:`.checks`) and raises a :class:`~scoring.errors.ScoringError` naming the
field; nothing is scored from an invalid hand. The sides are two partnerships,
or under ``PinochleRules(players=3)`` the three players (cut-throat, docs/rules.md
§2); ``DoubleDeckRules`` (docs/rules.md §1) score with the same code.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import TrickError
from ..messages import Message
from ..messages import gettext_noop as _
from .checks import check_hand
from .rules import PinochleRules, whole_number


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
    that made an illegal play, if any. ``trump``: the suit named, needed only
    where it changes the arithmetic (auction settlement with spades double).
    Three-handed, every tuple has one value per player and the bidder's trick
    points include the counters of the widow cards it discarded. Lists are
    stored as tuples; values are checked by :func:`score_hand`.
    """

    bidder: int | None
    bid: int
    meld: tuple[int, ...]
    tricks: tuple[int, ...] | None
    took_trick: tuple[bool, ...] | None = None
    thrown_in: bool = False
    renege_by: int | None = None
    trump: str | None = None

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

    The rounding variant for scheme B (the Thai FAQ): 87 → 90, 126 → 120,
    125 → 120 (so 125 + 125 → 120 + 120: the lost ten is lost).
    """
    tens, rest = divmod(whole_number(points, "tricks", TrickError, "trick points"), 10)
    return (tens + (rest >= 7)) * 10


def score_hand(rules: PinochleRules, hand: PinochleHand) -> HandScore:
    """Score one hand under ``rules`` (docs/rules.md §5 "Scoring a hand"; the
    Chinese encyclopedia text and rules card).

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

    Three-handed cut-throat (``players=3``, docs/rules.md §2) applies the same
    rules to each player: each opponent keeps its own meld only with trick
    points of its own. Where the partnership rules credit a defending side
    with all the trick points, the two opponents share them: half each
    (``trick_total // 2``, 125 of 250) on a throw-in under
    ``throw_in_defenders="meld_plus_tricks"`` and on a renege by the bidder.
    A renege by an opponent scores it 0 and credits all the trick points to
    the bidder, whose contract it spoiled; the other opponent keeps its meld.
    """
    check_hand(rules, hand)
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
            notes.append(Message(lost, side=rules.side_names[side], meld=meld))
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
    template = _("thrown in: bidders −%(bid)d") if rules.sides == 2 else _("thrown in: bidder −%(bid)d")
    notes = [Message(template, bid=hand.bid)]
    if hand.meld[bidder] + total < hand.bid:
        notes.append(Message(
            _("throw-in was required: meld %(meld)d + %(total)d < %(bid)d"),
            meld=hand.meld[bidder], total=total, bid=hand.bid,
        ))
    share = total if rules.sides == 2 else total // 2
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
            tricks[side] = share
        deltas[side] = counted[side] + tricks[side]
    return HandScore(tuple(deltas), False, tuple(notes), tuple(counted), tuple(tricks))


def _renege(rules: PinochleRules, hand: PinochleHand) -> HandScore:
    offender, bidder, total = hand.renege_by, hand.bidder, rules.trick_total
    names = rules.side_names
    notes = [Message(_("renege by %(side)s"), side=names[offender])]
    counted, tricks, deltas = [0] * rules.sides, [0] * rules.sides, [0] * rules.sides
    for side in range(rules.sides):
        if side == offender:
            deltas[side] = -hand.bid if side == bidder else 0
            continue
        if rules.sides == 2:
            credited, template = total, _("%(side)s score meld %(meld)d + all %(total)d trick points")
        elif offender == bidder:
            credited = total // 2
            template = _("%(side)s scores meld %(meld)d + %(share)d trick points, half of %(total)d")
        elif side == bidder:
            credited, template = total, _("%(side)s scores meld %(meld)d + all %(total)d trick points")
        else:
            credited, template = 0, _("%(side)s keeps meld %(meld)d")
        counted[side], tricks[side] = hand.meld[side], credited
        deltas[side] = hand.meld[side] + credited
        notes.append(Message(template, side=names[side], meld=hand.meld[side], total=total, share=credited))
    made = offender != bidder
    if not made:
        template = _("bidders set: −%(bid)d") if rules.sides == 2 else _("bidder set: −%(bid)d")
        notes.append(Message(template, bid=hand.bid))
    return HandScore(tuple(deltas), made, tuple(notes), tuple(counted), tuple(tricks))
