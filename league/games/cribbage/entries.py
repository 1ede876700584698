"""Cribbage deals: the kind's hooks into the one entry workflow
(:mod:`league.services.workflow`).

These hooks turn the table's inputs into ``scoring.cribbage.Deal`` values and let
``play_deal`` and ``game_outcome`` derive every number (his heels, the counting
order, the end the moment the target is reached, skunks); the workflow writes
inputs and derived values in one transaction. Nothing is written when any
input is invalid (docs/rules.md, "Cribbage").
"""
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.games.cribbage.inputs import CribbageDealInput
from league.models import Game, Hand, HandKind, HandSide
from league.games.cribbage.inputs import (
    clean_deal, deal_notes, deal_side_rows, game_names, play_checked, stored_inputs,
)
from league.services.rescore import Derived, Ending, Step, finish
from league.services.trust import snapshot
from league.services.workflow import EntryHooks
from scoring.cribbage import CribbageRules, game_outcome, next_dealer
from scoring.messages import Message
from scoring.messages import gettext_noop as N_

STAGE_PHRASES = {
    "heels": N_("his heels"),
    "pegging": N_("pegging"),
    "pone_hand": N_("the pone's hand"),
    "dealer_hand": N_("the dealer's hand"),
    "crib": N_("the crib"),
}
END_REASONS = {
    (False, False): N_("%(winner)s reached %(score)d with %(stage)s; %(loser)s %(loser_score)d"),
    (True, False): N_("%(winner)s reached %(score)d with %(stage)s; %(loser)s %(loser_score)d: skunk"),
    (True, True): N_("%(winner)s reached %(score)d with %(stage)s; %(loser)s %(loser_score)d: double skunk"),
}


def _ending(rules: CribbageRules, totals, ended_at, names) -> Ending:
    """The totals and, once someone reached the target, the winner with the reason."""
    if not ended_at:
        return Ending(totals, False)
    outcome = game_outcome(rules, totals)
    w, lo = outcome.winner, outcome.loser
    reason = Message(END_REASONS[(outcome.skunk, outcome.double_skunk)], winner=names[w], score=totals[w],
                     stage=STAGE_PHRASES[ended_at], loser=names[lo], loser_score=totals[lo])
    return Ending(totals, True, w, reason.as_data())


def ask_player(names) -> str:
    """The question a table link's phone answers before its deals count."""
    return _("Say which player this phone is: %(first)s or %(second)s.") % {"first": names[0], "second": names[1]}


def _clean_new(game: Game, inputs: dict) -> dict:
    """The next deal's inputs: the dealer alternates from the first dealer unless given."""
    last = game.hands.order_by("-number").only("dealer", "number").first()
    return clean_deal(inputs, default_dealer=next_dealer(last.dealer) if last else game.first_dealer)


def _score_new(game: Game, data: dict):
    """The next deal played from the totals: ``(rules, names, totals before, DealResult)``."""
    rules, names = CribbageRules.from_dict(game.rules), game_names(game)
    before = tuple(s.total for s in game.sides.order_by("side"))
    return rules, names, before, play_checked(rules, before, data, names)


def _fields_new(game: Game, data: dict, scored) -> dict:
    names, result = scored[1], scored[3]
    return {"kind": HandKind.DEAL, "dealer": data["dealer"], "starter": data["starter"],
            "pegged_out_first": data["pegged_out_first"], "ended_stage": result.ended_at or "",
            "notes": deal_notes(data, result, names)}


def _store_new(game: Game, hand: Hand, data: dict, scored) -> list[HandSide]:
    rules, names, before, result = scored
    side_rows = HandSide.objects.bulk_create(deal_side_rows(hand, data, before, result))
    game.hand_count += 1
    finish(game, _ending(rules, result.scores_after, result.ended_at, names))
    return side_rows


def derive(game: Game, hands: list[Hand], inputs_by_pk: dict, changed_pk=None) -> Derived:
    """Play every deal from 0–0. A deal after the end is refused; an error in a
    deal other than ``changed_pk`` is reported with its number."""
    rules, names = CribbageRules.from_dict(game.rules), game_names(game)
    totals, ended_at, ended_number, steps = (0, 0), None, None, []
    for position, hand in enumerate(hands, start=1):
        if ended_at is not None:
            raise ValidationError(_("The game would end at deal %(end)d; deal %(number)d cannot follow it. "
                                    "Delete the later deals first.") % {"end": ended_number, "number": position})
        inputs = inputs_by_pk[hand.pk]
        try:
            result = play_checked(rules, totals, inputs, names)
        except ValidationError as e:
            if hand.pk == changed_pk:
                raise
            raise ValidationError(_("Deal %(number)d: %(error)s") % {
                "number": position, "error": " ".join(e.messages)}) from e
        steps.append(Step(hand, {"ended_stage": result.ended_at or "", "notes": deal_notes(inputs, result, names)},
                          deal_side_rows(hand, inputs, totals, result)))
        totals, ended_at, ended_number = result.scores_after, result.ended_at, position
    return Derived(steps, _ending(rules, totals, ended_at, names))


def _apply_deal(target: Hand, data: dict) -> None:
    target.dealer, target.starter, target.pegged_out_first = data["dealer"], data["starter"], data["pegged_out_first"]


def _points(inputs: dict, heels: int) -> tuple:
    """What the two versions of a deal must agree on: who dealt, each count and his heels."""
    return (inputs["dealer"], tuple(inputs["pegging"]), inputs["pone_hand"], inputs["dealer_hand"],
            inputs["crib"], inputs["pegged_out_first"], heels)


def _their_deal(hand: Hand, inputs: dict) -> dict | None:
    """The other player's deal as stored when its points differ from ``hand``'s, else None.
    Their version must be a deal that scores from the same totals."""
    game = hand.game
    theirs = clean_deal(inputs, default_dealer=hand.dealer)
    rules, names = CribbageRules.from_dict(game.rules), game_names(game)
    before = tuple(r.total - r.delta for r in sorted(hand.side_rows.all(), key=lambda r: r.side))
    ours = stored_inputs(hand)
    heels = {k: play_checked(rules, before, v, names).heels for k, v in (("ours", ours), ("theirs", theirs))}
    if _points(ours, heels["ours"]) == _points(theirs, heels["theirs"]):
        return None
    return {**theirs, "pegging": list(theirs["pegging"])}


DEAL_HOOKS = EntryHooks(
    stored=stored_inputs,
    input_class=CribbageDealInput,
    clean=lambda target, inputs: clean_deal({**stored_inputs(target), **inputs}, default_dealer=target.dealer),
    apply=_apply_deal,
    ask_side=lambda game: ask_player(game_names(game)),
    derive=derive,
    hand_fields=("ended_stage", "notes"),
    side_fields=("pegging", "show", "crib", "delta", "total"),
    checked_hand=("ended_stage",),
    checked_side=("delta", "total"),
    side_word="player",
    changed=gettext_lazy("Deal %(number)d was changed by someone else meanwhile; here are the current values."),
    gone=gettext_lazy("That deal no longer exists."),
    edited=gettext_lazy("deal %(n)d edited"),
    deleted=gettext_lazy("deal %(n)d deleted"),
    snapshot=snapshot,
    just_entered=gettext_lazy("Deal %(number)d was just entered from another device; here is the board with it."),
    over=gettext_lazy("This game is over; edit a deal to change its result."),
    entered=gettext_lazy("deal %(n)d entered"),
    clean_new=_clean_new,
    score_new=_score_new,
    fields_new=_fields_new,
    store_new=_store_new,
    already_confirmed=gettext_lazy("Deal %(n)d is already confirmed."),
    disputed=gettext_lazy("Deal %(n)d is disputed: an organizer decides."),
    entering_side_refused=lambda game: _("The other player confirms a deal, not the one who entered it."),
    theirs=_their_deal,
    dispute_syncs_results=True,
)
