"""The season standings report, and the standings grid and tie-break notes
that the night recap prints too. Every number is the one
``league.selectors.standings.standings`` ranked from the stored results."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from league.i18n import render as render_message
from league.tables import criteria_labels

from .grid import Column, cells, grid_table, scaled
from .awards import awards_flowables
from .league_base import LeagueDocument

STANDARD_COLUMNS = (
    Column("rank", "#", 10 * mm, "center"),
    Column("name", gettext_lazy("Name"), 46 * mm, "left"),
    Column("games", gettext_lazy("Games"), 12 * mm),
    Column("wins", gettext_lazy("Won"), 11 * mm),
    Column("points", gettext_lazy("Points"), 17 * mm),
    Column("against", gettext_lazy("Against"), 17 * mm),
    Column("differential", gettext_lazy("Diff."), 16 * mm),
    Column("bids", gettext_lazy("Bids made"), 17 * mm),
    Column("nights", gettext_lazy("Nights"), 12 * mm),
    Column("split", gettext_lazy("Split by"), 22 * mm, "left"),
)
# precedence keys already shown by a standard column
SHOWN = {"points": "points", "wins": "wins", "points_against": "against", "differential": "differential",
         "nights": "nights"}
PERCENT = {"win_pct", "bids_made_pct"}
HANDICAP_COLUMNS = {"handicap": gettext_lazy("Handicap"), "handicapped": gettext_lazy("With handicap")}
EXTRA_WIDTH = 18 * mm  # a column for a precedence metric the others do not show
NAME_GIVES = 8 * mm  # the name column narrows by this for each such column, down to NAME_MIN
NAME_MIN = 28 * mm


def _number(value, key: str) -> str:
    if value is None:
        return "–"
    if key in PERCENT:
        return f"{round(value * 100)}%"
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def criteria_sentence(criteria, labels=None) -> str:
    """``Ranked by total points; rows level on it by games won, then …`` (``labels``: the metrics' names, if given)."""
    labels = labels or [render_message(c.label) for c in criteria]
    if len(labels) == 1:
        return _("Ranked by %(first)s.") % {"first": labels[0]}
    return _("Ranked by %(first)s; rows level on it are ordered by %(rest)s.") % {
        "first": labels[0], "rest": _(", then ").join(labels[1:]),
    }


class StandingsGrid:
    """Builds the standings table of one :class:`~league.selectors.standings.Standings`
    for ``document`` (a :class:`LeagueDocument`): the usual columns, one more
    for each precedence metric they do not show, and "Split by"."""

    row_height = 5.4 * mm
    cell_size = 8.0

    def __init__(self, document: LeagueDocument, result, *, nights: bool = True):
        self.document, self.result = document, result
        self.extra = [(i, c) for i, c in enumerate(result.criteria) if c.key not in SHOWN]
        columns = [c for c in STANDARD_COLUMNS if nights or c.key != "nights"]
        self.handicap = [k for k in HANDICAP_COLUMNS if result.season.handicap_per_point > 0
                         and not (k == "handicapped" and any(c.key == k for c in result.criteria))]
        name = max(NAME_MIN, columns[1].width - NAME_GIVES * (len(self.extra) + len(self.handicap)))
        columns[1] = Column("name", columns[1].label, name, "left")
        at = len(columns) - 1  # before "Split by"
        self.labels = criteria_labels(result)  # the sentence's "best 3 of 5 nights"; the narrow column's "best 3 nights"
        columns[at:at] = [Column(f"metric_{i}", render_message(c.label), EXTRA_WIDTH) for i, c in self.extra]
        columns[at + len(self.extra):at + len(self.extra)] = [
            Column(k, HANDICAP_COLUMNS[k], EXTRA_WIDTH + 5 * mm * (k == "handicapped")) for k in self.handicap]  # its own column, points raw
        self.columns = scaled(columns, document.content_width)

    def values(self, ranked) -> dict:
        row = ranked.row
        out = {
            "rank": ranked.rank_label, "name": row.name, "games": str(row.games), "wins": str(row.wins),
            "points": str(row.points_for), "against": str(row.points_against),
            "differential": str(row.differential), "bids": f"{row.bids_made}/{row.bids_taken}",
            "nights": str(row.nights),
            "split": render_message(ranked.split_by_label) if ranked.split_by_label else "",
        }
        out["handicap"], out["handicapped"] = str(row.handicap), str(row.handicapped_points)
        for i, criterion in self.extra:
            out[f"metric_{i}"] = _number(ranked.values[i] if i < len(ranked.values) else None, criterion.key)
        return out

    def table(self):
        rows = [
            cells(self.columns, self.values(r), size=self.cell_size, bold_keys=("points",),
                  min_sizes={"name": 6.0})
            for r in self.result.rows
        ]
        if not rows:
            rows.append(cells(self.columns, {"name": _("No finished game yet.")}, size=self.cell_size))
        table = grid_table(self.document.table_class(), self.columns, (), rows, row_height=self.row_height)
        table.tag = "standings"
        return table

    def notes(self) -> list:
        """The precedence in words, then each split and each shared rank."""
        doc, result = self.document, self.result
        out = [doc.p(criteria_sentence(result.criteria, self.labels), "small"),
               doc.p(_("Rows level on every metric share a rank, shown as =2, and are listed by name."), "small")]
        if not result.criteria:
            return out
        first = render_message(result.criteria[0].label)
        rows = result.rows
        for above, ranked in zip(rows, rows[1:]):
            if ranked.split_by_label:
                out.append(doc.p(
                    _("%(name)s (%(rank)s) was level on %(first)s with %(above)s (%(above_rank)s); "
                      "%(metric)s split them.") % {
                        "name": ranked.row.name, "rank": ranked.rank_label, "first": first,
                        "above": above.row.name, "above_rank": above.rank_label,
                        "metric": render_message(ranked.split_by_label),
                    }, "small"))
        shared: dict[int, list] = {}
        for ranked in rows:
            if ranked.tied:
                shared.setdefault(ranked.rank, []).append(ranked.row.name)
        for rank, names in shared.items():
            out.append(doc.p(_("%(names)s share rank =%(rank)d: level on every metric.")
                             % {"names": ", ".join(names), "rank": rank}, "small"))
        return out


class SeasonStandingsReport(LeagueDocument):
    """``SeasonStandingsReport(season_report_for_print(season)).render()`` -> PDF bytes."""

    title = gettext_lazy("Season standings")

    def __init__(self, report, link=None, **kwargs):
        """``link(path)``: a game's absolute address, for the awards' links."""
        season = report.season
        self.link = link
        kwargs.setdefault("club_name", season.league.club.name)
        super().__init__(**kwargs)
        self.report = report
        self.season = season

    def document_title(self) -> str:
        return f"{self.title} · {self.season.league.name}"

    def story(self) -> list:
        season, report = self.season, self.report
        count = len(report.standings.rows)
        if report.standings.fixed:
            entrants = ngettext("%(n)d team", "%(n)d teams", count) % {"n": count}
        else:
            entrants = ngettext("%(n)d player", "%(n)d players", count) % {"n": count}
        facts = " · ".join([
            f"{self.date(season.starts_on)} – {self.date(season.ends_on)}",
            ngettext("%(n)d night played", "%(n)d nights played", report.nights_played) % {
                "n": report.nights_played},
            entrants,
        ])
        grid = StandingsGrid(self, report.standings)
        return [
            self.line(f"{season.league.name} · {season.name}", 14, bold=True),
            self.line(facts, 9),
            Spacer(1, 3 * mm),
            grid.table(),
            Spacer(1, 3 * mm),
            self.p(_("Tie-breaks"), "subheading"),
            *grid.notes(),
            *self.race(),
            *awards_flowables(self, self.report.awards, getattr(self, "link", None)),
        ]

    def race(self) -> list:
        """The season race: the same drawing as the season page, with its description."""
        chart = self.report.race
        if chart is None:
            return []
        from .charts import chart_block
        return [*chart_block(chart, lambda text: self.p(text, "subheading")), self.p(chart.description, "small")]
