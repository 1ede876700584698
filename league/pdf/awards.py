"""The season awards block of the night recap and the season report: each award
with who, when, and a link to the game it came from (league.selectors.awards)."""
from xml.sax.saxutils import quoteattr

from django.utils.translation import gettext as _
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph

from .fonts import markup


def awards_flowables(doc, awards, link=None, heading=None) -> list:
    """``link(path)``: the game's absolute address (the path as it is without it)."""
    if not awards:
        return []
    link = link or (lambda path: path)
    rows = []
    for a in awards:
        text = _("%(value)s · %(who)s · %(date)s") % {"value": a.value, "who": a.who, "date": doc.date(a.date)}
        para = Paragraph(f"<link href={quoteattr(link(a.url))}>{markup(text, False)}</link>",
                         doc.stylesheet["small"])
        rows.append([doc.line(a.label, 9, bold=True), para])
    return [doc.p(heading or _("Season awards"), "subheading"),
            doc.table(rows, tag="awards", col_widths=[40 * mm, doc.content_width - 40 * mm],
                      style=[("RIGHTPADDING", (0, 0), (0, -1), 2 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 2)])]
