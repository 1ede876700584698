"""``import_club FILE [--passwords] [--existing-accounts]``: restore a club
exported by ``export_club`` into this database."""
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from league.backup import club_import


class Command(BaseCommand):
    help = "Restore a club from an export_club JSON file (the club must not exist here yet; nothing is saved on error)."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--passwords", action="store_true",
                            help="give new accounts the password hashes the file carries (else no usable password)")
        parser.add_argument("--existing-accounts", action="store_true",
                            help="give the file's accounts that exist here (same username) their rights in the club "
                                 "(else such a file is refused)")

    def handle(self, *args, file, passwords=False, existing_accounts=False, **options):
        try:
            with open(file, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise CommandError(f"cannot read {file}: {e}")
        try:
            club = club_import(text, passwords=passwords, existing_accounts=existing_accounts)
        except ValidationError as e:
            raise CommandError(" ".join(e.messages))
        self.stdout.write(self.style.SUCCESS(f"imported club {club.slug}"))
