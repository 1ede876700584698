"""A game of cribbage, deal by deal, and its result (docs/rules.md, "Cribbage").

A deal is counted in a fixed order: his heels (a starter jack, 2 to the
dealer at once), the play, the pone's hand, the dealer's hand, the crib. The
game ends the moment a player reaches the target (121, variant 61); later
counts of that deal are not added, so the pone can win with his hand even
when the dealer's would have gone further. The winner's peg stops in the
game hole (121 or 61), as on the board and under the American Cribbage
Congress rules, so the margin is counted from the hole; ``past_hole`` keeps
the whole winning count instead.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..cards import Card
from ..errors import RulesError
from ..messages import gettext_noop as _
from .show import POSSIBLE_SHOW_TOTALS, CribbageError, parse_distinct

TARGETS = (121, 61)
GAME_POINTS = ("acc", "double_skunk", "no_skunks")
SPREADS = ("margin", "loser_121")
STAGES = ("heels", "pegging", "pone_hand", "dealer_hand", "crib")
HEELS = 2

# The most one player can peg in one deal, go points included: 30 for the
# dealer, 24 for the pone (who leads). Found by an exhaustive search of every
# play of 4 + 4 cards under the must-play rule, both players playing for the
# one scoring (``python tests/bench/bench_cribbage_hands.py --pegging-max``);
# tests/scoring/test_cribbage_game.py replays deals that reach both figures.
MAX_PEGGING_DEALER = 30
MAX_PEGGING_PONE = 24
MAX_PEGGING = max(MAX_PEGGING_DEALER, MAX_PEGGING_PONE)


class CribbageRulesError(CribbageError, RulesError):
    """A cribbage rule option outside its allowed values."""


def _check_choice(field: str, value, allowed: tuple) -> None:
    if value not in allowed:
        raise CribbageRulesError(field, _("%(value)s is not a choice for %(name)s: choose one of "
                                          "%(allowed)s"), value=value, name=field,
                                 allowed=", ".join(map(str, allowed)))


@dataclass(frozen=True)
class CribbageRules:
    """A club's cribbage options (docs/rules.md, "Cribbage"; the default first).

    ``target``: 121 or 61. ``game_points``: ``"acc"`` (American Cribbage
    Congress: win 2, skunk win 3, loss 0), ``"double_skunk"`` (also a double
    skunk win 4) or ``"no_skunks"`` (win 2, loss 0). ``spread``: ``"margin"``
    or ``"loser_121"`` (see :func:`game_outcome`). A skunk is a loser short
    of ``skunk_line`` = target − 30 (91 or 31), a double skunk short of
    ``double_skunk_line`` = target − 60 (61 or 1). ``past_hole`` (variant, off
    by default): the winning count is added in full, so the winner may stand
    past the game hole (118 + a hand of 14 = 132) and the margin is counted
    from there; by default the winner stops in the hole (121).
    """

    target: int = 121
    game_points: str = "acc"
    spread: str = "margin"
    past_hole: bool = False

    def __post_init__(self):
        _check_choice("target", self.target, TARGETS)
        _check_choice("game_points", self.game_points, GAME_POINTS)
        _check_choice("spread", self.spread, SPREADS)
        if not isinstance(self.past_hole, bool):
            raise CribbageRulesError("past_hole", _("%(name)s must be true or false, not %(value)s"),
                                     name="past_hole", value=self.past_hole)

    @property
    def skunk_line(self) -> int:
        return self.target - 30

    @property
    def double_skunk_line(self) -> int:
        return self.target - 60

    def as_dict(self) -> dict:
        """The options as plain data, for the copy a game keeps. ``past_hole``
        is listed only when on, so the copies of games stored before the
        option read as they did (and re-derive to the hole)."""
        data = asdict(self)
        if not self.past_hole:
            del data["past_hole"]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "CribbageRules":
        """Inverse of :meth:`as_dict`; missing options take their defaults."""
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise CribbageRulesError(key, _("%(key)s is not a cribbage rule option"), key=key)
        return cls(**data)


def _check_player(field: str, value) -> int:
    if isinstance(value, bool) or value not in (0, 1):
        raise CribbageError(field, _("%(name)s must be player 0 or 1, not %(value)s"),
                            name=field, value=value)
    return value


def next_dealer(dealer: int) -> int:
    """The deal alternates between the two players (docs/rules.md, "Cribbage")."""
    return 1 - _check_player("dealer", dealer)


@dataclass(frozen=True, kw_only=True)
class Deal:
    """What the sheet says about one deal; points per player 0 and 1.

    ``pegging`` includes the go points. ``pone_hand``, ``dealer_hand`` and
    ``crib`` are show totals. ``starter`` (a card code, optional) gives his
    heels when it is a jack. ``pegged_out_first`` is asked only when both
    players' pegging would reach the target.
    """

    dealer: int
    starter: str | Card | None = None
    pegging: tuple[int, int] = (0, 0)
    pone_hand: int = 0
    dealer_hand: int = 0
    crib: int = 0
    pegged_out_first: int | None = None


@dataclass(frozen=True)
class DealEvent:
    """One count applied: ``stage``, the ``player`` scoring, ``points`` added, ``score`` after."""

    stage: str
    player: int
    points: int
    score: int


@dataclass(frozen=True)
class DealResult:
    """A deal applied: scores after, his heels (0 or 2), the counts in order.

    ``winner`` and the stage the game ``ended_at`` are ``None`` if it goes on.
    """

    scores_after: tuple[int, int]
    heels: int
    events: tuple[DealEvent, ...]
    winner: int | None
    ended_at: str | None


def _check_points(field: str, value, maximum: int = 10**6, role: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CribbageError(field, _("%(value)s is not a number of points"), value=value)
    if value < 0:
        raise CribbageError(field, _("points cannot be negative (%(value)d)"), value=value)
    if value > maximum and role:
        raise CribbageError(field, _("the %(role)s pegged %(value)d; no deal gives the %(role)s "
                                     "more than %(maximum)d"), role=role, value=value, maximum=maximum)
    if value > maximum:
        raise CribbageError(field, _("%(value)d is more than the %(maximum)d possible"),
                            value=value, maximum=maximum)
    return value


def _check_show(field: str, value) -> int:
    _check_points(field, value, 29)
    if value not in POSSIBLE_SHOW_TOTALS:
        raise CribbageError(field, _("no hand scores %(value)d: 19, 25, 26 and 27 are impossible"),
                            value=value)
    return value


def _check_scores(scores, field: str) -> tuple[int, int]:
    scores = tuple(scores)
    if len(scores) != 2:
        raise CribbageError(field, _("two scores are needed, %(n)d given"), n=len(scores))
    for score in scores:
        _check_points(field, score)
    return scores


def _starter_is_jack(starter) -> bool:
    if starter is None or starter == "":
        return False
    (card,) = parse_distinct(starter, size=1, field="starter")
    return card.rank == "J"


def play_deal(rules: CribbageRules, scores_before, deal: Deal) -> DealResult:
    """Apply one deal to the scores in the counting order, stopping at the target.

    Order: his heels (2 to the dealer for a starter jack), the pegging (if
    only one player's pegging reaches the target, the other's is added
    first; if both would reach it, ``deal.pegged_out_first`` names the winner
    and the loser's pegging stops one point short of the target, since play
    stops when the game is won), the pone's hand, the dealer's hand, the crib.
    The count that reaches the target is added up to the game hole (the
    winner stops at 121, or 61), in full under ``rules.past_hole``; later
    counts are not added. Each event's ``points`` is what was added.

    Checks (:class:`CribbageError` naming the field): ``dealer`` and
    ``pegged_out_first`` are 0 or 1; scores are below the target; pegging is
    0–30 for the dealer, 0–24 for the pone (:data:`MAX_PEGGING_DEALER`,
    :data:`MAX_PEGGING_PONE`); hands and crib are possible show totals (0–29
    but not 19, 25, 26, 27); ``pegged_out_first`` names a player whose
    pegging reaches the target, and is required when both do.
    """
    scores = list(_check_scores(scores_before, "scores_before"))
    if max(scores) >= rules.target:
        raise CribbageError("scores_before", _("the game is over: a score has reached %(target)d"),
                            target=rules.target)
    dealer = _check_player("dealer", deal.dealer)
    pone = 1 - dealer
    pegging = tuple(deal.pegging)
    if len(pegging) != 2:
        raise CribbageError("pegging", _("pegging needs two numbers, %(n)d given"), n=len(pegging))
    _check_points("pegging", pegging[pone], MAX_PEGGING_PONE, "pone")
    _check_points("pegging", pegging[dealer], MAX_PEGGING_DEALER, "dealer")
    shows = [(stage, player, _check_show(stage, getattr(deal, stage)))
             for stage, player in (("pone_hand", pone), ("dealer_hand", dealer), ("crib", dealer))]
    first = deal.pegged_out_first
    if first is not None:
        _check_player("pegged_out_first", first)
    heels = HEELS if _starter_is_jack(deal.starter) else 0
    events: list[DealEvent] = []

    def add(stage: str, player: int, points: int) -> bool:
        if not rules.past_hole:
            points = min(points, rules.target - scores[player])
        scores[player] += points
        events.append(DealEvent(stage, player, points, scores[player]))
        return scores[player] >= rules.target

    def result(winner: int | None, stage: str | None) -> DealResult:
        return DealResult(tuple(scores), heels, tuple(events), winner, stage)

    if heels and add("heels", dealer, heels):
        return result(dealer, "heels")
    reach = [scores[p] + pegging[p] >= rules.target for p in (0, 1)]
    if all(reach) and first is None:
        raise CribbageError("pegged_out_first", _("both players' pegging reaches %(target)d: say "
                                                  "who pegged out first"), target=rules.target)
    if first is not None and not reach[first]:
        raise CribbageError("pegged_out_first", _("player %(player)d did not peg out: %(score)d + "
                                                  "%(points)d is short of %(target)d"),
                            player=first, score=scores[first], points=pegging[first],
                            target=rules.target)
    if any(reach):
        winner = first if all(reach) else reach.index(True)
        loser = 1 - winner
        add("pegging", loser, min(pegging[loser], rules.target - 1 - scores[loser]))
        add("pegging", winner, pegging[winner])
        return result(winner, "pegging")
    add("pegging", pone, pegging[pone])
    add("pegging", dealer, pegging[dealer])
    for stage, player, points in shows:
        if add(stage, player, points):
            return result(player, stage)
    return result(None, None)


@dataclass(frozen=True)
class Outcome:
    """A finished game: who won and by how much, skunks, and what each player records.

    ``game_points`` and ``spread`` are tuples indexed by player.
    """

    winner: int
    loser: int
    margin: int
    skunk: bool
    double_skunk: bool
    game_points: tuple[int, int]
    spread: tuple[int, int]


def game_outcome(rules: CribbageRules, final_scores) -> Outcome:
    """The result of a game from its final scores (docs/rules.md §6).

    Exactly one player must have reached the target. The winner's score is
    taken at the game hole (a stored 132 counts as 121) unless
    ``rules.past_hole``; ``margin`` = that score − loser's score. Skunk: the loser has fewer than
    ``rules.skunk_line`` (91); double skunk: fewer than
    ``rules.double_skunk_line`` (61). Game points, the loser always 0:
    ``"acc"`` win 2, skunk (or double skunk) 3; ``"double_skunk"`` win 2,
    skunk 3, double skunk 4; ``"no_skunks"`` win 2. Spread: ``"margin"`` —
    winner +margin, loser −margin (they sum to 0); ``"loser_121"`` — winner
    +margin, loser −(target − own score), "a loss records 121 − own score"
    (the same as ``"margin"`` when the winner stops in the hole, the default).
    """
    scores = _check_scores(final_scores, "scores")
    reached = [p for p in (0, 1) if scores[p] >= rules.target]
    if len(reached) != 1:
        raise CribbageError(
            "scores",
            _("one player, and only one, must have reached %(target)d (scores %(a)d–%(b)d)"),
            target=rules.target, a=scores[0], b=scores[1],
        )
    winner = reached[0]
    loser = 1 - winner
    won = scores[winner] if rules.past_hole else rules.target
    margin = won - scores[loser]
    skunk = scores[loser] < rules.skunk_line
    double_skunk = scores[loser] < rules.double_skunk_line
    points = 2
    if rules.game_points in ("acc", "double_skunk") and skunk:
        points = 3
    if rules.game_points == "double_skunk" and double_skunk:
        points = 4
    loss = margin if rules.spread == "margin" else rules.target - scores[loser]
    game_points = [0, 0]
    spread = [0, 0]
    game_points[winner], spread[winner], spread[loser] = points, margin, -loss
    return Outcome(winner, loser, margin, skunk, double_skunk, tuple(game_points), tuple(spread))
