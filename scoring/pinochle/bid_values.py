"""The auction's bid-value table: what a bid is worth in units (docs/rules.md §2).

A table is a tuple of ``(lowest bid, units)`` bands in rising order. The
default, docs/rules.md §2: 300–340 is worth 1 unit, 350–390 2, 400–440 3, and each
further 50 one more. Published tables differ (e.g. 1, 2, 4, 6, 8, 10 by fifties,
webcasty.com after Hoyle; 2, 3, 5, 7, 10, ... in Scarne's bonus table), so a
club may enter its own; past the last band the table's last step repeats.
"""
from __future__ import annotations

from ..errors import RulesError
from ..messages import gettext_noop as _

DEFAULT_BID_VALUES = ((300, 1), (350, 2), (400, 3))
"""300–340: 1 unit, 350–390: 2, 400–440: 3; then 450: 4, 500: 5, ..."""


def check_bid_table(table) -> tuple[tuple[int, int], ...]:
    """``table`` as a tuple of ``(bid, units)`` pairs, or ``RulesError`` on ``bid_values``.

    Bids must rise from a positive first bid; units must be 1 or more and never
    fall. Lists (as stored in JSON) become tuples.
    """
    if not isinstance(table, (tuple, list)) or not table:
        raise RulesError(
            "bid_values", _("bid_values must be a list of (bid, units) pairs, e.g. 300: 1, 350: 2; not %(value)r"),
            value=table,
        )
    bands = []
    for band in table:
        if not (
            isinstance(band, (tuple, list)) and len(band) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in band)
            and band[0] > 0 and band[1] >= 1
        ):
            raise RulesError(
                "bid_values", _("bid_values: each band is a bid above 0 and its units, 1 or more; not %(value)r"),
                value=band,
            )
        bands.append((band[0], band[1]))
    for (bid, units), (next_bid, next_units) in zip(bands, bands[1:]):
        if next_bid <= bid or next_units < units:
            raise RulesError(
                "bid_values",
                _("bid_values: bids must rise and units never fall, but %(next_bid)d: %(next_units)d "
                  "follows %(bid)d: %(units)d"),
                next_bid=next_bid, next_units=next_units, bid=bid, units=units,
            )
    return tuple(bands)


def bid_units(table: tuple[tuple[int, int], ...], bid: int) -> int:
    """Units a ``bid`` is worth under ``table`` (docs/rules.md §2).

    The band with the highest lowest-bid not above ``bid`` decides; a bid below
    the first band is worth the first band's units (a 250 under the default
    table is worth 1, like a 300). Past the last band the last step repeats:
    with the default table 450 is worth 4 and 500 5; with one band every bid
    is worth the same.
    """
    first_bid, first_units = table[0]
    if bid < first_bid:
        return first_units
    if len(table) == 1:
        return first_units
    (before, before_units), (last, last_units) = table[-2], table[-1]
    if bid >= last:
        return last_units + (bid - last) // (last - before) * (last_units - before_units)
    return max(units for lowest, units in table if lowest <= bid)
