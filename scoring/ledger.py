"""A game's ledger: hands scored in order, running totals, and the end.

docs/rules.md §5 "Game end": the game is checked after every hand and ends on the
first hand that produces a winner; no hand may follow it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .errors import HandError, ScoringError
from .messages import Message
from .messages import gettext_noop as _
from .messages import ngettext_noop
from .pinochle import HandScore, PinochleHand, PinochleRules, game_result, score_hand, settle_sitting


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
    hand_limit: int | None = None,
    played_before: int = 0,
    first_number: int = 1,
) -> Ledger:
    """Score ``hands`` in order from ``start`` totals (zeros by default).

    With ``hand_limit`` (a club night's "N hands per round") the game also
    ends after that many hands (``played_before`` of them already scored
    before ``hands``; an all-passed redeal is not a hand played): the higher
    total wins; equal totals are a draw (``winner`` ``None``, ``ended_at`` set).
    ``first_number`` is the sheet's number of ``hands[0]``, for messages.

    Raises the engine's :class:`~scoring.errors.ScoringError` for an invalid
    hand, with ``hand_index`` (0-based) set on it, and a
    :class:`~scoring.errors.HandError` on field ``number`` when a hand comes
    after the one that ended the game.
    """
    totals = tuple(start) if start is not None else (0,) * rules.sides
    rows: list[LedgerRow] = []
    winner = reason = ended_at = None
    played = played_before
    for index, hand in enumerate(hands):
        if ended_at is not None:
            raise _at(
                HandError(
                    "number",
                    _("the game ended at hand %(end)d; hand %(number)d cannot follow it"),
                    end=first_number + ended_at,
                    number=first_number + index,
                ),
                index,
            )
        try:
            score = score_hand(rules, hand)
        except ScoringError as e:
            raise _at(e, index)
        totals = tuple(t + d for t, d in zip(totals, score.deltas))
        rows.append(LedgerRow(score, totals))
        if hand.bidder is not None:
            result = game_result(rules, totals, hand.bidder, score.made, names=names)
            if result.winner is not None:
                winner, reason, ended_at = result.winner, result.reason, index
                continue
        played += hand.bidder is not None
        if hand_limit is not None and played >= hand_limit:
            winner, reason = _after_limit(totals, hand_limit, names or rules.side_names)
            ended_at = index
    return Ledger(tuple(rows), totals, winner, reason, ended_at)


def _after_limit(totals, hand_limit, names):
    """docs/rules.md §4: club nights of N hands: the higher total wins, equal is a draw."""
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if len(leaders) > 1:
        return None, Message(ngettext_noop(
            "%(hands)d hand played: a draw at %(total)d", "%(hands)d hands played: a draw at %(total)d", "hands",
        ), hands=hand_limit, total=best)
    side = leaders[0]
    others = max(t for i, t in enumerate(totals) if i != side)
    return side, Message(
        ngettext_noop("%(hands)d hand played: %(side)s win %(total)d to %(other)d",
                      "%(hands)d hands played: %(side)s win %(total)d to %(other)d", "hands"),
        hands=hand_limit, side=names[side], total=best, other=others,
    )


def _at(error: ScoringError, index: int) -> ScoringError:
    error.hand_index = index
    return error


def run_auction(rules, hands: Sequence[PinochleHand], *, start: Sequence[int] | None = None) -> Ledger:
    """Three-handed auction settlement as a ledger (docs/rules.md §2): each row's
    deltas are the units each player wins or pays, its totals the balances
    after it; nobody wins a game (a sitting). Raises ``ScoringError`` with
    ``hand_index`` set on it."""
    balances = tuple(start) if start is not None else (0,) * rules.sides
    rows = []
    for index, hand in enumerate(hands):
        try:
            score = score_hand(rules, hand)
            settled = settle_sitting(rules, [hand]).rows[0]
        except ScoringError as error:
            error.hand_index = index
            raise
        balances = tuple(b + u for b, u in zip(balances, settled.units))
        notes = (settled.note,) + tuple(n for n in score.notes if not n.template.startswith("all passed"))
        rows.append(LedgerRow(
            HandScore(settled.units, score.made, notes, score.counted_meld, score.tricks), balances,
        ))
    return Ledger(tuple(rows), balances, None, None, None)
