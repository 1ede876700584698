"""An event's printed page for the wall: its movement (every qualifying round's
tables, seated in advance), the qualifying standings, the bracket and the
prize table, in the reader's language (``league.pdf.league_base``)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from .league_base import LeagueDocument


class EventSheet(LeagueDocument):
    """``EventSheet(event_view(tournament)).render()`` -> PDF bytes."""

    title = gettext_lazy("Event")

    def __init__(self, view, **kwargs):
        kwargs.setdefault("club_name", view.tournament.club.name)
        super().__init__(**kwargs)
        self.view = view

    def document_title(self) -> str:
        return f"{self.title} · {self.view.tournament.name}"

    def story(self) -> list:
        view, t = self.view, self.view.tournament
        count = len(view.entrants)
        facts = " · ".join(filter(None, [
            self.date(t.date), t.venue, str(t.rule_profile.name),
            ngettext("%(n)d entrant", "%(n)d entrants", count) % {"n": count},
        ]))
        out = [self.line(t.name, 14, bold=True), self.line(facts, 9), Spacer(1, 3 * mm)]
        for stage, rounds in view.stage_cards:
            heading = {"playoff": _("Playoff bracket"), "swiss": _("Swiss qualifying rounds")}.get(
                stage.kind, _("Qualifying rounds"))
            out.append(self.p(heading, "subheading"))
            for rnd, cards, _ends, _playing in rounds:
                rows = []
                for card in cards:
                    label = (_("Match %(n)d") if stage.kind == "playoff" else _("Table %(n)d")) % {"n": card.number}
                    names = [f"{seed}. {name}" if seed else name for seed, name, _score, _won in card.lines]
                    against = _("bye") if card.bye else " – ".join(names[1:])
                    winner = next((name for _seed, name, _s, won in card.lines if won and card.finished), "")
                    rows.append([self.line(label, 8, bold=True), self.line(names[0], 8),
                                 self.line(against, 8), self.line(winner, 8, bold=True)])
                width = self.content_width
                out.append(self.line(_("Round %(n)d") % {"n": rnd.number}, 9, bold=True))
                out.append(self.table(rows, tag=f"round-{stage.number}-{rnd.number}",
                                      col_widths=[width * 0.16, width * 0.3, width * 0.3, width * 0.24]))
                out.append(Spacer(1, 2 * mm))
        if view.standings:
            out.append(self.p(_("Qualifying standings"), "subheading"))
            rows = [[self.line(_("Place"), 8, bold=True), self.line(_("Entrant"), 8, bold=True),
                     self.line(_("Game points"), 8, bold=True), self.line(_("Won"), 8, bold=True),
                     self.line(_("Spread"), 8, bold=True)]]
            for entrant, record, rank in view.standings:
                rows.append([self.line(str(rank), 8), self.line(entrant.name, 8), self.line(str(record.game_points), 8),
                             self.line(str(record.wins), 8), self.line(str(record.spread), 8)])
            width = self.content_width
            out.append(self.table(rows, tag="qualifying", col_widths=[width * 0.1, width * 0.45] + [width * 0.15] * 3))
        if view.prize_table:
            out.append(self.p(_("Prize table"), "subheading"))
            rows = [[self.line(str(rank), 9), self.line(entrant.name, 9), self.line(str(amount), 9, align="right")]
                    for rank, entrant, amount in view.prize_table if amount]
            width = self.content_width
            out.append(self.table(rows, tag="prizes", col_widths=[width * 0.1, width * 0.6, width * 0.3]))
        return out
