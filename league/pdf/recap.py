"""The night recap a club pins up or sends out: the night's highlights from
stored numbers (highest hand, biggest meld, most bids made), the night's
standings, and the result of every table of every round."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer

from .grid import Column, cells, grid_table
from .league_base import LeagueDocument, scaled, side_label, side_names
from .standings import StandingsGrid

RESULT_COLUMNS = (
    Column("table", gettext_lazy("Table"), 12 * mm, "center"),
    Column("side_0", gettext_lazy("Players"), 55 * mm, "left"),
    Column("total_0", gettext_lazy("Total"), 15 * mm),
    Column("side_1", gettext_lazy("Players"), 55 * mm, "left"),
    Column("total_1", gettext_lazy("Total"), 15 * mm),
    Column("result", gettext_lazy("Result"), 28 * mm, "left"),
)
MOST_NAMES = 4  # names listed for a shared highlight before "and N more"


class NightRecap(LeagueDocument):
    """``NightRecap(night_recap_for_print(night)).render()`` -> PDF bytes."""

    title = gettext_lazy("Night recap")
    row_height = 5.6 * mm
    cell_size = 8.0

    def __init__(self, recap, **kwargs):
        night = recap.night
        kwargs.setdefault("club_name", night.season.league.club.name)
        super().__init__(**kwargs)
        self.recap, self.night, self.league = recap, night, night.season.league
        self.result_columns = scaled(RESULT_COLUMNS, self.content_width)

    def document_title(self) -> str:
        return f"{self.title} · {self.league.name} · {self.date(self.night.date)}"

    # -- highlights ----------------------------------------------------------
    @staticmethod
    def names(names) -> str:
        shown = " & ".join(names[:MOST_NAMES]) if len(names) <= 2 else ", ".join(names[:MOST_NAMES])
        if len(names) > MOST_NAMES:
            shown += " " + _("and %(n)d more") % {"n": len(names) - MOST_NAMES}
        return shown

    def where(self, h) -> str:
        return _("round %(round)d, table %(table)d, hand %(hand)d") % {
            "round": h.round, "table": h.table, "hand": h.hand}

    def highlight_rows(self) -> list[tuple[str, str]]:
        recap, none = self.recap, _("none yet")
        out = []
        h = recap.highest_hand
        out.append((_("Highest hand"), _("%(value)s by %(names)s (%(where)s)") % {
            "value": f"+{h.value}", "names": self.names(h.names), "where": self.where(h)} if h else none))
        h = recap.biggest_meld
        out.append((_("Biggest meld"), _("%(value)d by %(names)s (%(where)s)") % {
            "value": h.value, "names": self.names(h.names), "where": self.where(h)} if h else none))
        h = recap.most_bids
        out.append((_("Most bids made"), ngettext("%(value)d bid by %(names)s", "%(value)d bids by %(names)s",
                                                  h.value) % {"value": h.value, "names": self.names(h.names)}
                    if h else none))
        return out

    # -- results -------------------------------------------------------------
    def result(self, game) -> str:
        if not game.is_finished:
            if not game.hand_count:
                return _("not started")
            return ngettext("playing: %(n)d hand", "playing: %(n)d hands", game.hand_count) % {"n": game.hand_count}
        if game.winner_side is None:
            return _("drawn")
        label = side_label(game, game.winner_side) or side_names(game, game.winner_side)
        return _("%(side)s won") % {"side": label}

    def result_values(self, table) -> dict:
        game = table.game
        totals = {s.side: s.total for s in game.sides.all()}
        teams = {s.side: s.team.name for s in game.sides.all() if s.team_id}
        values = {"table": str(table.number), "result": self.result(game)}
        for side in (0, 1):
            label = side_label(game, side)
            names = side_names(game, side)
            if side in teams:
                names = f"{teams[side]} ({names})"
            values[f"side_{side}"] = f"{label} {names}" if label else names
            values[f"total_{side}"] = str(totals.get(side, 0))
        return values

    def round_table(self, number: int, tables: list):
        rows = []
        for table in tables:
            game = table.game
            winner = game.winner_side if game.is_finished else None
            keys = (f"side_{winner}", f"total_{winner}") if winner is not None else ()
            rows.append(cells(self.result_columns, self.result_values(table), size=self.cell_size, bold_keys=keys,
                              min_sizes={"side_0": 6.0, "side_1": 6.0}))
        grid = grid_table(self.table_class(), self.result_columns, (), rows, row_height=self.row_height)
        grid.tag = "results"
        return grid

    def rounds(self) -> list:
        """"Results", then each round's heading kept with its table (and the
        section's heading with the first round's)."""
        by_round: dict[int, list] = {}
        for table in self.recap.tables:
            by_round.setdefault(table.round.number, []).append(table)
        heading = self.p(_("Results"), "subheading")
        if not by_round:
            return [heading, self.p(_("No round seated yet."))]
        out = []
        for number, tables in by_round.items():
            block = [self.p(_("Round %(n)d") % {"n": number}, "subheading"), self.round_table(number, tables)]
            out.append(KeepTogether([heading, *block] if not out else block))
            out_names = self.recap.sitting_out.get(number)
            if out_names:
                out.append(self.p(_("Sitting out: %(names)s") % {"names": ", ".join(out_names)}, "small"))
        return out

    def story(self) -> list:
        recap, night = self.recap, self.night
        games = len(recap.tables)
        finished = sum(1 for t in recap.tables if t.game.is_finished)
        rounds = len({t.round.number for t in recap.tables})
        facts = " · ".join([
            ngettext("%(n)d round", "%(n)d rounds", rounds) % {"n": rounds},
            _("%(finished)d of %(games)d games finished") % {"finished": finished, "games": games},
            ngettext("%(n)d hand", "%(n)d hands", recap.hands) % {"n": recap.hands},
        ])
        standings = StandingsGrid(self, recap.standings, nights=False)
        highlights = self.highlight_rows()
        return [
            self.line(f"{self.league.name} · {night.season.name}", 14, bold=True),
            self.line(_("Club night %(date)s") % {"date": self.date(night.date)}, 11),
            self.line(facts, 9),
            Spacer(1, 2 * mm),
            self.p(_("Highlights"), "subheading"),
            self.table([[self.line(k, 9, bold=True), self.line(v, 9)] for k, v in highlights], tag="highlights",
                       col_widths=[32 * mm, self.content_width - 32 * mm],
                       style=[("RIGHTPADDING", (0, 0), (0, -1), 2 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)]),
            self.p(_("Tonight's standings"), "subheading"),
            standings.table(),
            Spacer(1, 1.5 * mm),
            *standings.notes(),
            *self.rounds(),
        ]

