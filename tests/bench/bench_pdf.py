"""Time to render the printable PDFs, against a one-page minimal PDF in the same run.

    python tests/bench/bench_pdf.py [--hands 40] [--repeat 30]

Builds a throwaway SQLite database and a game of ``--hands`` hands, then times:
a minimal one-page PDF (reportlab canvas, one line), the same through
``PdfDocument`` (bundled fonts, header and footer), the completed game sheet
(renderer alone, and the whole view through the Django test client), and the
blank sheets. Prints median and p95 in milliseconds, the ratio to the minimal
PDF, size and pages. Nothing is asserted: the figures are for reading.
"""
import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ["DATABASE_URL"] = "sqlite:///" + os.path.join(tempfile.mkdtemp(), "bench.sqlite3")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

    from league import services
    from league.models import Club
    from league.pdf import BlankSheet, CompletedGameSheet, PdfDocument
    from league.selectors import game_sheet
    from scoring.pinochle import PinochleRules

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", slug="bench")
    players = [services.player_get_or_create(club=club, name=n)
               for n in ("Ada Byrne", "Ben Okafor", "王小明", "สมชาย ใจดี")]
    game = services.game_create(club=club, players=players, rules=PinochleRules(target=100000))
    for i in range(args.hands):
        services.hand_record(game=game, kind="played", bidder_seat=i % 4, bid=250 + 10 * (i % 6),
                             trump="SHDC"[i % 4], meld=(120, 60), tricks=(150, 100))

    def minimal_canvas():
        buffer = io.BytesIO()
        canvas = Canvas(buffer)
        canvas.drawString(72, 720, "One page.")
        canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    class OneParagraph(PdfDocument):
        title = "Bench"

        def story(self):
            return [Paragraph("One page.", self.stylesheet["body"])]

    sheet = game_sheet(game.public_id)
    client = Client()
    url = reverse("league:game_sheet_pdf", args=[game.public_id])
    cases = [
        ("minimal PDF (canvas, one line)", minimal_canvas),
        ("minimal PdfDocument (fonts, furniture)", lambda: OneParagraph().render()),
        (f"game sheet renderer ({args.hands} hands)",
         lambda: CompletedGameSheet(sheet, url="http://testserver/g/x/").render()),
        (f"game sheet view ({args.hands} hands, 5 queries)", lambda: client.get(url).content),
        ("blank sheet: partnership", lambda: BlankSheet("partnership").render()),
        ("blank sheet: three-handed", lambda: BlankSheet("three-handed").render()),
        ("blank sheet: cribbage", lambda: BlankSheet("cribbage", paper="letter").render()),
    ]
    results = []
    for name, fn in cases:
        for _ in range(3):
            data = fn()
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        pages = len(PdfReader(io.BytesIO(data)).pages)
        results.append((name, statistics.median(times), times[max(int(len(times) * 0.95) - 1, 0)],
                        len(data), pages))

    base = results[0][1]
    print(f"{'case':46} {'median ms':>10} {'p95 ms':>8} {'x minimal':>9} {'KiB':>6} {'pages':>5}")
    for name, median, p95, size, pages in results:
        print(f"{name:46} {median:10.2f} {p95:8.2f} {median / base:9.1f} {size / 1024:6.1f} {pages:5d}")


if __name__ == "__main__":
    main()
