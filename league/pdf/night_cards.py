"""Each checked-in player's (or fixed team's) own link for the night, printed
as cards to cut and hand out at check-in: the name, a QR code of the night link
(league/night_links.py) and the link in print. One scan opens the table the
player sits at in the current round, so a phone follows the rotation without
rescanning. ``NightPacket`` prints the night's table sheets followed by these
cards: the whole night's packet."""
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Spacer

from .flowables import MUTED, qr_code
from .league_base import LeagueDocument
from .table_sheets import TableSheets


class CardsMixin:
    """The cards of ``self.cards``: ``[(name, url), ...]``, two across."""

    card_qr_size = 34 * mm
    card_height = 46 * mm

    def card(self, name: str, url: str, width: float):
        """The name and what the code does beside the code, the link in print across the card below."""
        inner = width - 4 * mm
        text_width = inner - self.card_qr_size - 3 * mm
        words = [
            self.line(name, 13, bold=True),
            Spacer(1, 1.5 * mm),
            self.p(_("Scan once with your phone: it opens the table you sit at in every round of tonight."),
                   "small"),
        ]
        printed = self.line(url, 6.5, min_size=3.5, color=MUTED)
        return self.table([[words, qr_code(url, self.card_qr_size)], [printed, ""]],
                          tag="card", col_widths=[text_width, self.card_qr_size + 3 * mm],
                          style=[("SPAN", (0, 1), (1, 1)), ("LEFTPADDING", (1, 0), (1, 0), 3 * mm),
                                 ("TOPPADDING", (0, 1), (-1, 1), 1 * mm)])

    def card_pages(self) -> list:
        width = self.content_width / 2
        cards = [self.card(name, url, width) for name, url in self.cards]
        if not cards:
            return [self.p(_("Nobody is checked in yet."))]
        rows = [cards[i:i + 2] + [""] * (2 - len(cards[i:i + 2])) for i in range(0, len(cards), 2)]
        grid = self.table(rows, tag="cards", col_widths=[width, width], row_heights=[self.card_height] * len(rows),
                          style=[("GRID", (0, 0), (-1, -1), 0.5, MUTED), ("LEFTPADDING", (0, 0), (-1, -1), 2 * mm),
                                 ("TOPPADDING", (0, 0), (-1, -1), 2 * mm)])
        return [self.p(_("Players' own links for tonight"), "heading"), Spacer(1, 2 * mm), grid]


class NightLinkCards(CardsMixin, LeagueDocument):
    """``NightLinkCards(night, cards=[(name, url), ...]).render()`` -> PDF bytes."""

    title = gettext_lazy("Players' own links for tonight")

    def __init__(self, night, *, cards, **kwargs):
        kwargs.setdefault("club_name", night.season.league.club.name)
        super().__init__(**kwargs)
        self.night, self.cards = night, list(cards)

    def document_title(self) -> str:
        return f"{self.title} · {self.date(self.night.date)}"

    def story(self) -> list:
        return self.card_pages()


class NightPacket(CardsMixin, TableSheets):
    """The whole night: every table's sheet, then the players' link cards."""

    def __init__(self, night, tables, *, cards, **kwargs):
        super().__init__(night, tables, **kwargs)
        self.cards = list(cards)

    def story(self) -> list:
        return super().story() + [PageBreak(), *self.card_pages()]
