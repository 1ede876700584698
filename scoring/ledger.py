"""A game's ledger: hands scored in order, running totals, and the end.

RULES.md §1 "Game end": the game is checked after every hand and ends on the
first hand that produces a winner; no hand may follow it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import HandError, ScoringError
from .messages import Message
from .messages import gettext_noop as _
from .pinochle import HandScore, PinochleHand, PinochleRules, game_result, score_hand


@dataclass(frozen=True)
class LedgerRow:
    """One hand's score and every side's total after it."""

    score: HandScore
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Ledger:
    """The scored game: ``rows`` in hand order, the ``winner`` (side or ``None``),
    the ``reason`` the game ended, and ``ended_at`` (0-based index of the last hand)."""

    rows: tuple[LedgerRow, ...]
    totals: tuple[int, ...]
    winner: int | None
    reason: Message | None
    ended_at: int | None


def run_game(
    rules: PinochleRules,
    hands: Sequence[PinochleHand],
    *,
    names: Sequence[str] | None = None,
    start: Sequence[int] | None = None,
) -> Ledger:
    """Score ``hands`` in order from ``start`` totals (zeros by default).

    Raises the engine's :class:`~scoring.errors.ScoringError` for an invalid
    hand, with ``hand_index`` (0-based) set on it, and a
    :class:`~scoring.errors.HandError` on field ``number`` when a hand comes
    after the one that ended the game.
    """
    totals = tuple(start) if start is not None else (0,) * rules.sides
    rows: list[LedgerRow] = []
    winner = reason = ended_at = None
    for index, hand in enumerate(hands):
        if ended_at is not None:
            raise _at(
                HandError(
                    "number",
                    _("the game ended at hand %(end)d; hand %(number)d cannot follow it"),
                    end=ended_at + 1,
                    number=index + 1,
                ),
                index,
            )
        try:
            score = score_hand(rules, hand)
        except ScoringError as e:
            raise _at(e, index)
        totals = tuple(t + d for t, d in zip(totals, score.deltas))
        rows.append(LedgerRow(score, totals))
        if hand.bidder is None:
            continue
        result = game_result(rules, totals, hand.bidder, score.made, names=names)
        if result.winner is not None:
            winner, reason, ended_at = result.winner, result.reason, index
    return Ledger(tuple(rows), totals, winner, reason, ended_at)


def _at(error: ScoringError, index: int) -> ScoringError:
    error.hand_index = index
    return error
