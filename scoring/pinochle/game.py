"""Game end and the deal's rotation (docs/rules.md §5 "Game end", §2, §1;
the Chinese encyclopedia text and rules card)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..errors import HandError, RulesError
from ..messages import Message
from ..messages import gettext_noop as _
from .cutthroat import players_result
from .rules import PinochleRules, check_bidder, whole_number


@dataclass(frozen=True)
class GameResult:
    """Who won after a hand, if anyone, and why.

    ``winner`` is a side index or ``None`` (play on). ``reason`` says why the
    game ended, or why a side at the target plays on; ``None`` when nothing
    happened.
    """

    winner: int | None
    reason: Message | None


def game_result(
    rules: PinochleRules,
    totals_after: Sequence[int],
    bidder: int | None,
    made: bool,
    names: Sequence[str] | None = None,
) -> GameResult:
    """Decide whether the game is over after a hand (docs/rules.md §5 "Game end").

    ``totals_after``: each side's running total including this hand;
    ``bidder``/``made``: this hand's bidding side (``None`` if all passed) and
    whether it made the bid; ``names``: side names for the reason
    (default ``rules.side_names``, :data:`~scoring.pinochle.rules.SIDE_NAMES`).

    - One side at or over ``rules.target`` wins, including defenders on a
      hand the bidders were set.
    - Both at the target on the same hand: the bidding side wins whatever the
      totals (the Chinese encyclopedia text and rules card; ``tie="bidder"``), or the higher total wins
      (``tie="higher"``) and equal totals play another hand. With no bidder
      (all passed) or a set bidder, the higher total decides.
    - ``must_bid_out``: only a side that bid and made this hand can win; a
      side at the target otherwise plays on.
    - ``negative_target_loses``: a side at or below −target loses.

    Three-handed cut-throat (``players=3``): the players are the sides, see
    :func:`~scoring.pinochle.cutthroat.players_result`; default names are
    :data:`~scoring.pinochle.rules.PLAYER_NAMES`. Auction settlement has no
    game to win (each hand is paid, :func:`~scoring.pinochle.auction.settle_hand`)
    and raises ``RulesError`` on ``settlement``.
    """
    if getattr(rules, "settlement", "cutthroat") == "auction":
        raise RulesError(
            "settlement",
            _("under auction settlement each hand is paid in units and nobody wins a game: use settle_hand"),
        )
    totals = _check(rules, totals_after, bidder, made)
    names = tuple(names) if names is not None else rules.side_names
    if rules.sides == 3:
        return GameResult(*players_result(rules, totals, bidder, made, names))
    target = rules.target
    if rules.negative_target_loses:
        result = _negative(rules, totals, bidder, made, names)
        if result is not None:
            return result
    reached = [side for side, total in enumerate(totals) if total >= target]
    if not reached:
        return GameResult(None, None)
    bid_and_made = bidder is not None and made
    if rules.must_bid_out:
        if bid_and_made and bidder in reached:
            return GameResult(bidder, Message(
                _("%(side)s bid, made it and reached %(total)d"), side=names[bidder], total=totals[bidder],
            ))
        side = max(reached, key=lambda s: totals[s])
        return GameResult(None, Message(
            _("%(side)s have %(total)d but did not bid and make this hand: they must bid out, play on"),
            side=names[side], total=totals[side],
        ))
    if len(reached) == 1:
        side = reached[0]
        return GameResult(side, Message(_("%(side)s reached %(total)d"), side=names[side], total=totals[side]))
    if rules.tie == "bidder" and bid_and_made:
        return _both_reached(rules, totals, bidder, names)
    if rules.tie == "bidder" and bidder is not None:
        defenders = 1 - bidder
        return GameResult(defenders, Message(
            _("both sides reached %(target)d and the bidders %(bidders)s were set: %(side)s win"),
            target=target, bidders=names[bidder], side=names[defenders],
        ))
    if totals[0] == totals[1]:
        return GameResult(None, Message(
            _("both sides reached %(target)d with %(total)d each: play another hand"),
            target=target, total=totals[0],
        ))
    return _both_reached(rules, totals, 0 if totals[0] > totals[1] else 1, names)


def game_winner(
    rules: PinochleRules, totals_after: Sequence[int], bidder: int | None, made: bool
) -> int | None:
    """The winning side after a hand, or ``None``: :func:`game_result`'s ``winner``."""
    return game_result(rules, totals_after, bidder, made).winner


def next_dealer(dealer: int, players: int = 4) -> int:
    """The next hand's dealer: the deal passes to the left, clockwise (the Chinese encyclopedia text).

    Seats are 0 = N, 1 = E, 2 = S, 3 = W; a seat's side is ``seat % 2``.
    Three-handed (``players=3``, docs/rules.md §2) the seats are the players 0, 1, 2.
    """
    players = whole_number(players, "players", HandError)
    if players <= 0:
        raise HandError("players", _("players must be 1 or more, not %(value)d"), value=players)
    dealer = whole_number(dealer, "dealer", HandError)
    if not 0 <= dealer < players:
        raise HandError(
            "dealer", _("dealer must be a seat from 0 to %(last)d, not %(value)d"),
            last=players - 1, value=dealer,
        )
    return (dealer + 1) % players


def _both_reached(rules: PinochleRules, totals: tuple, winner: int, names) -> GameResult:
    other = 1 - winner
    if totals[other] > totals[winner]:
        template = _("%(side)s reached %(total)d and bid: %(side)s win although %(other)s have %(other_total)d")
    else:
        template = _("both sides reached %(target)d: %(side)s win with %(total)d to %(other_total)d")
    return GameResult(winner, Message(
        template, side=names[winner], total=totals[winner], other=names[other],
        other_total=totals[other], target=rules.target,
    ))


def _negative(rules: PinochleRules, totals: tuple, bidder, made, names) -> GameResult | None:
    down = [side for side, total in enumerate(totals) if total <= -rules.target]
    if len(down) == 2 and bidder is not None and not made:
        down = [bidder]
    if len(down) != 1:
        return None
    loser = down[0]
    return GameResult(1 - loser, Message(
        _("%(loser)s fell to %(total)d, at or below %(floor)d: %(side)s win"),
        loser=names[loser], total=totals[loser], floor=-rules.target, side=names[1 - loser],
    ))


def _check(rules: PinochleRules, totals_after, bidder, made) -> tuple[int, ...]:
    if not isinstance(totals_after, (tuple, list)) or len(totals_after) != rules.sides:
        raise HandError(
            "totals_after", _("totals_after needs one total per side (%(sides)d), not %(value)r"),
            sides=rules.sides, value=totals_after,
        )
    for total in totals_after:
        whole_number(total, "totals_after", HandError, "a total")
    check_bidder(bidder, rules.sides)
    if not isinstance(made, bool):
        raise HandError("made", _("made must be true or false, not %(value)r"), value=made)
    return tuple(totals_after)
