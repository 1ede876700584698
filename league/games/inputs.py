"""The inputs of one entry, typed: one frozen dataclass per kind of entry.

A kind builds its input from the entry form (``kind.entry_input(form)``) and
the entry workflow (:mod:`league.services.workflow`) takes it as a keyword
argument, refusing anything else (a plain ``dict`` included). A field left
out is ``UNSET``: a correction keeps the stored value there (cribbage) or
the rules' default applies (a new entry's dealer).
"""
from dataclasses import dataclass, fields


class _Unset:
    def __repr__(self):
        return "UNSET"


UNSET = _Unset()


@dataclass(frozen=True, kw_only=True)
class EntryInput:
    def as_data(self) -> dict:
        """The fields given, as the services' cleaning functions take them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not UNSET}


@dataclass(frozen=True, kw_only=True)
class PinochleHandInput(EntryInput):
    """A Pinochle hand (partnership, three-handed, double-deck): ``meld``,
    ``tricks`` and ``took_trick`` hold one value per side."""

    kind: object = UNSET  # HandKind: played, thrown in, passed, renege
    dealer: object = UNSET
    bidder_seat: object = UNSET
    bid: object = UNSET
    trump: object = UNSET
    meld: object = UNSET
    tricks: object = UNSET
    took_trick: object = UNSET
    renege_side: object = UNSET


@dataclass(frozen=True, kw_only=True)
class CribbageDealInput(EntryInput):
    """A cribbage deal: ``pegging`` holds each player's pegging points."""

    dealer: object = UNSET
    starter: object = UNSET
    pegging: object = UNSET
    pone_hand: object = UNSET
    dealer_hand: object = UNSET
    crib: object = UNSET
    pegged_out_first: object = UNSET


@dataclass(frozen=True, kw_only=True)
class RummyRoundInput(EntryInput):
    """A rummy round: ``teams`` holds N–S's inputs, then E–W's."""

    teams: object = UNSET

    def as_data(self):
        return self.teams  # a round is cleaned as its two teams
