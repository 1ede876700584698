"""Re-deriving a stored game, written once for every kind: after an edit or a
deletion (:mod:`league.services.workflow`) and by ``manage.py rescore``.

A kind's entry hooks (``hooks.derive``) play the game from its stored inputs
and return a :class:`Derived`: each entry's derived fields and side rows and
the game's :class:`Ending`. :func:`rederive` writes them, :func:`finish` the
game's totals and result; ``game_differences(game)`` lists every stored number
(entries, sides, the winner, the game's Result rows) that would be written
differently and ``game_rescore(game)`` rewrites them.
"""
import secrets
from dataclasses import dataclass
from functools import partial

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from league.games import kind_of
from league.models import Game, Hand, HandSide, HandStatus, Result
from scoring.errors import ScoringError

from .results import results_sync

RESULT_FIELDS = ("player_id", "team_id", "side", "points_for", "points_against", "won", "bids_taken",
                 "bids_made", "sets", "meld", "best_hand", "game_points", "margin", "skunks_given",
                 "skunks_taken", "opponents", "partners")


@dataclass(frozen=True)
class Ending:
    """The game after its entries: the sides' ``totals``, whether it ``ended``,
    the ``winner`` (a side, or None: in progress or a draw) and the ``reason`` (stored data)."""

    totals: tuple
    ended: bool
    winner: int | None = None
    reason: dict | None = None


@dataclass(frozen=True)
class Step:
    """One entry re-derived: its own derived ``fields`` and its new (unsaved) side ``rows``."""

    hand: Hand
    fields: dict
    rows: list


@dataclass(frozen=True)
class Derived:
    steps: list
    ending: Ending


def finish(game: Game, ending: Ending, *, sides=None, current: bool = False) -> None:
    """Store the sides' totals and the winner (or reopen a game an edit un-ended),
    and rewrite a league game's results when it is or was finished.
    ``sides``: the game's sides already read; ``current``: ``game`` was read with its night."""
    was_finished = game.is_finished
    sides = list(game.sides.all()) if sides is None else sides
    for side in sides:
        side.total = ending.totals[side.side]
        side.won = ending.winner == side.side
    for side in sides:  # one UPDATE each: cheaper to build than bulk_update's CASE WHEN (a hand's 7%)
        side.save(update_fields=["total", "won"])
    if not ending.ended:
        game.status, game.winner_side, game.end_reason, game.finished_at = Game.Status.IN_PROGRESS, None, None, None
    else:
        game.status, game.winner_side, game.end_reason = Game.Status.FINISHED, ending.winner, ending.reason
        game.finished_at = game.finished_at or timezone.now()
    game.save(update_fields=["status", "winner_side", "end_reason", "finished_at", "hand_count"])
    if game.table_id is not None and (game.is_finished or was_finished):
        results_sync(game, current=current)


def rederive(game: Game, hands: list[Hand], inputs_by_pk: dict, changed_pk, hooks) -> None:
    """Re-run the whole game from its inputs and rewrite every derived number
    (``hooks.hand_fields`` of the entries, ``hooks.side_fields`` of their side rows)."""
    derived = hooks.derive(game, hands, inputs_by_pk, changed_pk)
    rows = []
    for step in derived.steps:
        for name, value in step.fields.items():
            setattr(step.hand, name, value)
        old = {r.side: r for r in step.hand.side_rows.all()}
        for new in step.rows:
            row = old[new.side]
            for name in hooks.side_fields:
                setattr(row, name, getattr(new, name))
            rows.append(row)
    Hand.objects.bulk_update(hands, list(hooks.hand_fields))
    HandSide.objects.bulk_update(rows, list(hooks.side_fields))
    game.hand_count = len(hands)
    finish(game, derived.ending)


def _stored(game: Game):
    hooks = kind_of(game).entry_hooks()
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    return hooks, hands, {h.pk: hooks.stored(h) for h in hands}


def entry_differences(game: Game) -> list[str]:
    """Every stored derived number of ``game``'s entries and sides that its
    kind would derive differently from the stored inputs, one line each:
    ``game 7 deal 5 player 1: total 120 != 121``."""
    hooks, hands, inputs_by_pk = _stored(game)
    try:
        derived = hooks.derive(game, hands, inputs_by_pk, None)
    except ValidationError as e:
        return [f"game {game.pk}: inputs no longer score: {' '.join(e.messages)}"]
    except ScoringError as e:  # the stored rules themselves
        return [f"game {game.pk}: inputs no longer score: {e}"]
    noun, side_word, diffs = kind_of(game).noun, hooks.side_word, []
    for step in derived.steps:
        hand = step.hand
        for name in hooks.checked_hand:
            if getattr(hand, name) != step.fields[name]:
                diffs.append(f"game {game.pk} {noun} {hand.number}: {name} {getattr(hand, name)!r} != "
                             f"{step.fields[name]!r}")
        wanted = {r.side: r for r in step.rows}
        for row in hand.side_rows.all():
            for name in hooks.checked_side:
                have, want = getattr(row, name), getattr(wanted[row.side], name)
                if have != want:
                    diffs.append(f"game {game.pk} {noun} {hand.number} {side_word} {row.side}: {name} {have} != {want}")
    end = derived.ending
    for side in game.sides.all():
        total, won = end.totals[side.side], end.winner == side.side
        if (side.total, side.won) != (total, won):
            diffs.append(f"game {game.pk} {side_word} {side.side}: total {side.total} won {side.won} != {total} {won}")
    winner = end.winner if end.ended else None
    if (game.winner_side, game.hand_count) != (winner, len(hands)):
        diffs.append(f"game {game.pk}: winner {game.winner_side}, {game.hand_count} {noun}s != {winner}, {len(hands)}")
    return diffs


def _key(row: Result) -> tuple:
    return (row.player_id or 0, row.team_id or 0, row.side if row.side is not None else -1)


def result_differences(game: Game) -> list[str]:
    """A league game's stored Result rows against the rows its kind would write now."""
    if game.table_id is None:
        return []
    game = Game.objects.select_related("table__round__night__season__league").get(pk=game.pk)
    night = game.table.round.night
    expected = []
    if game.is_finished and not game.hands.exclude(status=HandStatus.CONFIRMED).exists():
        expected = kind_of(game).result_rows(game, night)
    stored = {_key(r): r for r in Result.objects.filter(game=game)}
    wanted = {_key(r): r for r in expected}
    diffs = []
    for key in sorted(set(stored) | set(wanted)):
        have, want = stored.get(key), wanted.get(key)
        if have is None or want is None:
            diffs.append(f"game {game.pk} result {key}: {'missing' if have is None else 'not expected'}")
            continue
        for name in RESULT_FIELDS:
            if getattr(have, name) != getattr(want, name):
                diffs.append(f"game {game.pk} result {key}: {name} {getattr(have, name)} != {getattr(want, name)}")
    return diffs


def game_differences(game: Game) -> list[str]:
    """Every stored derived value of ``game`` (of any kind) that would be derived differently."""
    return entry_differences(game) + result_differences(game)


@transaction.atomic
def game_rescore(game: Game) -> None:
    """Rewrite ``game``'s derived values and its Result rows from the stored inputs."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    hooks, hands, inputs_by_pk = _stored(game)
    rederive(game, hands, inputs_by_pk, None, hooks)
    results_sync(game)
    # no revision says so: the game page's kept sheet is drawn anew
    transaction.on_commit(partial(sheet_redraw, game.public_id))


def _generation_key(public_id: str) -> str:
    return f"sheet-generation:{public_id}"


def sheet_generation(public_id: str) -> str:
    """The game's sheet generation, part of its kept sheet's cache key: a rescore
    repairs stored numbers without a revision, and gives the game a new one. A
    generation lost from the cache is replaced by a new one (a kept sheet is then
    drawn again, never one of an earlier generation served)."""
    key = _generation_key(public_id)
    generation = cache.get(key)
    if generation is None:
        cache.add(key, secrets.token_hex(8), None)
        generation = cache.get(key, "")
    return generation


def sheet_redraw(public_id: str) -> None:
    """The game's stored numbers changed without a revision: its kept sheet is drawn anew."""
    cache.set(_generation_key(public_id), secrets.token_hex(8), None)
