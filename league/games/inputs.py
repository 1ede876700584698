"""The inputs of one entry, typed: one frozen dataclass per kind of entry.

A kind builds its input from the entry form (``kind.entry_input(form)``) and
the entry workflow (:mod:`league.services.workflow`) takes it as a keyword
argument, refusing anything else (a plain ``dict`` included). A field left
out is ``UNSET``: a correction keeps the stored value there (cribbage) or
the rules' default applies (a new entry's dealer).
"""
from dataclasses import dataclass, field, fields, make_dataclass


class _Unset:
    def __repr__(self):
        return "UNSET"


UNSET = _Unset()


@dataclass(frozen=True, kw_only=True)
class EntryInput:
    def as_data(self) -> dict:
        """The fields given, as the services' cleaning functions take them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not UNSET}


def entry_input(name: str, names: tuple, doc: str) -> type:
    """A kind's input dataclass: frozen, keyword-only, every field ``UNSET`` unless given."""
    cls = make_dataclass(name, [(n, object, field(default=UNSET)) for n in names], bases=(EntryInput,),
                         frozen=True, kw_only=True)
    cls.__module__, cls.__doc__ = __name__, doc
    return cls


PinochleHandInput = entry_input(
    "PinochleHandInput",
    ("kind", "dealer", "bidder_seat", "bid", "trump", "meld", "tricks", "took_trick", "renege_side"),
    """A Pinochle hand (partnership, three-handed, double-deck): ``kind`` is played,
    thrown in, passed or renege; ``meld``, ``tricks`` and ``took_trick`` hold one value per side.""")
CribbageDealInput = entry_input(
    "CribbageDealInput",
    ("dealer", "starter", "pegging", "pone_hand", "dealer_hand", "crib", "pegged_out_first"),
    """A cribbage deal: ``pegging`` holds each player's pegging points.""")


@dataclass(frozen=True, kw_only=True)
class RummyRoundInput(EntryInput):
    """A rummy round: ``teams`` holds N–S's inputs, then E–W's."""

    teams: object = UNSET

    def as_data(self):
        return self.teams  # a round is cleaned as its two teams
