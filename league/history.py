"""An entry's audit revisions read as a before/after table in the game's own words.

A revision keeps the entry's inputs and derived numbers as plain data (its
``before`` and ``after``, written by the kind's snapshot). The history page
shows them as rows, "Meld · N–S: 180 → 200", never as raw data. Which fields
a kind's snapshot holds, their labels and how their values read are the
kind's (``history_fields`` for the entry, ``history_side_fields`` for each
side; :class:`~league.games.base.GameKind`); this module only reads them.

How a value reads (the third item of a field):

- ``"number"``: the number as stored;
- ``"seat"``: the player in that seat;
- ``"side"``: the side's name (N–S, E–W, or the player's name);
- ``"suit"``: the suit's symbol;
- ``"flag"``: yes or no;
- ``"hand_kind"``: played, thrown in, all passed...;
- ``"count"``: how many items a list holds.

A field's key may name a key inside a side's ``detail`` (``"detail.cards_left"``).
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scoring.cards import SUIT_SYMBOLS

from .models.game import HandKind

EMPTY = "–"


@dataclass(frozen=True)
class Change:
    """One row of the table: ``label``, the value before and after, and whether it changed."""

    label: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


def _lookup(data: dict | None, key: str):
    value = data
    for part in key.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _reads(value, how: str, seats: list[str], sides: list[str]) -> str:
    if value is None or value == "":
        return EMPTY
    if how == "seat":
        return seats[value] if isinstance(value, int) and 0 <= value < len(seats) else str(value)
    if how == "side":
        return sides[value] if isinstance(value, int) and 0 <= value < len(sides) else str(value)
    if how == "suit":
        return SUIT_SYMBOLS.get(value, str(value))
    if how == "flag":
        return _("yes") if value else _("no")
    if how == "hand_kind":
        return str(HandKind(value).label) if value in HandKind.values else str(value)
    if how == "count":
        return str(len(value)) if isinstance(value, (list, tuple)) else str(value)
    return str(value)


def revision_changes(kind, revision, *, seats: list[str], sides: list[str]) -> list[Change]:
    """The rows of one revision: every field the kind declares that holds a value
    before or after, the entry's fields first, then each side's.

    ``seats`` are the players' names by seat, ``sides`` the sides' names.
    """
    before, after = revision.before, revision.after
    rows = []
    for key, label, how in kind.history_fields:
        old, new = _lookup(before, key), _lookup(after, key)
        if old is None and new is None:
            continue
        rows.append(Change(str(label), _reads(old, how, seats, sides), _reads(new, how, seats, sides)))
    old_sides = (before or {}).get("sides") or []
    new_sides = (after or {}).get("sides") or []
    for index in range(max(len(old_sides), len(new_sides))):
        old_side = old_sides[index] if index < len(old_sides) else None
        new_side = new_sides[index] if index < len(new_sides) else None
        name = sides[index] if index < len(sides) else str(index + 1)
        for key, label, how in kind.history_side_fields:
            old, new = _lookup(old_side, key), _lookup(new_side, key)
            if old is None and new is None:
                continue
            rows.append(Change(
                _("%(field)s · %(side)s") % {"field": label, "side": name},
                _reads(old, how, seats, sides), _reads(new, how, seats, sides),
            ))
    return rows
