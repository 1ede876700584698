"""Rummy-style Pinochle games: starting one, recording, correcting and deleting rounds.

Each service locks the game row, hands both teams' inputs to
``scoring.rummy.score_round`` (which applies barbele: a team at 750 or more
needs 70 in its first meld, a failed opening costs 50) and ``game_end`` (1500,
or the higher total after 8 rounds in the variant), and writes the inputs,
each team's round total, the running totals, the barbele warnings (in
``Hand.notes``) and the result in one transaction. Nothing is written when
any input is invalid (docs/rules.md, "Rummy-style Pinochle").

A league table's game (progressive or fixed partnerships) has its result
rows rewritten (``results_sync``) in the same transaction whenever a write
finishes, re-finishes or reopens it; a locked night refuses the table link
and asks an organizer for a reason (``check_write``).
"""
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.games import RUMMY, kind_of
from league.games.inputs import RummyRoundInput
from league.i18n import render
from league.models import Club, Game, GameSeat, GameSide, Hand, HandKind, HandSide
from scoring.errors import ScoringError
from scoring.rummy import RummyRules, game_end

from .entries import EntryKind, confirm_entry, counter_entry
from .games import record_game_start
from .results import results_sync
from .rummy_inputs import (
    clean_teams, round_notes, round_side_rows, rules_of, score_checked, snapshot, stored_teams, team_names,
)
from .trust import Actor
from .workflow import EntryHooks, entry_delete, entry_record, entry_update, input_data, locked_entries


def _rules(rules) -> RummyRules:
    if rules is None:
        return RummyRules()
    if isinstance(rules, RummyRules):
        return rules
    try:
        return RummyRules.from_dict(rules)
    except ScoringError as e:
        raise ValidationError({"rules": [render(e.message)]}) from e


@transaction.atomic
def rummy_game_create(*, club: Club, players, rules=None, rule_profile=None, first_dealer: int = 0,
                      by=None) -> Game:
    """Start a rummy game: ``players`` sit N, E, S, W (partners opposite: N–S
    is side 0, E–W side 1). ``rules`` is a ``RummyRules``, its dict, or None
    for ``rule_profile``'s rules or else the defaults (1500, barbele at 750);
    they are copied onto the game."""
    errors = {}
    if rule_profile is not None and rule_profile.club_id != club.pk:
        errors["rule_profile"] = [_("That rule profile belongs to another club.")]
    elif rule_profile is not None and rule_profile.kind is not RUMMY:
        errors["rule_profile"] = [_("That rule profile is for another game.")]
    players = list(players)
    if len(players) != 4:
        errors["players"] = [str(RUMMY.players_needed)]
    elif len({p.pk for p in players}) != 4:
        errors["players"] = [_("Four different players, please.")]
    elif any(p.club_id != club.pk for p in players):
        errors["players"] = [_("Every player must belong to %(club)s.") % {"club": club}]
    if isinstance(first_dealer, bool) or first_dealer not in (0, 1, 2, 3):
        errors["first_dealer"] = [_("The first dealer is one of the four seats.")]
    if errors:
        raise ValidationError(errors)
    chosen = _rules(rules if rules is not None or rule_profile is None else rule_profile.options)
    game = Game.objects.create(
        club=club, game_type=RUMMY.code, rules=chosen.as_dict(), first_dealer=first_dealer, rule_profile=rule_profile,
        hand_limit=chosen.rounds_limit, created_by=Actor.of(by).user,
    )
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=i, player=p) for i, p in enumerate(players))
    GameSide.objects.bulk_create(GameSide(game=game, side=s) for s in (0, 1))
    record_game_start(game, players, by)
    return game


def _finish(game: Game, totals, end) -> None:
    """Store the totals and the result with its reason (or reopen the game),
    and rewrite a league game's results when it is or was finished."""
    was_finished = game.is_finished
    sides = list(game.sides.all())
    for side in sides:
        side.total = totals[side.side]
        side.won = end.ended and end.winner == side.side
    GameSide.objects.bulk_update(sides, ["total", "won"])
    if not end.ended:
        game.status, game.winner_side, game.end_reason, game.finished_at = Game.Status.IN_PROGRESS, None, None, None
    else:
        game.status, game.winner_side, game.end_reason = Game.Status.FINISHED, end.winner, end.reason.as_data()
        game.finished_at = game.finished_at or timezone.now()
    game.save(update_fields=["status", "winner_side", "end_reason", "finished_at", "hand_count"])
    if game.table_id is not None and (game.is_finished or was_finished):
        results_sync(game)


def ask_side() -> str:
    """The question a table link's phone answers before its rounds count."""
    return _("Say which side this phone is: N–S or E–W.")


def _dealer(game: Game, number: int) -> int:
    """The deal passes to the left: N, E, S, W from the first dealer."""
    return (game.first_dealer + number - 1) % 4


def _score_new(game: Game, data):
    """The next round scored from the totals: ``(rules, totals before, RoundScore)``."""
    rules = rules_of(game)
    before = tuple(s.total for s in game.sides.order_by("side"))
    return rules, before, score_checked(rules, before, data)


def _store_new(game: Game, hand: Hand, data, scored) -> list[HandSide]:
    rules, before, score = scored
    rows = HandSide.objects.bulk_create(round_side_rows(hand, data, before, score))
    game.hand_count = hand.number
    _finish(game, score.totals_after, game_end(rules, score.totals_after, hand.number, team_names()))
    return rows


def round_record(*, game: Game, teams=None, by=None, expected_number: int | None = None, reason: str = "",
                 inputs: RummyRoundInput | None = None) -> Hand:
    """Record the next round of ``game`` from ``teams`` (N–S's inputs, then
    E–W's): score it, store each team's round total and running total, the
    barbele warnings and, if the game ended, the winner with the reason.
    The steps are :func:`~league.services.workflow.entry_record`'s."""
    return entry_record(game=game, by=by, hooks=ROUND_HOOKS, inputs=inputs or RummyRoundInput(teams=teams),
                        expected_number=expected_number, reason=reason)


def _derive(game: Game, hands: list[Hand], teams_by_pk: dict, changed_pk=None):
    """Score every round from 0–0: ``[(hand, teams, totals before, RoundScore)]``,
    the final totals and the end. A round after the end is refused; an error
    in a round other than ``changed_pk`` is reported with its number."""
    rules, names = rules_of(game), team_names()
    totals, steps = (0, 0), []
    end = game_end(rules, totals, 0, names)
    for position, hand in enumerate(hands, start=1):
        if end.ended:
            raise ValidationError(_("The game would end at round %(end)d; round %(number)d cannot follow it. "
                                    "Delete the later rounds first.") % {"end": position - 1, "number": position})
        teams = teams_by_pk[hand.pk]
        try:
            score = score_checked(rules, totals, teams)
        except ValidationError as e:
            if hand.pk == changed_pk:
                raise
            raise ValidationError(_("Round %(number)d: %(error)s") % {
                "number": position, "error": " ".join(e.messages)}) from e
        steps.append((hand, teams, totals, score))
        totals = score.totals_after
        end = game_end(rules, totals, position, names)
    return steps, totals, end


def _rederive(game: Game, hands: list[Hand], teams_by_pk: dict, changed_pk=None) -> None:
    """Re-score every round and rewrite every derived number, the totals and the result."""
    steps, totals, end = _derive(game, hands, teams_by_pk, changed_pk)
    rows = []
    for position, (hand, teams, before, score) in enumerate(steps, start=1):
        hand.notes, hand.dealer = round_notes(score), _dealer(game, position)
        old = {r.side: r for r in hand.side_rows.all()}
        for new in round_side_rows(hand, teams, before, score):
            row = old[new.side]
            row.meld, row.detail, row.counted_meld, row.delta, row.total = (
                new.meld, new.detail, new.counted_meld, new.delta, new.total)
            rows.append(row)
    Hand.objects.bulk_update(hands, ["notes", "dealer"])
    HandSide.objects.bulk_update(rows, ["meld", "detail", "counted_meld", "delta", "total"])
    game.hand_count = len(hands)
    _finish(game, totals, end)


def rummy_differences(game: Game) -> list[str]:
    """Every stored derived number of a rummy game that ``score_round`` would
    derive differently from the stored inputs (``manage.py rescore --check``)."""
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    try:
        steps, totals, end = _derive(game, hands, {h.pk: stored_teams(h) for h in hands})
    except ValidationError as e:
        return [f"game {game.pk}: inputs no longer score: {' '.join(e.messages)}"]
    diffs = []
    for hand, teams, before, score in steps:
        expected = {r.side: r for r in round_side_rows(hand, teams, before, score)}
        for row in hand.side_rows.all():
            for name in ("counted_meld", "delta", "total"):
                if getattr(row, name) != getattr(expected[row.side], name):
                    diffs.append(f"game {game.pk} round {hand.number} side {row.side}: "
                                 f"{name} {getattr(row, name)} != {getattr(expected[row.side], name)}")
    winner = end.winner if end.ended else None
    for side in game.sides.all():
        if (side.total, side.won) != (totals[side.side], winner == side.side):
            diffs.append(f"game {game.pk} side {side.side}: total {side.total} won {side.won} != "
                         f"{totals[side.side]} {winner == side.side}")
    if (game.winner_side, game.hand_count) != (winner, len(hands)):
        diffs.append(f"game {game.pk}: winner {game.winner_side}, {game.hand_count} rounds != {winner}, {len(hands)}")
    return diffs


@transaction.atomic
def rummy_rescore(game: Game) -> None:
    """Rewrite every derived number of a rummy game from its stored inputs."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    _rederive(game, hands, {h.pk: stored_teams(h) for h in hands})


ROUND_HOOKS = EntryHooks(
    stored=stored_teams,
    input_class=RummyRoundInput,
    clean=lambda target, teams: clean_teams(teams),
    apply=lambda target, teams: None,  # a round's inputs are its team rows, rewritten by re-deriving
    ask_side=lambda game: ask_side(),
    rederive=_rederive,
    changed=gettext_lazy("Round %(number)d was changed by someone else meanwhile; here are the current values."),
    gone=gettext_lazy("That round no longer exists."),
    edited=gettext_lazy("round %(n)d edited"),
    deleted=gettext_lazy("round %(n)d deleted"),
    snapshot=snapshot,
    belongs=lambda game: kind_of(game) is RUMMY,
    wrong_kind=gettext_lazy("This is not a rummy game."),
    just_entered=gettext_lazy("Round %(number)d was just entered from another device; here is the game with it."),
    over=gettext_lazy("This game is over; edit a round to change its result."),
    entered=gettext_lazy("round %(n)d entered"),
    clean_new=lambda game, teams: clean_teams(teams),
    score_new=_score_new,
    fields_new=lambda game, data, scored: {"kind": HandKind.ROUND, "dealer": _dealer(game, game.hand_count + 1),
                                           "notes": round_notes(scored[2])},
    store_new=_store_new,
)


def round_update(*, hand: Hand, teams=None, by=None, expected_version: int | None = None, reason: str = "",
                 inputs: RummyRoundInput | None = None) -> Hand:
    """Correct a round: ``teams`` replace its inputs, then every later round,
    the totals and the result are re-derived (the game may end, end at
    another round, or reopen)."""
    return entry_update(hand=hand, by=by, hooks=ROUND_HOOKS, inputs=inputs or RummyRoundInput(teams=teams),
                        expected_version=expected_version, reason=reason)


def round_delete(*, hand: Hand, by=None, reason: str = "") -> None:
    """Delete a round, renumber the later ones and re-derive every total and
    the result. The audit trail keeps the deleted round's values."""
    entry_delete(hand=hand, by=by, hooks=ROUND_HOOKS, reason=reason)


ROUNDS = EntryKind(
    already_confirmed=gettext_lazy("Round %(n)d is already confirmed."),
    disputed=gettext_lazy("Round %(n)d is disputed: an organizer decides."),
    entering_side_refused=lambda game: _("The other side confirms a round, not the side that entered it."),
    ask_side=lambda game: ask_side(),
    snapshot=snapshot,
    dispute_syncs_results=True,
)


def round_confirm(*, hand: Hand, by=None, reason: str = "") -> Hand:
    """The other side (or an organizer) agrees with the round as entered.
    A disputed round is settled by an organizer, not by the table link."""
    return confirm_entry(hand=hand, by=by, kind=ROUNDS, reason=reason)


def _their_round(hand: Hand, teams) -> dict | None:
    """The other side's round as stored (``{"teams": ...}``) when its inputs differ
    from ``hand``'s, else None. Their version must be a round that scores."""
    _hands, target = locked_entries(hand, ROUND_HOOKS)[1:]
    theirs = clean_teams(teams)
    before = tuple(r.total - r.delta for r in sorted(target.side_rows.all(), key=lambda r: r.side))
    score_checked(rules_of(hand.game), before, theirs)
    if theirs == stored_teams(target):
        return None
    return {"teams": theirs}


def round_counter(*, hand: Hand, teams=None, by=None, inputs: RummyRoundInput | None = None) -> Hand:
    """The other side enters the same round itself: the same inputs for both
    teams confirm it; different ones flag it for the organizer with both versions."""
    teams = input_data(ROUND_HOOKS, inputs or RummyRoundInput(teams=teams))
    return counter_entry(hand=hand, by=by, kind=ROUNDS, theirs=lambda locked: _their_round(locked, teams))
