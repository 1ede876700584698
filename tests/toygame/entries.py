"""Toy Tally's hands in the one entry workflow (:mod:`league.services.workflow`).

A hand's inputs are each side's score and whether it was a misdeal. They are
stored on the shared rows: ``Hand.kind`` is ``round`` (``passed`` for a
misdeal: the core table's check wants a bidder unless the kind is one of
``passed``, ``deal`` or ``round``), each ``HandSide`` keeps its score in ``detail`` ("score") and the
derived ``delta`` and running ``total``. No column of its own, so no migration.
"""
from dataclasses import dataclass

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.games.inputs import UNSET, EntryInput
from league.i18n import render
from league.models import Game, Hand, HandKind, HandSide
from league.models.game import SIDE_LABELS
from league.services.rescore import Derived, Ending, Step, finish
from league.services.workflow import EntryHooks
from scoring.errors import ScoringError

from .engine import ToyHand, ToyRules, game_end, score_hand

FIELDS = ("score_0", "score_1", "misdeal")


@dataclass(frozen=True, kw_only=True)
class ToyHandInput(EntryInput):
    """One Toy Tally hand: ``scores`` (N–S, E–W) and ``misdeal``."""

    scores: tuple | object = UNSET
    misdeal: bool | object = UNSET


def rules_of(game: Game) -> ToyRules:
    return ToyRules.from_dict(game.rules)


def clean(data: dict) -> ToyHand:
    """The hand's inputs as the engine takes them: blank scores are 0."""
    misdeal = bool(data.get("misdeal") or False)
    scores = data.get("scores")
    if scores in (None, UNSET):
        scores = (0, 0)
    if not isinstance(scores, (list, tuple)) or len(scores) != 2:
        raise ValidationError({NON_FIELD_ERRORS: [_("A hand needs a score for each side.")]})
    return ToyHand(scores=tuple(0 if s in (None, "") else s for s in scores), misdeal=misdeal)


def scored(rules: ToyRules, totals, hand: ToyHand):
    """The engine's :class:`~tests.toygame.engine.HandScore`; its error under the field it names."""
    try:
        return score_hand(rules, totals, hand)
    except ScoringError as e:
        key = e.field if e.field in FIELDS else NON_FIELD_ERRORS
        raise ValidationError({key: [render(e.message)]}) from e


def _ending(rules, totals) -> Ending:
    end = game_end(rules, totals, [str(label) for label in SIDE_LABELS])
    if not end.ended:
        return Ending(totals, False)
    return Ending(totals, True, end.winner, end.reason.as_data())


def side_rows(hand: Hand, data: ToyHand, score) -> list[HandSide]:
    return [HandSide(hand=hand, side=s, detail={"score": data.scores[s]}, delta=score.deltas[s],
                     total=score.totals_after[s]) for s in (0, 1)]


def stored(hand: Hand) -> ToyHand:
    rows = {r.side: r for r in hand.side_rows.all()}
    return ToyHand(scores=tuple(rows[s].detail.get("score", 0) for s in (0, 1)),
                   misdeal=hand.kind == HandKind.PASSED)


def apply(target: Hand, data: ToyHand) -> None:
    target.kind = HandKind.PASSED if data.misdeal else HandKind.ROUND


def _dealer(game: Game, number: int) -> int:
    return (game.first_dealer + number - 1) % 4


def derive(game: Game, hands: list[Hand], inputs_by_pk: dict, changed_pk=None) -> Derived:
    """Every hand again from 0–0; a hand after the end is refused."""
    rules, totals, steps, ended = rules_of(game), (0, 0), [], False
    for position, hand in enumerate(hands, start=1):
        if ended:
            raise ValidationError(_("The game would end at hand %(end)d; hand %(number)d cannot follow it. "
                                    "Delete the later hands first.") % {"end": position - 1, "number": position})
        data = inputs_by_pk[hand.pk]
        score = scored(rules, totals, data)
        steps.append(Step(hand, {"dealer": _dealer(game, position)}, side_rows(hand, data, score)))
        totals = score.totals_after
        ended = _ending(rules, totals).ended
    return Derived(steps, _ending(rules, totals))


def _score_new(game: Game, data: ToyHand):
    rules = rules_of(game)
    before = tuple(s.total for s in game.sides.order_by("side"))
    return rules, scored(rules, before, data)


def _store_new(game: Game, hand: Hand, data: ToyHand, result) -> list[HandSide]:
    rules, score = result
    rows = HandSide.objects.bulk_create(side_rows(hand, data, score))
    game.hand_count = hand.number
    finish(game, _ending(rules, score.totals_after))
    return rows


def snapshot(hand: Hand, rows=None) -> dict:
    """The hand as plain data for the audit trail."""
    rows = rows if rows is not None else list(HandSide.objects.filter(hand=hand))
    return {"number": hand.number, "kind": hand.kind, "dealer": hand.dealer,
            "sides": [{"score": r.detail.get("score", 0), "delta": r.delta, "total": r.total}
                      for r in sorted(rows, key=lambda r: r.side)]}


def _theirs(hand: Hand, data) -> dict | None:
    theirs = clean(data)
    before = tuple(r.total - r.delta for r in sorted(hand.side_rows.all(), key=lambda r: r.side))
    scored(rules_of(hand.game), before, theirs)
    if theirs == stored(hand):
        return None
    return {"scores": list(theirs.scores), "misdeal": theirs.misdeal}


HOOKS = EntryHooks(
    stored=stored,
    input_class=ToyHandInput,
    clean=lambda target, data: clean(data),
    apply=apply,
    ask_side=lambda game=None: _("Say which side this phone is: N–S or E–W."),
    derive=derive,
    hand_fields=("dealer",),
    side_fields=("detail", "delta", "total"),
    checked_hand=(),
    checked_side=("delta", "total"),
    changed=gettext_lazy("Hand %(number)d was changed by someone else meanwhile; here are the current values."),
    gone=gettext_lazy("That hand no longer exists."),
    edited=gettext_lazy("hand %(n)d edited"),
    deleted=gettext_lazy("hand %(n)d deleted"),
    snapshot=snapshot,
    just_entered=gettext_lazy("Hand %(number)d was just entered from another device; here is the game with it."),
    over=gettext_lazy("This game is over; edit a hand to change its result."),
    entered=gettext_lazy("hand %(n)d entered"),
    clean_new=lambda game, data: clean(data),
    score_new=_score_new,
    fields_new=lambda game, data, result: {
        "kind": HandKind.PASSED if data.misdeal else HandKind.ROUND,
        "dealer": _dealer(game, game.hand_count + 1)},
    store_new=_store_new,
    already_confirmed=gettext_lazy("Hand %(n)d is already confirmed."),
    disputed=gettext_lazy("Hand %(n)d is disputed: an organizer decides."),
    entering_side_refused=lambda game: _("The other side confirms a hand, not the side that entered it."),
    theirs=_theirs,
    dispute_syncs_results=True,
)
