"""A checkbox list rendered in Python, the same HTML as Django's templates.

Django renders each option of a ``CheckboxSelectMultiple`` through three
nested template includes; a club's roster of 40 players made the check-in
form most of the night page's time. ``CheckboxList`` writes exactly the
markup of ``django/forms/widgets/multiple_input.html`` (and
``input_option.html``, ``input.html``, ``attrs.html``) with ``format_html``;
``tests/league/test_widgets.py`` compares the two.
"""
from django import forms
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe


def _attrs(attrs) -> str:
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        out.append(f" {conditional_escape(name)}" if value is True
                   else f' {conditional_escape(name)}="{conditional_escape(str(value))}"')
    return "".join(out)


def _option(o) -> str:
    value = "" if o["value"] is None else format_html(' value="{}"', str(o["value"]))
    # each template file ends in a newline, which its include keeps (checkbox_option.html
    # includes input_option.html, which includes input.html)
    tag = f'<input type="{conditional_escape(o["type"])}" name="{conditional_escape(o["name"])}"{value}{_attrs(o["attrs"])}>\n'
    if not o.get("wrap_label"):
        return tag + "\n\n"
    for_id = format_html(' for="{}"', o["attrs"]["id"]) if o["attrs"].get("id") else ""
    return f"<label{for_id}>{tag} {conditional_escape(o['label'])}</label>\n\n"


class CheckboxList(forms.CheckboxSelectMultiple):
    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        wid, cls = widget["attrs"].get("id"), widget["attrs"].get("class")
        out = ["<div", format_html(' id="{}"', wid) if wid else "", format_html(' class="{}"', cls) if cls else "", ">"]
        for group, options, _index in widget["optgroups"]:
            if group:
                out.append(format_html("\n  <div><label>{}</label>", group))
            for o in options:
                out.append("<div>\n    " + _option(o) + "</div>")
            if group:
                out.append("\n  </div>")
        out.append("\n</div>")
        return mark_safe("".join(out))
