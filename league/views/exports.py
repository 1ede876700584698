"""CSV exports of a club's games and hands (organizers), and the standings'
CSV / JSON / TSV / XLSX, from the stored numbers.

- Rows are streamed (``StreamingHttpResponse``): the club's games are read in
  batches of ``BATCH`` by primary key, with their seats and side rows as plain
  ``values()`` tuples, so memory stays flat whatever the club's history
  (``tests/league/test_exports.py`` measures it).
- Each game kind names its own columns (``export_*_columns`` in
  ``league/games/``, common ones in ``league/exports_columns.py``); a file
  holds every kind under the union of their columns, with a ``game type``
  column; no code here asks which game a row is.
- Numbers are written as numbers, names as plain text, and any text cell that
  a spreadsheet would read as a formula (starting with ``= + - @``, a tab or
  a carriage return) is prefixed with ``'`` (CSV injection).
- A CSV is UTF-8 starting with a byte order mark, which is how Excel knows it
  is UTF-8 (without one it reads Thai and Chinese names as another code page);
  Python reads it with ``encoding="utf-8-sig"``. The header row is in the
  reader's language, or the columns' stable codes with ``?header=codes``
  (``league/exports_columns.py``); the ratings export does the same.
"""
import csv
import io

from django.core.exceptions import PermissionDenied
from django.db import connections
from django.db.models import TextField
from django.db.models.functions import Cast
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404
from django_tables2.export import TableExport
from tablib import Dataset

from league.exports_columns import game_common, hand_common, header_label, row_writer
from league.games import kind_for, kinds
from league.models import Club, Game, GameSeat, GameSide, HandSide, Result
from league.permissions import can_manage_club
from league.views.club_locale import club_page

BATCH = 500
"""Games per batch: the seats and results of this many games are in memory at once."""
CHUNK = 2000
"""Side rows fetched from the database at a time."""

BOM = "\ufeff"
"""Starts every CSV: Excel then reads it as UTF-8."""
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_FORMULA_FIRST = frozenset(FORMULA_START)


def safe_cell(value):
    """A cell as written: numbers as they are, text starting like a formula prefixed with ``'``."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def header_row(request, codes) -> list[str]:
    """The header of an export: the codes' labels in the reader's language, or
    the codes themselves when the request asks ``?header=codes``."""
    if request is not None and request.GET.get("header") == "codes":
        return list(codes)
    return [header_label(c) for c in codes]


def _club(request, club_slug):
    club = get_object_or_404(Club, slug=club_slug)
    if not can_manage_club(request.user, club.pk):
        raise PermissionDenied
    return club


class _Lines:
    """A file-like ``csv.writer`` target that hands back what was written."""

    def __init__(self):
        self.buffer = io.StringIO()

    def write(self, text):
        self.buffer.write(text)

    def take(self) -> str:
        text = self.buffer.getvalue()
        self.buffer.seek(0)
        self.buffer.truncate()
        return text


def csv_stream(header, rows, chunk_rows=200):
    """Yield the CSV text of ``header`` and ``rows`` (lists of cells) in chunks of ``chunk_rows`` rows."""
    out = _Lines()
    out.write(BOM)
    writer = csv.writer(out)
    writer.writerow(header)
    for n, cells in enumerate(rows, 1):
        # safe_cell inline (None is written empty by csv itself): this loop runs once per cell
        writer.writerow([("'" + c) if c.__class__ is str and c[:1] in _FORMULA_FIRST else c for c in cells])
        if n % chunk_rows == 0:
            yield out.take()
    yield out.take()


def streamed_csv(name, header, rows):
    response = StreamingHttpResponse(csv_stream(header, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _game_batches(club):
    """The club's games in primary-key order, ``BATCH`` at a time, as dicts with
    their players' names by seat."""
    last = 0
    while True:
        games = list(Game.objects.filter(club=club, pk__gt=last).order_by("pk").values(
            "pk", "public_id", "game_type", "created_at", "status", "winner_side", "hand_count")[:BATCH])
        if not games:
            return
        last = games[-1]["pk"]
        seats = {}
        for game_id, seat, name in (GameSeat.objects.filter(game_id__in=[g["pk"] for g in games])
                                    .values_list("game_id", "seat", "player__name")):
            seats.setdefault(game_id, {})[seat] = name
        for g in games:
            by_seat = seats.get(g["pk"], {})
            g["kind"] = kind_for(g["game_type"])
            g["players"] = [by_seat.get(i) for i in range(max(by_seat, default=-1) + 1)]
        yield games


def _game_rows(club):
    for games in _game_batches(club):
        ids = [g["pk"] for g in games]
        totals, results = {}, {}
        for game_id, side, total in GameSide.objects.filter(game_id__in=ids).values_list("game_id", "side", "total"):
            totals.setdefault(game_id, {})[side] = total
        ranked = [g["pk"] for g in games if g["kind"].export_results]  # its columns read the Result rows
        for r in (Result.objects.filter(game_id__in=ranked, side__isnull=False)
                  .values("game_id", "side", "game_points", "margin", "skunks_given")):
            results.setdefault(r["game_id"], {})[r["side"]] = r
        for g in games:
            by_side = totals.get(g["pk"], {})
            g["created"] = g["created_at"].isoformat()
            g["totals"] = [by_side.get(i) for i in range(max(by_side, default=-1) + 1)]
            res = results.get(g["pk"])
            if res:
                sides = range(max(res) + 1)
                g["game_points"] = [res[s]["game_points"] if s in res else None for s in sides]
                g["spread"] = [res[s]["margin"] if s in res else None for s in sides]
                g["skunks"] = [res[s]["skunks_given"] if s in res else None for s in sides]
            yield g


@club_page
def games_csv(request, club_slug):
    club = _club(request, club_slug)
    players = max(k.seats for k in kinds())
    names, cells = row_writer(lambda kind: game_common(kind, players), lambda kind: kind.export_game_columns(),
                              kinds())
    return streamed_csv(f"{club.slug}-games.csv", header_row(request, names), (cells(g) for g in _game_rows(club)))


HAND_FIELDS = ("hand__game_id", "hand__number", "hand__kind", "hand__dealer", "hand__status", "hand__bidder_seat",
               "hand__bid", "hand__trump", "hand__made", "hand__starter", "side", "meld", "tricks", "pegging",
               "show", "crib", "counted_meld", "counted_tricks", "delta", "total")
SHORT = [f.removeprefix("hand__") for f in HAND_FIELDS] + ["detail_json"]
DETAIL_TEXT = Cast("detail", output_field=TextField())
"""A side's game-specific inputs as the stored JSON text: decoded only for the games that show them (rummy)."""


def _hand_rows(club):
    for games in _game_batches(club):
        by_id = {g["pk"]: g for g in games}
        rows = (HandSide.objects.filter(hand__game_id__in=list(by_id))
                .order_by("hand__game_id", "hand__number", "side").values_list(*HAND_FIELDS, DETAIL_TEXT))
        for values in _raw_rows(rows):
            r = dict(zip(SHORT, values))
            g = by_id[r["game_id"]]
            r["public_id"], r["game_type"] = g["public_id"], g["game_type"]
            players = g["players"]
            r["players"] = " & ".join(players[s] for s in g["kind"].export_side_seats(r["side"])
                                      if s < len(players) and players[s])
            yield r


def _raw_rows(queryset):
    """The rows of a ``values_list`` queryset as the database driver returns them,
    ``CHUNK`` at a time: the ORM's per-row converters were a third of the export
    (the columns read here need none: SQLite's 0/1 for a boolean is written as
    such, and the JSON is read as text)."""
    sql, params = queryset.query.sql_with_params()
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        while chunk := cursor.fetchmany(CHUNK):
            yield from chunk


@club_page
def hands_csv(request, club_slug):
    club = _club(request, club_slug)
    names, cells = row_writer(hand_common, lambda kind: kind.export_hand_columns(), kinds())
    return streamed_csv(f"{club.slug}-hands.csv", header_row(request, names), (cells(r) for r in _hand_rows(club)))


# ---- the standings (the season page's ?_export=csv / json / tsv / xlsx) ----------

TABLE_EXPORTS = ("csv", "json", "tsv", "xlsx")
"""The formats a page's table exports in: those of django-tables2's ``TableExport``
that need no optional library (the middleware refuses the others)."""


def table_export_format(request) -> str | None:
    """The ``?_export=`` format asked for, when it is one the tables export in
    (django-tables2's own check, ``TableExport.is_valid_format``)."""
    export = request.GET.get("_export")
    return export if TableExport.is_valid_format(export) and export in TABLE_EXPORTS else None

def _standings_cells(ranked, columns):
    getters = [get for _, get in columns]
    for r in ranked:
        yield [get(r) for get in getters]


def standings_export(ranked, export: str, filename: str, kind, request=None, extra=()):
    """The ranked standings of a league of ``kind`` as CSV (streamed), JSON or
    TSV (a tablib dataset, as django-tables2 exports them) or XLSX (write-only
    workbook): plain names, numbers as numbers, the kind's own columns (a
    cribbage league's game points, spread and skunks; bids for the games that
    bid), then ``extra`` columns (``(header, getter)``: the best N nights' sum);
    the headers in the reader's language, or the codes with ``?header=codes``."""
    columns = [*kind.export_standings_columns(), *extra]
    header = header_row(request, [name for name, _ in columns])
    if export == "csv":
        return streamed_csv(filename, header, _standings_cells(ranked, columns))
    if export in ("json", "tsv"):
        dataset = Dataset(headers=header)
        for cells in _standings_cells(ranked, columns):
            dataset.append([safe_cell(c) for c in cells] if export == "tsv" else cells)
        response = HttpResponse(dataset.export(export), content_type=TableExport.FORMATS[export])
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    sheet = book.create_sheet("standings")
    sheet.append(header)
    for cells in _standings_cells(ranked, columns):
        sheet.append([safe_cell(c) for c in cells])
    data = io.BytesIO()
    book.save(data)
    response = HttpResponse(data.getvalue(),
                            content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def table_export(request, table, export: str, filename: str, title: str):
    """A django-tables2 table as CSV or XLSX (``TableExport``): its headers in the
    reader's language as the table shows them, or its column names with
    ``?header=codes``; a CSV starts with the byte order mark."""
    from django_tables2.export import TableExport

    exporter = TableExport(export, table, dataset_kwargs={"title": title})
    if request.GET.get("header") == "codes":
        codes = [c.name for c in table.columns.iterall() if not c.column.exclude_from_export]
        exporter.dataset.headers = codes
    if export != "csv":
        return exporter.response(filename)
    response = HttpResponse(BOM + exporter.export(), content_type=exporter.content_type())
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


__all__ = ["games_csv", "hands_csv", "standings_export", "safe_cell", "table_export", "table_export_format",
           "TABLE_EXPORTS"]
