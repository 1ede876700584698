"""Cribbage games: starting one, recording, correcting and deleting deals.

The entry workflow (:mod:`league.services.workflow`) locks the game row; these hooks turn the table's inputs into
``scoring.cribbage.Deal`` values, lets ``play_deal`` and ``game_outcome``
derive every number (his heels, the counting order, the end the moment the
target is reached, skunks) and writes inputs and derived values in one
transaction. Nothing is written when any input is invalid (docs/rules.md, "Cribbage").
"""
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.games import CRIBBAGE, kind_of
from league.games.inputs import CribbageDealInput
from league.i18n import render
from league.models import (
    Club, Game, GameSeat, GameSide, Hand, HandKind, HandSide, RuleProfile,
)
from scoring.cribbage import CribbageRules, game_outcome, next_dealer
from scoring.errors import ScoringError
from scoring.messages import Message
from scoring.messages import gettext_noop as N_

from .cribbage_inputs import clean_deal, deal_notes, deal_side_rows, game_names, play_checked, stored_inputs
from .entries import EntryKind, confirm_entry, counter_entry
from .games import record_game_start
from .results import results_sync
from .trust import Actor, snapshot
from .workflow import EntryHooks, entry_delete, entry_record, entry_update, input_data, locked_entries

DEFAULT_CRIBBAGE_PRECEDENCE = ["game_points", "wins", "spread"]

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


@transaction.atomic
def cribbage_game_create(*, club: Club, players, rule_profile: RuleProfile | None = None,
                         rules: CribbageRules | None = None, first_dealer: int = 0, by=None) -> Game:
    """Start a cribbage game: ``players`` are seat 0 and seat 1 (each seat is a
    side). The rules are copied from ``rule_profile`` (or ``rules``, or the
    defaults: 121, ACC game points, spread by margin) onto the game."""
    errors = {}
    if len(players) != 2:
        errors["players"] = [str(CRIBBAGE.players_needed)]
    elif players[0].pk == players[1].pk:
        errors["players"] = [_("A player cannot play against themself.")]
    elif any(p.club_id != club.pk for p in players):
        errors["players"] = [_("Every player must belong to %(club)s.") % {"club": club}]
    if rule_profile is not None and rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    elif rule_profile is not None and rule_profile.kind is not CRIBBAGE:
        errors["rule_profile"] = [_("That rule profile is not for cribbage.")]
    if isinstance(first_dealer, bool) or first_dealer not in (0, 1):
        errors["first_dealer"] = [_("The first dealer is one of the two players.")]
    if errors:
        raise ValidationError(errors)
    try:
        chosen = rules or (rule_profile.rules() if rule_profile else CribbageRules())
    except ScoringError as e:
        raise ValidationError({"rule_profile": [render(e.message)]}) from e
    game = Game.objects.create(
        club=club, game_type=CRIBBAGE.code, rule_profile=rule_profile, rules=chosen.as_dict(),
        first_dealer=first_dealer, created_by=Actor.of(by).user,
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players))
    GameSide.objects.bulk_create(GameSide(game=game, side=s) for s in (0, 1))
    record_game_start(game, players, by)
    return game


def _finish(game: Game, rules: CribbageRules, totals, ended_at, names) -> None:
    """Store totals and the winner with the reason (or reopen), and rewrite a
    league game's results when it is or was finished."""
    was_finished = game.is_finished
    outcome = game_outcome(rules, totals) if ended_at else None
    sides = list(game.sides.all())
    for side in sides:
        side.total = totals[side.side]
        side.won = outcome is not None and outcome.winner == side.side
    GameSide.objects.bulk_update(sides, ["total", "won"])
    if outcome is None:
        game.status, game.winner_side, game.end_reason, game.finished_at = Game.Status.IN_PROGRESS, None, None, None
    else:
        w, lo = outcome.winner, outcome.loser
        reason = Message(END_REASONS[(outcome.skunk, outcome.double_skunk)], winner=names[w], score=totals[w],
                         stage=STAGE_PHRASES[ended_at], loser=names[lo], loser_score=totals[lo])
        game.status, game.winner_side, game.end_reason = Game.Status.FINISHED, w, reason.as_data()
        game.finished_at = game.finished_at or timezone.now()
    game.save(update_fields=["status", "winner_side", "end_reason", "finished_at", "hand_count"])
    if game.table_id is not None and (game.is_finished or was_finished):
        results_sync(game)


@dataclass(frozen=True)
class PlayerLink(Actor):
    """A cribbage table link's phone: ``side`` is the player whose phone it is
    (0 or 1), named so in the audit trail ("link (player 1)"), not as a partnership."""

    @property
    def label(self) -> str:
        if self.side is None:
            return _("table link")
        return _("link (player %(n)d)") % {"n": self.side + 1}


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
    _finish(game, rules, result.scores_after, result.ended_at, names)
    return side_rows


def deal_record(*, game: Game, by=None, expected_number: int | None = None, reason: str = "",
                inputs: CribbageDealInput | None = None, **fields) -> Hand:
    """Record the next deal of ``game``: the dealer alternates from the first
    dealer unless given; derive the deal's points in counting order, the
    running totals and, if someone reached the target, the result.
    The steps (the expected number, the locked night's reason) are
    :func:`~league.services.workflow.entry_record`'s."""
    return entry_record(game=game, by=by, hooks=DEAL_HOOKS, inputs=inputs or CribbageDealInput(**fields),
                        expected_number=expected_number, reason=reason)


def _derive(game: Game, hands: list[Hand], inputs_by_pk: dict, changed_pk=None):
    """Play every deal from 0–0: ``[(hand, inputs, totals before, DealResult)]``,
    the final totals and the stage that ended the game (or None). An error in
    a deal other than ``changed_pk`` is reported with its number."""
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
        steps.append((hand, inputs, totals, result))
        totals, ended_at, ended_number = result.scores_after, result.ended_at, position
    return steps, totals, ended_at


def _rederive(game: Game, hands: list[Hand], inputs_by_pk: dict, changed_pk=None) -> None:
    """Re-run every deal and rewrite every derived number, the totals and the result."""
    steps, totals, ended_at = _derive(game, hands, inputs_by_pk, changed_pk)
    names, rows = game_names(game), []
    for hand, inputs, before, result in steps:
        hand.ended_stage, hand.notes = result.ended_at or "", deal_notes(inputs, result, names)
        old = {r.side: r for r in hand.side_rows.all()}
        for new in deal_side_rows(hand, inputs, before, result):
            row = old[new.side]
            row.pegging, row.show, row.crib, row.delta, row.total = new.pegging, new.show, new.crib, new.delta, new.total
            rows.append(row)
    Hand.objects.bulk_update(hands, ["ended_stage", "notes"])
    HandSide.objects.bulk_update(rows, ["pegging", "show", "crib", "delta", "total"])
    game.hand_count = len(hands)
    _finish(game, CribbageRules.from_dict(game.rules), totals, ended_at, names)


def cribbage_differences(game: Game) -> list[str]:
    """Every stored derived number of a cribbage game that ``play_deal`` would
    derive differently from the stored inputs (``manage.py rescore --check``)."""
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    try:
        steps, totals, ended_at = _derive(game, hands, {h.pk: stored_inputs(h) for h in hands})
    except ValidationError as e:
        return [f"game {game.pk}: inputs no longer score: {' '.join(e.messages)}"]
    diffs = []
    for hand, inputs, before, result in steps:
        if hand.ended_stage != (result.ended_at or ""):
            diffs.append(f"game {game.pk} deal {hand.number}: ended_stage {hand.ended_stage!r} != {result.ended_at!r}")
        for row in hand.side_rows.all():
            for name, expected in (("delta", result.scores_after[row.side] - before[row.side]),
                                   ("total", result.scores_after[row.side])):
                if getattr(row, name) != expected:
                    diffs.append(f"game {game.pk} deal {hand.number} player {row.side}: "
                                 f"{name} {getattr(row, name)} != {expected}")
    winner = game_outcome(CribbageRules.from_dict(game.rules), totals).winner if ended_at else None
    for side in game.sides.all():
        if (side.total, side.won) != (totals[side.side], winner == side.side):
            diffs.append(f"game {game.pk} player {side.side}: total {side.total} won {side.won} != "
                         f"{totals[side.side]} {winner == side.side}")
    if (game.winner_side, game.hand_count) != (winner, len(hands)):
        diffs.append(f"game {game.pk}: winner {game.winner_side}, {game.hand_count} deals != {winner}, {len(hands)}")
    return diffs


@transaction.atomic
def cribbage_rescore(game: Game) -> None:
    """Rewrite every derived number of a cribbage game from its stored inputs."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    _rederive(game, hands, {h.pk: stored_inputs(h) for h in hands})


def _apply_deal(target: Hand, data: dict) -> None:
    target.dealer, target.starter, target.pegged_out_first = data["dealer"], data["starter"], data["pegged_out_first"]


DEAL_HOOKS = EntryHooks(
    stored=stored_inputs,
    input_class=CribbageDealInput,
    clean=lambda target, inputs: clean_deal({**stored_inputs(target), **inputs}, default_dealer=target.dealer),
    apply=_apply_deal,
    ask_side=lambda game: ask_player(game_names(game)),
    rederive=_rederive,
    changed=gettext_lazy("Deal %(number)d was changed by someone else meanwhile; here are the current values."),
    gone=gettext_lazy("That deal no longer exists."),
    edited=gettext_lazy("deal %(n)d edited"),
    deleted=gettext_lazy("deal %(n)d deleted"),
    belongs=lambda game: kind_of(game) is CRIBBAGE,
    wrong_kind=gettext_lazy("This is not a cribbage game."),
    just_entered=gettext_lazy("Deal %(number)d was just entered from another device; here is the board with it."),
    over=gettext_lazy("This game is over; edit a deal to change its result."),
    entered=gettext_lazy("deal %(n)d entered"),
    clean_new=_clean_new,
    score_new=_score_new,
    fields_new=_fields_new,
    store_new=_store_new,
)


def deal_update(*, hand: Hand, by=None, expected_version: int | None = None, reason: str = "",
                inputs: CribbageDealInput | None = None, **fields) -> Hand:
    """Correct a deal: the inputs given replace the stored ones, then every
    later total and the result are re-derived (the game may end, end at
    another deal, or reopen)."""
    return entry_update(hand=hand, by=by, hooks=DEAL_HOOKS, inputs=inputs or CribbageDealInput(**fields),
                        expected_version=expected_version, reason=reason)


def deal_delete(*, hand: Hand, by=None, reason: str = "") -> None:
    """Delete a deal, renumber the later ones and re-derive every total and
    the result. The audit trail keeps the deleted deal's values."""
    entry_delete(hand=hand, by=by, hooks=DEAL_HOOKS, reason=reason)


DEALS = EntryKind(
    already_confirmed=gettext_lazy("Deal %(n)d is already confirmed."),
    disputed=gettext_lazy("Deal %(n)d is disputed: an organizer decides."),
    entering_side_refused=lambda game: _("The other player confirms a deal, not the one who entered it."),
    ask_side=lambda game: ask_player(game_names(game)),
    snapshot=snapshot,
    dispute_syncs_results=True,
)


def deal_confirm(*, hand: Hand, by=None, reason: str = "") -> Hand:
    """The other player (or an organizer) agrees with the deal as entered.
    A disputed deal is settled by an organizer, not by the table link."""
    return confirm_entry(hand=hand, by=by, kind=DEALS, reason=reason)


def _points(inputs: dict, heels: int) -> tuple:
    """What the two versions of a deal must agree on: who dealt, each count and his heels."""
    return (inputs["dealer"], tuple(inputs["pegging"]), inputs["pone_hand"], inputs["dealer_hand"],
            inputs["crib"], inputs["pegged_out_first"], heels)


def _their_deal(hand: Hand, inputs: dict) -> dict | None:
    """The other player's deal as stored when its points differ from ``hand``'s, else None.
    Their version must be a deal that scores from the same totals."""
    game = hand.game
    _hands, target = locked_entries(hand, DEAL_HOOKS)[1:]
    theirs = clean_deal(inputs, default_dealer=target.dealer)
    rules, names = CribbageRules.from_dict(game.rules), game_names(game)
    before = tuple(r.total - r.delta for r in sorted(target.side_rows.all(), key=lambda r: r.side))
    ours = stored_inputs(target)
    heels = {k: play_checked(rules, before, v, names).heels for k, v in (("ours", ours), ("theirs", theirs))}
    if _points(ours, heels["ours"]) == _points(theirs, heels["theirs"]):
        return None
    return {**theirs, "pegging": list(theirs["pegging"])}


def deal_counter(*, hand: Hand, by=None, inputs: CribbageDealInput | None = None, **fields) -> Hand:
    """The other player enters the same deal itself: the same points confirm
    it; different points flag it for the organizer with both versions."""
    inputs = input_data(DEAL_HOOKS, inputs or CribbageDealInput(**fields))
    return counter_entry(hand=hand, by=by, kind=DEALS, theirs=lambda locked: _their_deal(locked, inputs))
