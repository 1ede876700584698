"""Toy Tally's rules: a tiny pure engine (no Django), as ``scoring/`` keeps the real games'.

Two sides (two players, or two partnerships) play hands. In each hand each
side scores a whole number from 0 to 30 (``ToyRules.most``). The first side
at or over the target (50) at the end of a hand wins; if both are over it,
the higher total wins, and equal totals at or over the target play on. A
misdeal scores nothing: no side's total moves.

Every error is a :class:`scoring.errors.ScoringError` naming the offending
field (``score_0``, ``score_1``, ``misdeal``, ``target``), so a form can put it
under the right input.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Sequence

from scoring.errors import HandError, RulesError
from scoring.messages import Message
from scoring.messages import gettext_noop as _

SIDES = 2
SIDE_NAMES = ("Side 1", "Side 2")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class ToyRules:
    """``target``: the total that ends the game (50); ``most``: a side's best hand (30)."""

    target: int = 50
    most: int = 30

    def __post_init__(self):
        for name in ("target", "most"):
            value = getattr(self, name)
            if not _whole(value) or value < 1:
                raise RulesError(name, _("%(option)s must be a whole number of 1 or more, not %(value)r"),
                                 option=name, value=value)

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "ToyRules":
        unknown = sorted(set(data or {}) - {"target", "most"})
        if unknown:
            raise RulesError(unknown[0], _("%(option)s is not a Toy Tally option"), option=unknown[0])
        return cls(**(data or {}))


@dataclass(frozen=True)
class ToyHand:
    """One hand's inputs: ``scores`` (one per side), or a ``misdeal`` (no scores)."""

    scores: tuple[int, int] = (0, 0)
    misdeal: bool = False


@dataclass(frozen=True)
class HandScore:
    """What a hand adds to each side (``deltas``) and the totals after it."""

    deltas: tuple[int, int]
    totals_after: tuple[int, int]


@dataclass(frozen=True)
class GameEnd:
    """``ended``: no hand may follow; ``winner``: the side, or None; ``reason``: why, or None."""

    ended: bool
    winner: int | None
    reason: Message | None


def check_hand(rules: ToyRules, hand: ToyHand) -> None:
    """Refuse a hand the rules cannot score (a :class:`HandError` naming the field)."""
    if not isinstance(hand.misdeal, bool):
        raise HandError("misdeal", _("misdeal must be yes or no, not %(value)r"), value=hand.misdeal)
    scores = hand.scores
    if not isinstance(scores, (tuple, list)) or len(scores) != SIDES:
        raise HandError("score_0", _("a hand needs one score per side (2), not %(value)r"), value=scores)
    for side, score in enumerate(scores):
        if not _whole(score) or not 0 <= score <= rules.most:
            raise HandError(f"score_{side}", _("a side scores a whole number from 0 to %(most)d, not %(value)r"),
                            most=rules.most, value=score)
    if hand.misdeal and any(scores):
        raise HandError("misdeal", _("a misdeal scores nothing: leave both scores at 0"))


def score_hand(rules: ToyRules, totals: Sequence[int], hand: ToyHand) -> HandScore:
    """Score ``hand`` after ``totals``: each side adds its score; a misdeal adds nothing."""
    check_hand(rules, hand)
    deltas = (0, 0) if hand.misdeal else (hand.scores[0], hand.scores[1])
    return HandScore(deltas, (totals[0] + deltas[0], totals[1] + deltas[1]))


def game_end(rules: ToyRules, totals: Sequence[int], names: Sequence[str] = SIDE_NAMES) -> GameEnd:
    """Decide at the end of a hand whether the game is over.

    One side at or over the target wins. Both over it: the higher total wins;
    equal totals play on (no draw)."""
    reached = [side for side in range(SIDES) if totals[side] >= rules.target]
    if not reached:
        return GameEnd(False, None, None)
    if len(reached) == 1:
        side = reached[0]
        return GameEnd(True, side, Message(_("%(side)s reached %(total)d"), side=names[side], total=totals[side]))
    if totals[0] == totals[1]:
        return GameEnd(False, None, Message(_("both sides reached %(target)d with %(total)d each: play on"),
                                            target=rules.target, total=totals[0]))
    side = 0 if totals[0] > totals[1] else 1
    return GameEnd(True, side, Message(_("both sides reached %(target)d: %(side)s wins with %(total)d to %(other)d"),
                                       target=rules.target, side=names[side], total=totals[side],
                                       other=totals[1 - side]))


@dataclass(frozen=True)
class ToyLedger:
    """Hands scored in order, the running ``totals`` and the ``end``."""

    hands: tuple[HandScore, ...]
    totals: tuple[int, int]
    end: GameEnd


def play(rules: ToyRules, hands: Sequence[ToyHand]) -> ToyLedger:
    """Score ``hands`` from 0–0; a hand after the game ended is refused."""
    totals, scored, end = (0, 0), [], GameEnd(False, None, None)
    for number, hand in enumerate(hands, start=1):
        if end.ended:
            raise HandError("number", _("the game ended at hand %(end)d; hand %(number)d cannot follow it"),
                            end=number - 1, number=number)
        score = score_hand(rules, totals, hand)
        scored.append(score)
        totals = score.totals_after
        end = game_end(rules, totals)
    return ToyLedger(tuple(scored), totals, end)
