"""``import_club FILE``: restore a club exported by ``export_club`` into this database."""
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league.backup import club_import


class Command(BaseCommand):
    help = "Restore a club from an export_club JSON file (the club must not exist here yet)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        with open(file, encoding="utf-8") as f:
            text = f.read()
        try:
            club = club_import(text)
        except ValidationError as e:
            raise CommandError(" ".join(e.messages))
        self.stdout.write(self.style.SUCCESS(f"imported club {club.slug}"))
