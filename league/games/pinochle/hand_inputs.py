"""The inputs of a Pinochle hand: which seat, which kind of hand, which suit,
checked and normalised (the engine checks the rule arithmetic), and the
``PinochleHand`` they describe, from a form or from a stored hand."""
from dataclasses import dataclass, fields

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from league.games.inputs import UNSET, EntryInput, Unset
from league.models import Hand, HandKind
from scoring.cards import parse_suit
from scoring.errors import ScoringError
from scoring.pinochle import PinochleHand

from league.services.errors import as_validation_error



@dataclass(frozen=True, kw_only=True)
class PinochleHandInput(EntryInput):
    """A Pinochle hand (partnership, three-handed, double-deck): ``kind`` is played,
    thrown in, passed or renege; ``meld``, ``tricks`` and ``took_trick`` hold one value per side."""

    kind: str | Unset = UNSET
    dealer: int | None | Unset = UNSET
    bidder_seat: int | None | Unset = UNSET
    bid: int | None | Unset = UNSET
    trump: str | Unset = UNSET
    meld: tuple[int, ...] | None | Unset = UNSET
    tricks: tuple[int | None, ...] | None | Unset = UNSET
    took_trick: tuple[bool, ...] | None | Unset = UNSET
    renege_side: int | None | Unset = UNSET


INPUTS = tuple(f.name for f in fields(PinochleHandInput))  # the fields of the typed input


def _seat(value, field, label, seats=4):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        if seats == 3:
            raise ValidationError({field: [_("%(label)s must be a player: 1, 2 or 3.") % {"label": label}]})
        raise ValidationError({field: [_("%(label)s must be a seat: N, E, S or W.") % {"label": label}]})
    return value


def _pair(value, field, sides=2):
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != sides:
        if sides == 3:
            raise ValidationError({field: [_("Give one value for each of the three players.")]})
        raise ValidationError({field: [_("Give one value for N–S and one for E–W.")]})
    return tuple(value)


def seat_side(seat: int, sides: int = 2) -> int:
    """A seat's side: partners sit opposite (``seat % 2``); three-handed, the seat is the side."""
    return seat if sides == 3 else seat % 2


def clean_inputs(data: dict, *, default_dealer: int, sides: int = 2) -> dict:
    """Check the inputs that are not rule arithmetic (which seat, which kind of
    hand, which suit) and normalise them; the engine checks the rest.
    ``sides``: 2 (partnerships, four seats) or 3 (three players, seats 0..2)."""
    seats = 3 if sides == 3 else 4
    unknown = set(data) - set(INPUTS)
    if unknown:
        raise TypeError(f"unknown hand inputs: {sorted(unknown)}")
    kind = data.get("kind") or HandKind.PLAYED
    if kind not in HandKind.values:
        raise ValidationError({"kind": [_("Choose played, thrown in, all passed or renege.")]})
    dealer = data.get("dealer")
    dealer = default_dealer if dealer is None else _seat(dealer, "dealer", _("The dealer"), seats)
    zeros = (0,) * sides
    out = {
        "kind": kind, "dealer": dealer, "bidder_seat": None, "bid": None, "trump": "",
        "meld": zeros, "tricks": None, "took_trick": None, "renege_side": None,
    }
    if kind == HandKind.PASSED:
        return out
    out["bidder_seat"] = _seat(data.get("bidder_seat"), "bidder_seat", _("The bidder"), seats)
    out["bid"] = data.get("bid")
    if out["bid"] is None:
        raise ValidationError({"bid": [_("Enter the winning bid.")]})
    try:
        out["trump"] = parse_suit(data.get("trump") or "", field="trump")
    except ScoringError as e:
        raise as_validation_error(e) from e
    out["meld"] = _pair(data.get("meld"), "meld", sides) or zeros
    if kind == HandKind.PLAYED:
        out["tricks"] = _pair(data.get("tricks"), "tricks", sides)
        if out["tricks"] is None:
            raise ValidationError({"tricks": [_("Enter the trick points each side took.")]})
        out["took_trick"] = _pair(data.get("took_trick"), "took_trick", sides)
    if kind == HandKind.RENEGE:
        side = data.get("renege_side")
        if isinstance(side, bool) or side not in range(sides):
            if sides == 3:
                raise ValidationError({"renege_side": [_("Say which player reneged.")]})
            raise ValidationError({"renege_side": [_("Say which side reneged: N–S or E–W.")]})
        out["renege_side"] = side
    return out


def engine_hand(inputs: dict, sides: int = 2) -> PinochleHand:
    """The ``PinochleHand`` that the stored or entered inputs describe."""
    kind = inputs["kind"]
    if kind == HandKind.PASSED:
        return PinochleHand(bidder=None, bid=0, meld=(0,) * sides, tricks=None)
    return PinochleHand(
        bidder=seat_side(inputs["bidder_seat"], sides),
        bid=inputs["bid"],
        meld=tuple(inputs["meld"]),
        tricks=tuple(inputs["tricks"]) if inputs["tricks"] is not None else None,
        took_trick=tuple(inputs["took_trick"]) if inputs["took_trick"] is not None else None,
        thrown_in=kind == HandKind.THROWN_IN,
        renege_by=inputs["renege_side"] if kind == HandKind.RENEGE else None,
        trump=inputs["trump"] or None,
    )


def stored_inputs(hand: Hand) -> dict:
    """The inputs of a stored hand (its ``side_rows`` prefetched), as ``clean_inputs`` returns them."""
    rows = sorted(hand.side_rows.all(), key=lambda r: r.side)
    played = hand.kind == HandKind.PLAYED
    took = tuple(r.took_trick for r in rows)
    return {
        "kind": hand.kind, "dealer": hand.dealer, "bidder_seat": hand.bidder_seat,
        "bid": hand.bid, "trump": hand.trump, "meld": tuple(r.meld for r in rows),
        "tricks": tuple(r.tricks for r in rows) if played else None,
        "took_trick": took if played and None not in took else None,
        "renege_side": hand.renege_side,
    }
