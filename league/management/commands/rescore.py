"""Re-derive every stored number from the stored inputs, for every game kind.

``rescore --check`` reports each difference (entries, totals, winners and the
league Result rows) and exits non-zero if there is any; without ``--check``
it rewrites the derived values (one transaction per game).
"""
from django.core.management.base import BaseCommand, CommandError

from league.models import Game
from django.db import transaction

from league.services.figures import figures_differences, figures_rebuild
from league.services.rescore import game_differences, game_rescore
from league.services.ratings import ratings_differences, ratings_rebuild_all

__all__ = ["Command", "game_differences"]


class Command(BaseCommand):
    help = "Re-derive every entry's scores, the totals, the winners and the results from the stored inputs."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="report differences, change nothing")

    def handle(self, *args, check=False, **options):
        all_diffs = []
        games = Game.objects.order_by("pk")
        for game in games.iterator():
            diffs = game_differences(game)
            if diffs and not check:
                game_rescore(game)
            all_diffs.extend(diffs)
        figure_diffs = figures_differences()  # the figures standings read, against their Result rows
        if figure_diffs and not check:
            with transaction.atomic():
                for season_id in sorted({season_id for season_id, _line in figure_diffs}):
                    figures_rebuild(season_id)
        all_diffs.extend(line for _season, line in figure_diffs)
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
