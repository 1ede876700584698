"""What every game's printed score sheet shares: the entry-number column, the
dealer column and the ways a sheet prints a number, two players and a game
still in progress. Each game's layout (a :class:`~league.pdf.game_sheet.SheetLayout`
built from the board its game page reads) is in its folder
(``league/games/<kind>/sheets.py``) and its kind names it:
``GameKind.game_sheet_layout``. Every number is one the services stored
(counted meld, trick points, pegging, shows, melds, round and running
totals); nothing is rescored.
"""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm

from .grid import Column

NUMBER = Column("number", "#", 7 * mm, "center")


def dealer_column(width: float) -> Column:
    """The dealer column, ``width`` millimetres wide."""
    return Column("dealer", gettext_lazy("Dealer"), width * mm, "left")


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def minus(n: int) -> str:
    """A deduction as printed: ``−35``; nothing for 0."""
    return f"−{n}" if n else ""


def versus(names) -> str:
    return _("%(first)s vs %(second)s") % {"first": names[0], "second": names[1]}


def in_progress(count: str, totals: str) -> tuple:
    return ((_("In progress after %(count)s. Totals so far: %(totals)s") % {"count": count, "totals": totals},
             False),)
