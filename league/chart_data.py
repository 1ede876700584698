"""What each chart shows, built from numbers a page has already loaded (no query here)."""
from django.utils.translation import gettext as _

from league.charts import Chart


def game_totals_chart(sheet) -> Chart:
    """A Pinochle sheet's running totals, hand by hand, one line per side (from 0 before hand 1)."""
    names = [f"{label} {players}".strip() if label else players for label, players in sheet.side_names]
    rows = sheet.rows
    series = []
    for side, name in enumerate(names):
        series.append((name, [0] + [r.sides[side].total for r in rows if side < len(r.sides)]))
    finals = ", ".join(f"{n} {v[-1]}" for n, v in series)
    return Chart(
        title=_("Running totals, hand by hand"),
        description=_("Each side's total after every hand; after hand %(n)d: %(finals)s.")
        % {"n": len(rows), "finals": finals},
        x_labels=["0"] + [str(r.hand.number) for r in rows],
        series=series,
    )


def rating_chart(name: str, events) -> Chart:
    """A player's rating (mu − 3 sigma) after each rated game of one family, in the order played."""
    values = [round(e.ordinal, 2) for e in events]
    return Chart(
        title=_("%(name)s: rating over time") % {"name": name},
        description=_("The rating after each of %(n)d rated games; now %(now)s.")
        % {"n": len(values), "now": values[-1] if values else "–"},
        x_labels=[f"{e.played_on:%m-%d}" for e in events],
        series=[(_("rating"), values)],
    )
