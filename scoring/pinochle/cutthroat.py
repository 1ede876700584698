"""Game end of three-handed cut-throat Pinochle (docs/rules.md §2, "as in §5").

Each player keeps a running total; after every hand the same rules as the
partnership game decide, with the players as the sides. :func:`players_result`
is called by :func:`~scoring.pinochle.game.game_result` for a profile with
``players=3``, which checks its inputs and wraps its answer in a ``GameResult``.
"""
from __future__ import annotations

from ..messages import Message
from ..messages import gettext_noop as _
from .rules import PinochleRules


def players_result(rules: PinochleRules, totals: tuple, bidder, made: bool, names) -> tuple:
    """``(winner, reason)`` among three players after a hand; ``winner`` ``None`` plays on.

    - Nobody at ``rules.target``: play on. One player at it: that player wins,
      bidder or not (an opponent can reach it on a hand the bidder was set).
    - Several at it: the bidder wins if it made the bid and is among them,
      whatever the totals (``tie="bidder"``); otherwise the higher total
      among them wins, a set bidder excluded under ``tie="bidder"``; equal
      highest totals play another hand. ``tie="higher"``: the higher total.
    - ``must_bid_out``: only the bidder that made this hand can win.
    - ``negative_target_loses``: a player at or below −target ends the game,
      and the highest total among the others wins (equal: play another hand).
    """
    target = rules.target
    if rules.negative_target_loses:
        down = [p for p, total in enumerate(totals) if total <= -target]
        if down:
            return _after_a_fall(rules, totals, down, names)
    reached = [p for p, total in enumerate(totals) if total >= target]
    if not reached:
        return (None, None)
    bid_and_made = bidder is not None and made
    if rules.must_bid_out:
        if bid_and_made and bidder in reached:
            return (bidder, Message(
                _("%(side)s bid, made it and reached %(total)d"), side=names[bidder], total=totals[bidder],
            ))
        player = max(reached, key=lambda p: totals[p])
        return (None, Message(
            _("%(side)s has %(total)d but did not bid and make this hand: must bid out, play on"),
            side=names[player], total=totals[player],
        ))
    if len(reached) == 1:
        player = reached[0]
        return (player, Message(_("%(side)s reached %(total)d"), side=names[player], total=totals[player]))
    if rules.tie == "bidder" and bid_and_made and bidder in reached:
        best = max(totals[p] for p in reached if p != bidder)
        template = (
            _("%(side)s reached %(total)d and bid: %(side)s wins although another player has %(other_total)d")
            if best > totals[bidder]
            else _("several players reached %(target)d: the bidder %(side)s wins with %(total)d")
        )
        return (bidder, Message(
            template, side=names[bidder], total=totals[bidder], other_total=best, target=target,
        ))
    if rules.tie == "bidder" and bidder in reached and not made:
        reached = [p for p in reached if p != bidder]
        if len(reached) == 1:
            player = reached[0]
            return (player, Message(
                _("%(side)s reached %(total)d and the bidder %(bidder)s was set: %(side)s wins"),
                side=names[player], total=totals[player], bidder=names[bidder],
            ))
    return _highest(totals, reached, names, target)


def _highest(totals, candidates, names, target):
    best = max(totals[p] for p in candidates)
    leaders = [p for p in candidates if totals[p] == best]
    if len(leaders) > 1:
        return (None, Message(
            _("%(players)s reached %(target)d with %(total)d each: play another hand"),
            players=" and ".join(names[p] for p in leaders), target=target, total=best,
        ))
    player = leaders[0]
    return (player, Message(
        _("several players reached %(target)d: %(side)s wins with the highest total, %(total)d"),
        target=target, side=names[player], total=best,
    ))


def _after_a_fall(rules, totals, down, names):
    rest = [p for p in range(len(totals)) if p not in down]
    fallen = ", ".join(f"{names[p]} ({totals[p]})" for p in down)
    if not rest:
        return (None, Message(
            _("every player fell to %(floor)d or below: play another hand"), floor=-rules.target,
        ))
    best = max(totals[p] for p in rest)
    leaders = [p for p in rest if totals[p] == best]
    if len(leaders) > 1:
        return (None, Message(
            _("%(fallen)s fell to %(floor)d or below and %(players)s have %(total)d each: play another hand"),
            fallen=fallen, floor=-rules.target, players=" and ".join(names[p] for p in leaders), total=best,
        ))
    return (leaders[0], Message(
        _("%(fallen)s fell to %(floor)d or below: %(side)s wins with the highest total, %(total)d"),
        fallen=fallen, floor=-rules.target, side=names[leaders[0]], total=best,
    ))
