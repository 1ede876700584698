"""``{% sheet_fragment %}…{% endsheet_fragment %}`` keeps what it wraps (the
sheet and its chart) rendered, per game state and reader, for a page read
(``league.sheet_cache``).
"""
from django import template
from django.utils.html import conditional_escape as e
from django.utils.safestring import mark_safe

from league import sheet_cache

register = template.Library()


def _csrf(context) -> str:
    """What ``{% csrf_token %}`` writes."""
    token = context.get("csrf_token")
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{e(token)}">'


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
