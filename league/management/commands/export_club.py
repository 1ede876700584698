"""``export_club SLUG [-o FILE] [--with-passwords]``: write a club's data to one JSON file (default: stdout)."""
from django.core.management.base import BaseCommand, CommandError

from league.backup import club_export
from league.models import Club


class Command(BaseCommand):
    help = "Write a club's data (players, profiles, leagues, games, hands, results, history) to one JSON file."

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's slug")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument("--with-passwords", action="store_true",
                            help="include the accounts' password hashes (left out by default)")

    def handle(self, *args, club, output=None, with_passwords=False, **options):
        try:
            club_obj = Club.objects.get(slug=club)
        except Club.DoesNotExist:
            raise CommandError(f"no club with slug {club!r}")
        text = club_export(club_obj, with_passwords=with_passwords)
        if output:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
            self.stderr.write(f"wrote {output}")
        else:
            self.stdout.write(text)
