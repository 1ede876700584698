"""The columns of the club's CSV exports, per game, as data.

One table per export: the columns every game has, then each game type's own
(``GAME_COLUMNS`` / ``HAND_COLUMNS``, keyed by ``GameType`` value). A file
holds every game type, so its header is the common columns followed by the
union of the types' own columns (:func:`header`), and a row leaves the other
types' columns empty. Each column is ``(header, getter)``; a getter takes the
row dict the export view builds (see ``league/views/exports.py``) and returns
a number (written as a number), a string, or ``None`` (empty). Moving these
into per-game definitions later means moving the dict entries, nothing else.
"""
import json
from operator import itemgetter

SEAT_LETTERS = {"partnership": "NESW", "double_deck": "NESW", "rummy": "NESW", "three_handed": "123",
                "cribbage": "12"}
SIDE_LABELS = {"partnership": ("N-S", "E-W"), "double_deck": ("N-S", "E-W"), "rummy": ("N-S", "E-W"),
               "three_handed": ("P1", "P2", "P3"), "cribbage": ("P1", "P2")}
PARTNERS = ("partnership", "double_deck", "rummy")


def side_seats(game_type: str, side: int) -> tuple[int, ...]:
    """The seats of a side: partners sit opposite (N+S, E+W); otherwise a side is one seat."""
    return (side, side + 2) if game_type in PARTNERS else (side,)


def _seat(key):
    def get(r):
        value = r[key]
        return None if value is None else SEAT_LETTERS[r["game_type"]][value]
    return get


def _flag(key):
    return lambda r: None if r[key] is None else int(r[key])


def _field(key):
    return itemgetter(key)  # in C: most cells are a field as stored


def _detail(key):
    """One of a side's game-specific inputs (``HandSide.detail``), from its JSON text, decoded once per row."""
    def get(r):
        detail = r.get("detail")
        if detail is None:
            detail = r["detail"] = json.loads(r.get("detail_json") or "{}") or {}
        value = detail.get(key)
        return int(value) if isinstance(value, bool) else value
    return get


def _per(key, index):
    def get(r):
        values = r.get(key) or ()
        return values[index] if index < len(values) else None
    return get


# ---- games.csv: one row per game -------------------------------------------------

GAME_COMMON = [
    ("game", _field("public_id")), ("game type", _field("game_type")), ("created", _field("created")),
    ("status", _field("status")), ("hands", _field("hand_count")),
    ("winner", lambda r: None if r["winner_side"] is None else SIDE_LABELS[r["game_type"]][r["winner_side"]]),
    *((f"player {i + 1}", _per("players", i)) for i in range(4)),
]
_PINOCHLE_TWO_SIDES = [("N-S total", _per("totals", 0)), ("E-W total", _per("totals", 1))]
GAME_COLUMNS = {
    "partnership": _PINOCHLE_TWO_SIDES,
    "double_deck": _PINOCHLE_TWO_SIDES,
    "rummy": _PINOCHLE_TWO_SIDES,
    "three_handed": [(f"P{i + 1} total", _per("totals", i)) for i in range(3)],
    "cribbage": [
        ("P1 total", _per("totals", 0)), ("P2 total", _per("totals", 1)),
        ("P1 game points", _per("game_points", 0)), ("P2 game points", _per("game_points", 1)),
        ("P1 spread", _per("spread", 0)), ("P2 spread", _per("spread", 1)),
        ("P1 skunks given", _per("skunks", 0)), ("P2 skunks given", _per("skunks", 1)),
    ],
}

# ---- hands.csv: one row per side of each hand (deal, round) --------------------

HAND_COMMON = [
    ("game", _field("public_id")), ("game type", _field("game_type")), ("hand", _field("number")),
    ("kind", _field("kind")), ("dealer", _seat("dealer")), ("status", _field("status")),
    ("side", lambda r: SIDE_LABELS[r["game_type"]][r["side"]]), ("players", _field("players")),
    ("score", _field("delta")), ("total", _field("total")),
]
_PINOCHLE_HAND = [
    ("bidder", _seat("bidder_seat")), ("bid", _field("bid")), ("trump", _field("trump")), ("made", _flag("made")),
    ("meld", _field("meld")), ("tricks", _field("tricks")), ("counted meld", _field("counted_meld")),
    ("counted tricks", _field("counted_tricks")),
]
_RUMMY_INPUTS = ("melds_on_table", "clean_runs", "semi_clean_runs", "dirty_runs", "cards_left", "penalties",
                 "going_out", "folded_hand", "without_wilds", "first_meld")
HAND_COLUMNS = {
    "partnership": _PINOCHLE_HAND,
    "double_deck": _PINOCHLE_HAND,
    "three_handed": _PINOCHLE_HAND,
    "cribbage": [("starter", _field("starter")), ("pegging", _field("pegging")), ("hand points", _field("show")),
                 ("crib", _field("crib"))],
    "rummy": [(name.replace("_", " "), _detail(name)) for name in _RUMMY_INPUTS]
    + [("counted meld", _field("counted_meld"))],
}


def header(common, by_type) -> list[str]:
    """The common headers, then every type's own in order, each name once."""
    names = [name for name, _ in common]
    for columns in by_type.values():
        names += [name for name, _ in columns if name not in names]
    return names


def row_writer(common, by_type):
    """``(header, cells(row) -> list)``: each type fills its own columns of the shared header."""
    names = header(common, by_type)
    index = {name: i for i, name in enumerate(names)}
    width = len(names)
    plans = {t: [(index[n], get) for n, get in common + columns] for t, columns in by_type.items()}

    def cells(r):
        out = [None] * width
        for i, get in plans[r["game_type"]]:
            out[i] = get(r)
        return out

    return names, cells
