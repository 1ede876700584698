"""The inputs of one entry, typed: the base every game's frozen input dataclass extends.

Each game defines its own input dataclass in its folder
(``league/games/<kind>/``): ``PinochleHandInput`` in
:mod:`league.games.pinochle.hand_inputs`, ``CribbageDealInput`` in
:mod:`league.games.cribbage.inputs`, ``RummyRoundInput`` in
:mod:`league.games.rummy.inputs`. A kind builds its input from the entry form
(``kind.entry_input(form)``) and the entry workflow
(:mod:`league.services.workflow`) takes it as a keyword argument, refusing
anything else (a plain ``dict`` included). A field left out is ``UNSET``: a
correction keeps the stored value there (cribbage) or the rules' default
applies (a new entry's dealer).
"""
from dataclasses import dataclass, fields


class Unset:
    """The type of ``UNSET``: a field the entry did not give."""

    def __repr__(self):
        return "UNSET"


UNSET = Unset()


@dataclass(frozen=True, kw_only=True)
class EntryInput:
    """A game's entry input: subclass it as a frozen, keyword-only dataclass
    whose fields default to ``UNSET``."""

    def as_data(self) -> dict:
        """The fields given, as the services' cleaning functions take them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not UNSET}
