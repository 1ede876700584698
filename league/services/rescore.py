"""Re-deriving stored games (``manage.py rescore``): each kind's differences
and repair, and the league Result rows every kind writes.

``game_differences(game)`` lists every stored number (entries, sides, the
winner, the game's Result rows) that the engine and ``results_sync`` would
write differently; ``game_rescore(game)`` rewrites them.
"""
from django.db import transaction

from league.games import kind_of
from league.models import Game, HandStatus, Result
from scoring.errors import ScoringError

from .hand_inputs import engine_hand, stored_inputs
from .hands import game_ledger, rederive_game
from .results import results_sync

RESULT_FIELDS = ("player_id", "team_id", "side", "points_for", "points_against", "won", "bids_taken",
                 "bids_made", "sets", "meld", "best_hand", "game_points", "margin", "skunks_given",
                 "skunks_taken", "opponents", "partners")


def pinochle_differences(game: Game) -> list[str]:
    """A Pinochle game (partnership, three-handed, double-deck): every hand's
    made/set, per-side numbers, the totals, the winner and the hand count."""
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    try:
        sides = game.pinochle_rules().sides  # three-handed games have three
        ledger = game_ledger(game, [engine_hand(stored_inputs(h), sides) for h in hands])
    except ScoringError as e:
        return [f"game {game.pk}: inputs no longer score: {e}"]
    diffs = []
    for hand, row in zip(hands, ledger.rows):
        made = row.score.made if hand.bidder_seat is not None else None
        if hand.made != made:
            diffs.append(f"game {game.pk} hand {hand.number}: made {hand.made} != {made}")
        for side in hand.side_rows.all():
            for name, expected in (
                ("delta", row.score.deltas[side.side]),
                ("total", row.totals[side.side]),
                ("counted_meld", row.score.counted_meld[side.side]),
                ("counted_tricks", row.score.tricks[side.side]),
            ):
                if getattr(side, name) != expected:
                    diffs.append(f"game {game.pk} hand {hand.number} side {side.side}: "
                                 f"{name} {getattr(side, name)} != {expected}")
    sides = {s.side: s for s in game.sides.all()}
    for s, total in enumerate(ledger.totals):
        if sides[s].total != total:
            diffs.append(f"game {game.pk} side {s}: total {sides[s].total} != {total}")
        if sides[s].won != (ledger.winner == s):
            diffs.append(f"game {game.pk} side {s}: won {sides[s].won} != {ledger.winner == s}")
    if game.winner_side != ledger.winner:
        diffs.append(f"game {game.pk}: winner {game.winner_side} != {ledger.winner}")
    if game.hand_count != len(hands):
        diffs.append(f"game {game.pk}: hand_count {game.hand_count} != {len(hands)}")
    return diffs


@transaction.atomic
def pinochle_rescore(game: Game) -> None:
    locked = Game.objects.select_for_update().get(pk=game.pk)
    hands = list(locked.hands.order_by("number").prefetch_related("side_rows"))
    rederive_game(locked, hands, {h.pk: stored_inputs(h) for h in hands})


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
    return kind_of(game).differences(game) + result_differences(game)


def game_rescore(game: Game) -> None:
    """Rewrite ``game``'s derived values and its Result rows from the stored inputs."""
    with transaction.atomic():
        kind_of(game).rescore(game)
        results_sync(game)
