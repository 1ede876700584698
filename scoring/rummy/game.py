"""The end of a rummy-style game (docs/rules.md §3, the Thai text "การให้คะแนนในเกม").

The match is played in rounds until a team reaches the target (1500); the
variant ends it after a number of rounds (8) with the higher total winning.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import HandError, ScoringError
from ..messages import Message
from ..messages import gettext_noop as _
from ..messages import ngettext_noop
from .round import RoundEntry, RoundScore, score_round
from .rules import TEAM_NAMES, RummyRules


@dataclass(frozen=True)
class GameEnd:
    """``ended``: no round may follow; ``winner``: the team, or ``None`` (play on,
    or a draw when ``ended``); ``reason`` says why, ``None`` when nothing happened."""

    ended: bool
    winner: int | None
    reason: Message | None


@dataclass(frozen=True)
class RummyLedger:
    """Rounds scored in order (``rounds``), the running ``totals`` and the ``end``."""

    rounds: tuple[RoundScore, ...]
    totals: tuple[int, int]
    end: GameEnd


def game_end(
    rules: RummyRules, totals: Sequence[int], rounds_played: int, names: Sequence[str] = TEAM_NAMES,
) -> GameEnd:
    """Decide after a round whether the game is over (the Thai text).

    - One team at or over ``rules.target``: it wins. Both on the same round:
      the higher total wins; equal totals play another round (the Thai text leaves
      this case unclear; docs/rules.md).
    - ``rules.rounds_limit`` (variant, 8): after that many rounds the higher
      total wins, equal totals are a draw.
    """
    if not isinstance(totals, (tuple, list)) or len(totals) != 2 or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in totals
    ):
        raise HandError("totals", _("totals needs each team's whole-number total (2), not %(value)r"), value=totals)
    if not isinstance(rounds_played, int) or isinstance(rounds_played, bool) or rounds_played < 0:
        raise HandError("rounds_played", _("rounds_played must be 0 or more, not %(value)r"), value=rounds_played)
    reached = [team for team, total in enumerate(totals) if total >= rules.target]
    limit = rules.rounds_limit
    at_limit = limit is not None and rounds_played >= limit
    if len(reached) == 1:
        team = reached[0]
        return GameEnd(True, team, Message(_("%(team)s reached %(total)d"), team=names[team], total=totals[team]))
    leader = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    if reached:
        if leader is not None:
            return GameEnd(True, leader, Message(
                _("both teams reached %(target)d: %(team)s wins with %(total)d to %(other)d"),
                target=rules.target, team=names[leader], total=totals[leader], other=totals[1 - leader],
            ))
        if not at_limit:
            return GameEnd(False, None, Message(
                _("both teams reached %(target)d with %(total)d each: play another round"),
                target=rules.target, total=totals[0],
            ))
    if at_limit:
        if leader is None:
            return GameEnd(True, None, Message(
                ngettext_noop("%(rounds)d round played: a draw at %(total)d",
                          "%(rounds)d rounds played: a draw at %(total)d", "rounds"), rounds=limit, total=totals[0],
            ))
        return GameEnd(True, leader, Message(
            ngettext_noop("%(rounds)d round played: %(team)s wins %(total)d to %(other)d",
                          "%(rounds)d rounds played: %(team)s wins %(total)d to %(other)d", "rounds"),
            rounds=limit, team=names[leader], total=totals[leader], other=totals[1 - leader],
        ))
    return GameEnd(False, None, None)


def run_rounds(
    rules: RummyRules, rounds: Sequence[Sequence[RoundEntry]], names: Sequence[str] = TEAM_NAMES,
) -> RummyLedger:
    """Score ``rounds`` (each a pair of entries) in order from 0–0, stopping the game at its end.

    An invalid round raises its ``ScoringError`` with ``round_index`` (0-based)
    set; a round after the end raises ``HandError`` on field ``round``.
    """
    totals, scored, end = (0, 0), [], GameEnd(False, None, None)
    for index, entries in enumerate(rounds):
        if end.ended:
            error = HandError(
                "round", _("the game ended after round %(end)d; round %(number)d cannot follow it"),
                end=index, number=index + 1,
            )
            error.round_index = index
            raise error
        try:
            score = score_round(rules, totals, entries, names)
        except ScoringError as error:
            error.round_index = index
            raise
        scored.append(score)
        totals = score.totals_after
        end = game_end(rules, totals, index + 1, names)
    return RummyLedger(tuple(scored), totals, end)
