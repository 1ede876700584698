"""Re-derive every stored number from the stored inputs.

``rescore --check`` reports each difference and exits non-zero if there is
any; without ``--check`` it rewrites the derived values (one transaction per game).
"""
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from league.models import Game
from league.services.cribbage import cribbage_differences, cribbage_rescore
from league.services.hand_inputs import engine_hand, stored_inputs
from league.services.hands import game_ledger, rederive_game
from league.services.ratings import ratings_differences, ratings_rebuild_all
from scoring.errors import ScoringError


def game_differences(game: Game) -> list[str]:
    """Every stored derived value of ``game`` that the engine would derive differently."""
    if game.game_type == "cribbage":  # issue 5: deals re-derive through scoring.cribbage
        return cribbage_differences(game)
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
                    diffs.append(
                        f"game {game.pk} hand {hand.number} side {side.side}: "
                        f"{name} {getattr(side, name)} != {expected}"
                    )
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


class Command(BaseCommand):
    help = "Re-derive every hand's scores, the totals and the winners from the stored inputs."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="report differences, change nothing")

    def handle(self, *args, check=False, **options):
        all_diffs = []
        games = Game.objects.order_by("pk")
        for game in games.iterator():
            diffs = game_differences(game)
            if diffs and not check and game.game_type == "cribbage":
                cribbage_rescore(game)
            elif diffs and not check:
                with transaction.atomic():
                    locked = Game.objects.select_for_update().get(pk=game.pk)
                    hands = list(locked.hands.order_by("number").prefetch_related("side_rows"))
                    rederive_game(locked, hands, {h.pk: stored_inputs(h) for h in hands})
            all_diffs.extend(diffs)
        rating_diffs = ratings_differences()  # docs/ratings.md: re-derived from the results
        if rating_diffs and not check:
            with transaction.atomic():
                ratings_rebuild_all()
        all_diffs.extend(rating_diffs)
        for line in all_diffs:
            self.stdout.write(line)
        count = games.count()
        if check and all_diffs:
            raise CommandError(f"{len(all_diffs)} difference(s) in {count} game(s)")
        verb = "checked" if check else "rescored"
        self.stdout.write(self.style.SUCCESS(
            f"{verb} {count} game(s): {len(all_diffs)} difference(s)"
            + ("" if check or not all_diffs else ", fixed")
        ))
