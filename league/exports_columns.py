"""The columns of the club's CSV exports and the standings' CSV / XLSX, as data.

Each game kind names its own columns (``export_game_columns``,
``export_hand_columns``, ``export_standings_columns`` in ``league/games/``),
built from the getters here; this module adds the columns every game has. A
file holds every game type, so its header is the common columns followed by
the union of the kinds' own columns in the registry's order (:func:`row_writer`),
and a row leaves the other kinds' columns empty. Each column is
``(header, getter)``; a getter takes the row dict the export view builds (see
``league/views/exports.py``) and returns a number (written as a number), a
string, or ``None`` (empty). Seat letters and side labels are plain ASCII,
the same in every language, so a spreadsheet's formulas keep working.

A column's name is its code (``bids made``, ``N-S total``): the header row is
each code's label in the reader's language (:func:`header_label`), or the
codes themselves for scripts (``?header=codes``).
"""
import json
import re
from operator import attrgetter, itemgetter

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

LABELS = {
    "game": _("Game"), "game type": _("Game type"), "created": _("Created"), "status": _("Status"),
    "hands": _("Hands"), "winner": _("Winner"), "total": _("Total"), "game points": _("Game points"),
    "spread": _("Spread"), "skunks given": _("Skunks given"), "skunks taken": _("Skunks taken"),
    "hand": _("Hand"), "kind": _("Kind"), "dealer": _("Dealer"), "side": _("Side"), "players": _("Players"),
    "score": _("Score"), "bidder": _("Bidder"), "bid": _("Bid"), "trump": _("Trump"), "made": _("Made"),
    "meld": _("Meld"), "tricks": _("Tricks"), "counted meld": _("Counted meld"),
    "counted tricks": _("Counted tricks"), "starter": _("Starter"), "pegging": _("Pegging"),
    "hand points": _("Hand points"), "crib": _("Crib"), "melds on table": _("Melds on table"),
    "clean runs": _("Clean runs"), "semi clean runs": _("Semi-clean runs"), "dirty runs": _("Dirty runs"),
    "cards left": _("Cards left"), "penalties": _("Penalties"), "going out": _("Going out"),
    "folded hand": _("Folded hand"), "without wilds": _("Without wilds"), "first meld": _("First meld"),
    "rank": _("Rank"), "tied": _("Tied"), "name": _("Name"), "games": _("Games"), "won": _("Won"),
    "points": _("Points"), "against": _("Against"), "differential": _("Differential"),
    "bids made": _("Bids made"), "bids taken": _("Bids taken"), "nights": _("Nights"), "split by": _("Split by"),
    # an event's prizes.csv
    "pool": _("Pool"), "place": _("Place"), "entrant": _("Entrant"), "amount": _("Amount"),
}
"""Each column code's header in the reader's language."""
_PLAYER = re.compile(r"player (\d+)")
_SIDE = re.compile(r"((?:N-S|E-W|P\d+)) (.+)")
_BEST = re.compile(r"best (\d+) of (\d+) nights?")


def header_label(code: str) -> str:
    """``code``'s header in the active language: ``N-S total`` -> ``N-S 總分``,
    ``player 2`` -> ``Player 2``; a code with no label stays as it is."""
    if code in LABELS:
        return str(LABELS[code])
    if m := _BEST.fullmatch(code):  # the best-N seasons' column (league/tables.py best_n_label)
        return ngettext("best %(n)s of %(m)s night", "best %(n)s of %(m)s nights", int(m[2])) % {
            "n": int(m[1]), "m": int(m[2])}
    if m := _PLAYER.fullmatch(code):
        return _("Player %(n)d") % {"n": int(m[1])}
    if (m := _SIDE.fullmatch(code)) and m[2] in LABELS:
        return f"{m[1]} {LABELS[m[2]]}"
    return code


def seat(kind, key):
    """A seat number as the kind's export letter (N E S W, or 1 2 3)."""
    letters = kind.export_seat_letters()

    def get(r):
        value = r[key]
        return None if value is None else letters[value]
    return get


def flag(key):
    return lambda r: None if r[key] is None else int(r[key])


def field(key):
    return itemgetter(key)  # in C: most cells are a field as stored


def detail(key):
    """One of a side's game-specific inputs (``HandSide.detail``), from its JSON text, decoded once per row."""
    def get(r):
        value = r.get("detail")
        if value is None:
            value = r["detail"] = json.loads(r.get("detail_json") or "{}") or {}
        value = value.get(key)
        return int(value) if isinstance(value, bool) else value
    return get


def per(key, index):
    """The ``index``-th of a per-side list of the row (totals, game points...), or empty."""
    def get(r):
        values = r.get(key) or ()
        return values[index] if index < len(values) else None
    return get


# ---- games.csv: one row per game -------------------------------------------------

def game_common(kind, players: int):
    labels = kind.export_side_labels()
    return [
        ("game", field("public_id")), ("game type", field("game_type")), ("created", field("created")),
        ("status", field("status")), ("hands", field("hand_count")),
        ("winner", lambda r: None if r["winner_side"] is None else labels[r["winner_side"]]),
        *((f"player {i + 1}", per("players", i)) for i in range(players)),
    ]


# ---- hands.csv: one row per side of each hand (deal, round) --------------------

def hand_common(kind):
    labels = kind.export_side_labels()
    return [
        ("game", field("public_id")), ("game type", field("game_type")), ("hand", field("number")),
        ("kind", field("kind")), ("dealer", seat(kind, "dealer")), ("status", field("status")),
        ("side", lambda r: labels[r["side"]]), ("players", field("players")),
        ("score", field("delta")), ("total", field("total")),
    ]


# ---- the standings: one row per entrant (a ranked standings row) -----------------

def _split_by(r):
    from league.i18n import render

    return render(r.split_by_label) if r.split_by_label else None


STANDINGS_HEAD = [
    ("rank", attrgetter("rank")), ("tied", lambda r: int(r.rank_label.startswith("="))),
    ("name", attrgetter("row.name")), ("games", attrgetter("row.games")), ("won", attrgetter("row.wins")),
    ("points", attrgetter("row.points_for")), ("against", attrgetter("row.points_against")),
    ("differential", attrgetter("row.differential")),
]
STANDINGS_BIDS = [("bids made", attrgetter("row.bids_made")), ("bids taken", attrgetter("row.bids_taken"))]
STANDINGS_TAIL = [("nights", attrgetter("row.nights")), ("split by", _split_by)]


def row_writer(common, own, kinds):
    """``(header, cells(row) -> list)`` for rows of every kind in ``kinds``:
    ``common(kind)`` and the kind's own columns (``own(kind)``) fill their
    places in the shared header; ``common`` gives the same names for every
    kind. A row is matched to its kind by ``row["game_type"]``."""
    names = [name for name, _ in common(kinds[0])]
    for kind in kinds:
        names += [name for name, _ in own(kind) if name not in names]
    index = {name: i for i, name in enumerate(names)}
    width = len(names)
    plans = {str(k.code): [(index[n], get) for n, get in common(k) + own(k)] for k in kinds}

    def cells(r):
        out = [None] * width
        for i, get in plans[r["game_type"]]:
            out[i] = get(r)
        return out

    return names, cells
