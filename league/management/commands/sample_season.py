"""Generate a large season (benchmarks, load tests): ``sample_season --nights 30 --players 40``."""
from django.core.management.base import BaseCommand

from league.models import Club
from league.sample_season import sample_season_create


class Command(BaseCommand):
    help = "Generate a season of progressive nights with every number derived by scoring."

    def add_arguments(self, parser):
        parser.add_argument("--club", default="riverside")
        parser.add_argument("--nights", type=int, default=30)
        parser.add_argument("--players", type=int, default=40)
        parser.add_argument("--seed", type=int, default=1)

    def handle(self, *args, club, nights, players, seed, **options):
        club_obj, _ = Club.objects.get_or_create(slug=club, defaults={"name": club.title()})
        season = sample_season_create(club=club_obj, nights=nights, players=players, seed=seed)
        hands = sum(g.hand_count for g in season.league.club.games.filter(table__round__night__season=season))
        self.stdout.write(self.style.SUCCESS(f"Season {season.pk}: {nights} nights, {hands} hands."))
