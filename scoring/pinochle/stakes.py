"""Stakes of a cut-throat game played to a target (docs/rules.md,
"Three-handed Pinochle: stakes"; the Thai three-player FAQ).

A stake is agreed for the game and one for a set. The final winner of the
game collects the game stake from each opponent; in addition each opponent
pays the winner the set stake for each time it was set as bidder: once for
a hand thrown in without play (a single set), twice for a hand played and
lost (a double set). The pot method "achieves the same": at the start each
player puts the game stake in a pot, every set adds one set stake (two for
a double set), and the winner takes the pot. Both methods leave every
player with the same balance; they differ only in who hands money to whom.
A winner's own sets cost it nothing net (they go to itself or come back
from the pot).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import HandError, RulesError, ScoringError
from ..messages import gettext_noop as _
from .auction import Payment
from .game import game_result
from .hand import PinochleHand, score_hand
from .rules import PinochleRules


@dataclass(frozen=True)
class StakeLedger:
    """A game's stakes: ``sets`` per player (1 per single set, 2 per double),
    the ``winner`` (``None`` while the game goes on), each player's
    ``pot_in`` under the pot method (ante + sets; zeros under "direct"),
    the ``pot`` the winner takes, the ``payments`` (pot method: payee ``-1``
    is the pot, payer ``-1`` the pot paying out) and each player's net
    ``balances`` (summing to zero, the same under both methods)."""

    sets: tuple[int, int, int]
    winner: int | None
    pot_in: tuple[int, int, int]
    pot: int
    payments: tuple[Payment, ...]
    balances: tuple[int, int, int]


POT = -1
"""``Payment.payer`` / ``payee`` for the pot."""


def set_count(rules: PinochleRules, hand: PinochleHand) -> int:
    """Sets one hand charges its bidder: 0 made (or all passed), 1 thrown in, 2 played and lost.

    A renege by the bidder is a hand played and lost; a renege by an
    opponent makes the bid (docs/rules.md, "Three-handed Pinochle").
    """
    if hand.bidder is None:
        return 0
    if score_hand(rules, hand).made:
        return 0
    return 1 if hand.thrown_in else 2


def game_stakes(rules: PinochleRules, hands: Sequence[PinochleHand]) -> StakeLedger:
    """The stakes of ``hands`` of one cut-throat game, in order, to the end.

    The winner is decided as :func:`~scoring.pinochle.game.game_result` does
    after every hand (so two opponents crossing the target on one hand are
    settled by its tie rules). Until a winner, ``payments`` is empty and the
    pot holds what has been paid in. Needs ``players=3`` and cut-throat
    settlement (``RulesError``); an invalid hand raises the engine's error
    with ``hand_index`` set. No hand may follow the one that won the game
    (docs/rules.md §5 "Game end", as :func:`scoring.ledger.run_game` says):
    one that does raises :class:`~scoring.errors.HandError` on field
    ``number`` with its ``hand_index``, rather than paying on the shortened game.
    """
    if rules.players != 3 or rules.settlement != "cutthroat":
        raise RulesError("settlement", _("game and set stakes are for a three-handed cut-throat game"))
    totals, sets, winner = (0, 0, 0), [0, 0, 0], None
    for index, hand in enumerate(hands):
        if winner is not None:
            error = HandError("number", _("the game ended at hand %(end)d; hand %(number)d cannot follow it"),
                              end=index, number=index + 1)
            error.hand_index = index
            raise error
        try:
            score = score_hand(rules, hand)
            count = set_count(rules, hand)
        except ScoringError as error:
            error.hand_index = index
            raise
        totals = tuple(t + d for t, d in zip(totals, score.deltas))
        if hand.bidder is None:
            continue
        sets[hand.bidder] += count
        result = game_result(rules, totals, hand.bidder, score.made)
        if result.winner is not None:
            winner = result.winner
    pot_method = rules.stakes_method == "pot"
    pot_in = tuple(rules.game_stake + rules.set_stake * s for s in sets) if pot_method else (0, 0, 0)
    owed = [rules.game_stake + rules.set_stake * s for s in sets]
    payments: list[Payment] = []
    balances = [0, 0, 0]
    if winner is not None:
        for player in range(3):
            if player != winner:
                balances[player] -= owed[player]
                balances[winner] += owed[player]
        if pot_method:
            payments = [Payment(p, POT, pot_in[p]) for p in range(3) if pot_in[p]]
            if sum(pot_in):
                payments.append(Payment(POT, winner, sum(pot_in)))
        else:
            payments = [Payment(p, winner, owed[p]) for p in range(3) if p != winner and owed[p]]
    return StakeLedger(tuple(sets), winner, pot_in, sum(pot_in), tuple(payments), tuple(balances))
