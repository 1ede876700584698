"""Rummy-style Pinochle rounds: the kind's hooks into the one entry workflow
(:mod:`league.services.workflow`).

These hooks hand both teams' inputs to ``scoring.rummy.score_round`` (which
applies barbele: a team at 750 or more needs 70 in its first meld, a failed
opening costs 50) and ``game_end`` (1500, or the higher total after 8 rounds in
the variant); the workflow writes the inputs, each team's round total, the
running totals, the barbele warnings (in ``Hand.notes``) and the result in one
transaction. Nothing is written when any input is invalid (docs/rules.md,
"Rummy-style Pinochle").
"""
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league.games.rummy.inputs import RummyRoundInput
from league.models import Game, Hand, HandKind, HandSide
from league.services.rescore import Derived, Ending, Step, finish
from league.games.rummy.inputs import (
    clean_teams, round_notes, round_side_rows, rules_of, score_checked, snapshot, stored_teams, team_names,
)
from league.services.workflow import EntryHooks
from scoring.rummy import game_end


def _ending(totals, end) -> Ending:
    if not end.ended:
        return Ending(totals, False)
    return Ending(totals, True, end.winner, end.reason.as_data())


def ask_side(game=None) -> str:
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
    finish(game, _ending(score.totals_after, game_end(rules, score.totals_after, hand.number, team_names())))
    return rows


def derive(game: Game, hands: list[Hand], teams_by_pk: dict, changed_pk=None) -> Derived:
    """Score every round from 0–0. A round after the end is refused; an error
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
        steps.append(Step(hand, {"notes": round_notes(score), "dealer": _dealer(game, position)},
                          round_side_rows(hand, teams, totals, score)))
        totals = score.totals_after
        end = game_end(rules, totals, position, names)
    return Derived(steps, _ending(totals, end))


def _their_round(hand: Hand, teams) -> dict | None:
    """The other side's round as stored (``{"teams": ...}``) when its inputs differ
    from ``hand``'s, else None. Their version must be a round that scores."""
    theirs = clean_teams(teams)
    before = tuple(r.total - r.delta for r in sorted(hand.side_rows.all(), key=lambda r: r.side))
    score_checked(rules_of(hand.game), before, theirs)
    if theirs == stored_teams(hand):
        return None
    return {"teams": theirs}


ROUND_HOOKS = EntryHooks(
    stored=stored_teams,
    input_class=RummyRoundInput,
    clean=lambda target, teams: clean_teams(teams),
    apply=lambda target, teams: None,  # a round's inputs are its team rows, rewritten by re-deriving
    ask_side=ask_side,
    derive=derive,
    hand_fields=("notes", "dealer"),
    side_fields=("meld", "detail", "counted_meld", "delta", "total"),
    checked_hand=(),
    checked_side=("counted_meld", "delta", "total"),
    changed=gettext_lazy("Round %(number)d was changed by someone else meanwhile; here are the current values."),
    gone=gettext_lazy("That round no longer exists."),
    edited=gettext_lazy("round %(n)d edited"),
    deleted=gettext_lazy("round %(n)d deleted"),
    snapshot=snapshot,
    just_entered=gettext_lazy("Round %(number)d was just entered from another device; here is the game with it."),
    over=gettext_lazy("This game is over; edit a round to change its result."),
    entered=gettext_lazy("round %(n)d entered"),
    clean_new=lambda game, teams: clean_teams(teams),
    score_new=_score_new,
    fields_new=lambda game, data, scored: {"kind": HandKind.ROUND, "dealer": _dealer(game, game.hand_count + 1),
                                           "notes": round_notes(scored[2])},
    store_new=_store_new,
    already_confirmed=gettext_lazy("Round %(n)d is already confirmed."),
    disputed=gettext_lazy("Round %(n)d is disputed: an organizer decides."),
    entering_side_refused=lambda game: _("The other side confirms a round, not the side that entered it."),
    theirs=_their_round,
    dispute_syncs_results=True,
)
