"""An event's printed pages: for the wall its movement (every qualifying
round's tables, seated in advance), the qualifying standings, the bracket and
the prize table (``EventSheet``); for the tables a card per game with the QR
code of its table link (``TableCards``, the director's). In the reader's
language (``league.pdf.league_base``)."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from .flowables import MUTED, qr_code
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


class TableCards(LeagueDocument):
    """Each game's card of a stage, to put on its table: the round, the table (or
    match), who plays and the QR code of the game's table link (organizers only:
    the links write). ``TableCards(view, stage, link=...).render()`` -> PDF bytes."""

    title = gettext_lazy("Table cards")
    qr_size = 34 * mm
    card_height = 46 * mm

    def __init__(self, view, stage, *, link, **kwargs):
        kwargs.setdefault("club_name", view.tournament.club.name)
        super().__init__(**kwargs)
        self.view, self.stage, self.link = view, stage, link

    def document_title(self) -> str:
        return f"{self.title} · {self.view.tournament.name}"

    def card(self, heading: str, names: str, url: str, width: float):
        inner = width - 4 * mm
        words = [self.line(heading, 12, bold=True), Spacer(1, 1 * mm), self.line(names, 9),
                 Spacer(1, 1.5 * mm), self.p(self.view.tournament.kind.scan_caption, "small")]
        return self.table([[words, qr_code(url, self.qr_size)], [self.line(url, 6.5, min_size=3.5, color=MUTED), ""]],
                          tag="card", col_widths=[inner - self.qr_size - 3 * mm, self.qr_size + 3 * mm],
                          style=[("SPAN", (0, 1), (1, 1)), ("LEFTPADDING", (1, 0), (1, 0), 3 * mm),
                                 ("TOPPADDING", (0, 1), (-1, 1), 1 * mm)])

    def story(self) -> list:
        width = self.content_width / 2
        playoff = self.stage.kind == "playoff"
        cards = []
        for stage, rounds in self.view.stage_cards:
            if stage.pk != self.stage.pk:
                continue
            for rnd, round_cards, _ends, _playing in rounds:
                for card in round_cards:
                    names = " – ".join(name for _seed, name, _score, _won in card.lines)
                    for number, game in enumerate(card.games, start=1):
                        place = (_("Match %(n)d") if playoff else _("Table %(n)d")) % {"n": card.number}
                        heading = f"{_('Round %(n)d') % {'n': rnd.number}} · {place}"
                        if card.best_of > 1:
                            heading += f" · {_('game %(n)s') % {'n': number}}"
                        cards.append(self.card(heading, names, self.link(f"/t/{game.access_token}/"), width))
        if not cards:
            return [self.p(_("No game to play yet."))]
        rows = [cards[i:i + 2] + [""] * (2 - len(cards[i:i + 2])) for i in range(0, len(cards), 2)]
        return [self.table(rows, tag="cards", col_widths=[width, width], row_heights=[self.card_height] * len(rows),
                           style=[("GRID", (0, 0), (-1, -1), 0.5, MUTED), ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm),
                                  ("TOPPADDING", (0, 0), (-1, -1), 2 * mm)])]
