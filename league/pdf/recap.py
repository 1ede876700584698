"""The night recap a club pins up or sends out: the night's highlights from
stored numbers (highest hand, biggest meld, most bids made: Pinochle hands
only, rummy rounds left out), the night's standings, and the result of every
table of every round: two sides of partners, or at a table of three (or of
cribbage) each player a side with their own total."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import ngettext
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Spacer

from league.models.game import SIDE_LABELS

from .grid import Column, cells, grid_table, scaled
from .awards import awards_flowables
from .league_base import LeagueDocument
from .standings import StandingsGrid


def result_columns(sides: int, names: float = 55 * mm, total: float = 15 * mm, result: float = 28 * mm) -> tuple:
    """A round's results: the table, each side's players and total, the result."""
    return (
        Column("table", gettext_lazy("Table"), 12 * mm, "center"),
        *(c for side in range(sides) for c in (Column(f"side_{side}", gettext_lazy("Players"), names, "left"),
                                               Column(f"total_{side}", gettext_lazy("Total"), total))),
        Column("result", gettext_lazy("Result"), result, "left"),
    )


RESULT_COLUMNS = result_columns(2)
THREE_SIDE_RESULT_COLUMNS = result_columns(3, names=40 * mm, total=14 * mm, result=34 * mm)
"""The tables of three: a players/total pair for each player."""
MOST_NAMES = 4  # names listed for a shared highlight before "and N more"


def side_count(game) -> int:
    """Two sides of partners, else one a player (three-handed, cribbage)."""
    return 2 if game.has_partners else len(game.seats.all())


def side_label(game, side: int) -> str:
    """``N–S`` / ``E–W`` where partners play (partnership, double-deck, rummy);
    nothing where each player is a side."""
    return SIDE_LABELS[side] if game.has_partners else ""


def side_names(game, side: int) -> str:
    """The players of ``side`` from the prefetched seats: ``Ann & Cy``, or the one player."""
    names = game.side_player_names()
    return names[side] if side < len(names) else ""


RACE_WIDTH = 110 * mm
"""Tonight's race is drawn smaller than a full-width chart: a small night's recap stays one page."""


class NightRecap(LeagueDocument):
    """``NightRecap(night_recap_for_print(night)).render()`` -> PDF bytes."""

    title = gettext_lazy("Night recap")
    row_height = 5.6 * mm
    cell_size = 8.0

    def __init__(self, recap, link=None, **kwargs):
        """``link(path)``: a game's absolute address, for the awards' links."""
        night = recap.night
        self.link = link
        kwargs.setdefault("club_name", night.season.league.club.name)
        super().__init__(**kwargs)
        self.recap, self.night, self.league = recap, night, night.season.league
        self.result_columns = scaled(RESULT_COLUMNS, self.content_width)
        self.three_side_columns = scaled(THREE_SIDE_RESULT_COLUMNS, self.content_width)

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

    def highlights_note(self) -> list:
        """Why a night with rummy tables has no highlight from them."""
        if not any(t.game.kind.recap_rounds for t in self.recap.tables):
            return []
        return [self.p(_("Rummy rounds are not Pinochle hands: the highlights leave them out."), "small")]

    # -- results -------------------------------------------------------------
    def result(self, game) -> str:
        if not game.is_finished:
            n = game.hand_count
            if not n:
                return _("not started")
            return game.kind.playing(n)
        if game.winner_side is None:
            return _("drawn")
        label = side_label(game, game.winner_side) or side_names(game, game.winner_side)
        return _("%(side)s won") % {"side": label}

    def result_values(self, table) -> dict:
        game = table.game
        totals = {s.side: s.total for s in game.sides.all()}
        teams = {s.side: s.team.name for s in game.sides.all() if s.team_id}
        values = {"table": str(table.number), "result": self.result(game)}
        for side in range(side_count(game)):
            label = side_label(game, side)
            names = side_names(game, side)
            if side in teams:
                names = f"{teams[side]} ({names})"
            values[f"side_{side}"] = f"{label} {names}" if label else names
            values[f"total_{side}"] = str(totals.get(side, 0))
        return values

    def round_tables(self, tables: list) -> list:
        """A round's results: one grid for its tables of two sides, another
        with three players/total pairs for its tables of three (so the pairs'
        names keep their width when a partnership round has an odd table)."""
        shapes: dict[int, list] = {}
        for table in tables:
            shapes.setdefault(side_count(table.game), []).append(table)
        out = []
        for sides, group in sorted(shapes.items()):
            if out:
                out.append(Spacer(1, 1.5 * mm))
            out.append(self.results_grid(self.three_side_columns if sides > 2 else self.result_columns, group))
        return out

    def results_grid(self, columns: tuple, tables: list):
        rows = []
        for table in tables:
            game = table.game
            winner = game.winner_side if game.is_finished else None
            keys = (f"side_{winner}", f"total_{winner}") if winner is not None else ()
            rows.append(cells(columns, self.result_values(table), size=self.cell_size, bold_keys=keys,
                              min_sizes={c.key: 6.0 for c in columns if c.key.startswith("side_")}))
        grid = grid_table(self.table_class(), columns, (), rows, row_height=self.row_height)
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
            block = [self.p(_("Round %(n)d") % {"n": number}, "subheading"), *self.round_tables(tables)]
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
        rummy = sum(1 for t in recap.tables if t.game.kind.recap_rounds)
        facts = [
            ngettext("%(n)d round", "%(n)d rounds", rounds) % {"n": rounds},
            ngettext("%(finished)d of %(games)d game finished", "%(finished)d of %(games)d games finished", games) % {"finished": finished, "games": games},
        ]
        if not games or rummy < games:  # a night of rummy tables only has no Pinochle hands to count
            facts.append(ngettext("%(n)d hand", "%(n)d hands", recap.hands) % {"n": recap.hands})
        if rummy:
            facts.append(ngettext("%(n)d rummy round", "%(n)d rummy rounds", recap.rummy_rounds)
                         % {"n": recap.rummy_rounds})
        facts = " · ".join(facts)
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
            *self.highlights_note(),
            self.p(_("Tonight's standings"), "subheading"),
            standings.table(),
            Spacer(1, 1.5 * mm),
            *standings.notes(),
            *awards_flowables(self, self.recap.awards, getattr(self, "link", None)),
            *self.rounds(),
            *self.race(),
        ]

    def race(self) -> list:
        """Tonight's race, round by round: a reportlab drawing with its description."""
        chart = self.recap.race
        if chart is None:
            return []
        from .charts import chart_block
        return [*chart_block(chart, lambda text: self.p(text, "subheading"), width=RACE_WIDTH),
                self.p(chart.description, "small")]

