"""Time to render the printable PDFs, against a one-page minimal PDF in the same run.

    python tests/bench/bench_pdf.py [--hands 40] [--repeat 30] [--nights 10] [--players 80]

Builds a throwaway SQLite database and a game of ``--hands`` hands, then times:
a minimal one-page PDF (reportlab canvas, one line), the same through
``PdfDocument`` (bundled fonts, header and footer), the completed game sheet
(renderer alone, and the whole view through the Django test client), and the
blank sheets. Then a sample season of ``--nights`` nights of ``--players``
players (80: 20 tables a round, 3 rounds a night) and its last night: the
table score sheets of one round (20 pages) and of the whole night (60 pages),
renderer and organizer's view; the night recap; the season standings report,
renderer and view. The big documents run ``--repeat`` ÷ 10 times (at least 3).
Each case is timed interleaved with the minimal PDF (``measure.interleaved``);
prints median and nearest-rank p95 (of 3 runs: the slowest) in milliseconds,
the ratio to the minimal PDF measured beside it, size, pages and the load
average. The QR codes' cache is emptied before every render of the table
sheets and of the QR codes alone (cold codes), and the last line is the
QR share of the round packet. Nothing is asserted: the figures are for
reading. ``tests/bench/pdf_paired.py REV`` times the round and night
packets of this checkout and of ``REV`` alternately, render by render.
"""
import argparse
import io

import fixture
import measure

measure.source_root()
fixture.database()


def main():
    from league.games.pinochle.hand_inputs import PinochleHandInput

    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--nights", type=int, default=10)
    parser.add_argument("--players", type=int, default=80)
    args = parser.parse_known_args()[0]

    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph

    from django.contrib.auth import get_user_model

    from league import services
    from league.models import Club, Membership
    from league.pdf import BlankSheet, GameSheet, NightRecap, PdfDocument, SeasonStandingsReport, TableSheets
    from league.sample_season import sample_season_create
    from league.selectors import game_sheet
    from league.selectors.pdf import night_recap_for_print, night_tables_for_print, season_report_for_print
    from scoring.pinochle import PinochleRules

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", slug="bench")
    organizer = get_user_model().objects.create_user("bench-organizer")
    Membership.objects.create(club=club, user=organizer, role=Membership.Role.ORGANIZER)
    players = [services.player_get_or_create(club=club, name=n)
               for n in ("Ada Byrne", "Ben Okafor", "王小明", "สมชาย ใจดี")]
    game = services.game_create(club=club, players=players, rules=PinochleRules(target=100000))
    for i in range(args.hands):
        services.entry_record(game=game, by=organizer,
                              inputs=PinochleHandInput(kind="played", bidder_seat=i % 4, bid=250 + 10 * (i % 6), trump="SHDC"[i % 4], meld=(120, 60), tricks=(150, 100)))

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
         lambda: GameSheet(sheet, url="http://testserver/g/x/").render()),
        (f"game sheet view ({args.hands} hands, 5 queries)", lambda: client.get(url).content),
        ("blank sheet: partnership", lambda: BlankSheet("partnership").render()),
        ("blank sheet: three-handed", lambda: BlankSheet("three-handed").render()),
        ("blank sheet: cribbage", lambda: BlankSheet("cribbage", paper="letter").render()),
    ]

    season = sample_season_create(club=club, nights=args.nights, players=args.players, seed=1)
    night = season.nights.order_by("date").last()
    boss = Client()
    boss.force_login(organizer)
    night_args = [club.slug, season.league.slug, season.pk, night.pk]
    sheets_url = reverse("league:night_sheets_pdf", args=night_args)
    round_tables = night_tables_for_print(night, 1)
    night_tables = night_tables_for_print(night)
    recap = night_recap_for_print(night)
    report = season_report_for_print(season)

    def link(game):
        return "http://testserver" + reverse("league:table", args=[game.access_token])

    n, rounds = len(round_tables), night.rounds
    from league.pdf import flowables

    def cold(fn):  # every render encodes its QR codes afresh (the encoder's cache, if any, emptied first)
        def run():
            for cache in ("qr_runs", "qr_image"):  # the encoder's cache, by its name then and now
                getattr(getattr(flowables, cache, None), "cache_clear", lambda: None)()
            return fn()
        return run

    def qr_codes_alone():  # the round packet's QR codes, drawn on one page
        buffer = io.BytesIO()
        canvas = Canvas(buffer)
        for i, table in enumerate(round_tables):
            code = flowables.qr_code(link(table.game), 30 * 2.835)
            code.wrapOn(canvas, 100, 100)
            code.drawOn(canvas, 20 + (i % 5) * 100, 20 + (i // 5) * 100)
        canvas.showPage()
        canvas.save()
        return buffer.getvalue()

    big = max(3, args.repeat // 10)
    cases += [
        (f"table sheets: one round ({n} tables) renderer",
         cold(lambda: TableSheets(night, round_tables, link=link, round_number=1).render()), big),
        (f"table sheets: one round ({n} tables) view", lambda: boss.get(sheets_url + "?round=1").content, big),
        (f"QR codes of one round alone ({n} codes)", cold(qr_codes_alone), big),
        (f"table sheets: night packet ({rounds}x{n} tables) renderer",
         cold(lambda: TableSheets(night, night_tables, link=link).render()), big),
        (f"table sheets: night packet ({rounds}x{n} tables) view", lambda: boss.get(sheets_url).content, big),
        (f"night recap ({rounds}x{n} tables, {args.players} players)", lambda: NightRecap(recap).render(), big),
        ("night recap view", lambda: boss.get(reverse("league:night_recap_pdf", args=night_args)).content, big),
        (f"season report ({args.nights} nights, {args.players} players) renderer",
         lambda: SeasonStandingsReport(report).render(), big),
        ("season report view",
         lambda: boss.get(reverse("league:season_standings_pdf", args=night_args[:3])).content, big),
    ]
    rows = []
    for name, fn, *repeat in cases[1:]:
        data = fn()
        pages = len(PdfReader(io.BytesIO(data)).pages)
        rows.append(measure.row(name, measure.interleaved(fn, minimal_canvas, repeat[0] if repeat else args.repeat,
                                                          warm=1 if repeat else 3),
                                kib=round(len(data) / 1024, 1), pages=pages))
    measure.report(rows, "bench_pdf: floor = a one-page minimal PDF (canvas, one line)")
    by = {r["name"]: r["median"] for r in rows}
    packet = by[f"table sheets: one round ({n} tables) renderer"]
    print(f"QR share of the {n}-table round packet: {by[f'QR codes of one round alone ({n} codes)'] / packet:.1%}")


if __name__ == "__main__":
    main()
