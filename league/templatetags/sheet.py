"""``{% sheet_rows rows %}``: the Pinochle sheet's hand rows, and ``{% chips field %}``, written in Python.

The rows were a template loop with a dozen lookups, conditions and
translations per hand, most of the game page's render at 40 hands. This
writes exactly what ``_sheet_rows.html`` wrote (kept in
``tests/league/reference_templates``; ``tests/league/test_page_render.py``
compares the pages): the row with its number, edit link and status tags,
the cells (``SheetRow.cells_html``), and under it the other side's numbers
of a disputed hand (for organizers), the confirm form of a hand waiting for
this viewer, and the hand's notes. Hand numbers print as ``str`` does.

``{% sheet_fragment %}…{% endsheet_fragment %}`` keeps what it wraps (the
sheet and its chart) rendered, per game state and reader, for a page read
(``league.sheet_cache``).
"""
from django import template
from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.html import conditional_escape as e
from django.utils.safestring import mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext as _

from league import sheet_cache

register = template.Library()


def _csrf(context) -> str:
    """What ``{% csrf_token %}`` writes."""
    token = context.get("csrf_token")
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{e(token)}">'


@register.simple_tag(takes_context=True)
def sheet_rows(context, rows):
    can_edit, prefix, organizer = context.get("can_edit"), e(context.get("prefix", "")), context.get("organizer")
    my_side, sheet = context.get("my_side"), context.get("sheet")
    colspan = e(sheet.colspan) if sheet is not None else ""
    out = ["\n  \n  "]
    if not rows:
        out.append(f'\n    <tr><td colspan="{colspan}" class="muted">{_("No hands yet.")}</td></tr>\n  \n')
        return mark_safe("".join(out))
    t_edit, t_dealer, t_edited = _("Edit this hand"), _("Dealer"), _("edited")
    public_id = context.get("game").public_id if context.get("game") is not None else None
    csrf = None
    for row in rows:
        hand = row.hand
        n, status = str(hand.number), hand.status
        cls = ("set" if row.is_set else "") + (" passed" if row.passed else "")
        data_edit = f' data-edit="{prefix}hands/{n}/"' if can_edit else ""
        number = f'<a href="{prefix}hands/{n}/" title="{t_edit}">{n}</a>' if can_edit else n
        if hand.edited:
            when = date_filter(template_localtime(hand.edited_at, context.use_tz), "Y-m-d H:i")
            url = reverse("league:hand_history", args=[public_id, hand.number])
            number += f' <a class="tag" href="{e(url)}" title="{t_edited} {e(when)}">{t_edited}</a>'
        if status == "entered":
            tag = f'<span class="tag wait-tag" data-testid="entered-{n}">{_("to confirm")}</span>\n        '
        elif status == "disputed":
            tag = f'<span class="tag set-tag" data-testid="disputed-{n}">{_("disputed")}</span>'
        else:
            tag = ""
        out.append(f'\n    <tr id="hand-{n}" class="{cls}" data-testid="hand-row"{data_edit}>\n'
                   f'      <td>{number}\n        {tag}</td>\n{row.cells_html}\n    ')
        if status == "disputed" and organizer:
            numbers = _("The other side's numbers: %(numbers)s") % {"numbers": e(hand.disputed_summary)}
            settle = _("Edit hand %(n)s to settle it") % {"n": n}
            out.append(f'<tr class="notes disputed" data-testid="versions-{n}"><td colspan="{colspan}">\n'
                       f'      {numbers}<br>\n      <a href="{prefix}hands/{n}/">{settle}</a></td></tr>')
        out.append("\n    ")
        if status == "entered" and can_edit and my_side != hand.entered_side:
            if csrf is None:
                csrf = _csrf(context)
            reason = (f'<label class="field">{_("Reason for changing a locked night")} <input name="reason" '
                      f'required maxlength="500" data-testid="locked-reason"></label>') if sheet.locked else ""
            differ = (f'<a class="small" href="{prefix}hands/{n}/counter/">{_("Our numbers differ")}</a>'
                      if not organizer else "")
            out.append(f'<tr class="confirm-row" id="confirm-{n}"><td colspan="{colspan}">\n'
                       f'      <form method="post" action="{prefix}hands/{n}/confirm/" class="inline">{csrf}{reason}\n'
                       f'<button class="small primary" type="submit">{_("Confirm hand %(n)s") % {"n": n}}</button>'
                       f'</form>\n      {differ}</td></tr>')
        out.append("\n    ")
        if hand.notes:
            out.append(f'<tr class="notes{" set" if row.is_set else ""}"><td colspan="{colspan}">'
                       f'<span class="narrow-only">{t_dealer} {e(row.dealer)} · </span>{e(row.notes_text)}</td></tr>')
        out.append("\n  ")
    out.append("\n")
    return mark_safe("".join(out))


def _errors(field) -> str:
    """``_field_errors.html`` as its include writes it (with its file's newline)."""
    if not field.errors:
        return "\n"
    return f'<span class="error" id="{e(field.auto_id)}_error">{" ".join(e(m) for m in field.errors)}</span>\n'


@register.simple_tag
def chips(field):
    """``_chips.html``: a radio field as a row of chips, the choices' inputs from the form's renderer."""
    labels = "".join(f'<label class="chip" for="{e(w.id_for_label)}">{w.tag()}<span>{e(w.choice_label)}</span></label>'
                     for w in field)
    return mark_safe(f'<fieldset class="chips{" invalid" if field.errors else ""}" data-field="{e(field.html_name)}">\n'
                     f'  <legend>{e(field.label)}</legend>\n  {labels}\n  {_errors(field)}\n</fieldset>\n')


@register.tag
def sheet_fragment(parser, token):
    """``{% sheet_fragment %}…{% endsheet_fragment %}``: what it wraps (the sheet
    and its chart) kept rendered per game state and reader (``league.sheet_cache``)
    when the view asks for it (``keep_sheet``: a page read, its state read with it)."""
    nodelist = parser.parse(("endsheet_fragment",))
    parser.delete_first_token()
    return SheetFragmentNode(nodelist)


class SheetFragmentNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        sheet = context.get("sheet")
        fragment_key = sheet_cache.key(context, sheet) if context.get("keep_sheet") else None
        if fragment_key is None:
            return self.nodelist.render(context)
        segments, generation = sheet_cache.fetch(fragment_key, sheet.game.public_id)
        if segments is None:
            with context.push(csrf_token=sheet_cache.CSRF_MARK):
                html = self.nodelist.render(context)
            if sheet_cache.CSRF_MARK in html.replace(MARKED_CSRF, ""):  # the token elsewhere than a form's field
                return self.nodelist.render(context)
            if generation is None:
                return mark_safe(html.replace(MARKED_CSRF, _csrf(context)))
            segments = sheet_cache.keep(fragment_key, generation, html, MARKED_CSRF)
        return mark_safe(_csrf(context).join(segments))


MARKED_CSRF = _csrf({"csrf_token": sheet_cache.CSRF_MARK})
