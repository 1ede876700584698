"""A checkbox list and a textarea rendered in Python, the same HTML as Django's templates.

Django renders each option of a ``CheckboxSelectMultiple`` through three
nested template includes; a club's roster of 40 players made the check-in
form most of the night page's time. ``CheckboxList`` writes exactly the
markup of ``django/forms/widgets/multiple_input.html`` (and
``input_option.html``, ``input.html``, ``attrs.html``) with ``format_html``,
and ``Textarea`` that of ``textarea.html`` (the check-in form's walk-ins);
``tests/league/test_widgets.py`` compares them with Django's.

``NameChoices`` gives a ``ModelChoiceField`` its choices as ``(pk, name)``
rows from ``values_list`` instead of one model instance per choice (the
label of a model whose ``__str__`` is its ``name``).
"""
import html

from django import forms
from django.forms.models import ModelChoiceIterator
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from league.forms.render import attrs_html  # Django's attrs.html, written once


class NameChoices(ModelChoiceIterator):
    """``(pk, name)`` per row of the field's queryset, read with one ``values_list``."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        yield from self.queryset.values_list("pk", "name")


class Textarea(forms.Textarea):
    """``django/forms/widgets/textarea.html`` written in Python (the renderer strips the file's newline)."""

    def render(self, name, value, attrs=None, renderer=None):
        w = self.get_context(name, value, attrs)["widget"]
        text = _esc(w["value"]) if w["value"] else ""
        return mark_safe(f'<textarea name="{_esc(w["name"])}"{attrs_html(w["attrs"])}>\n{text}</textarea>')


def _esc(value) -> str:
    """``conditional_escape``'s text: safe values as they are, others escaped (as ``html.escape``)."""
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))




def _option(o) -> str:
    value = "" if o["value"] is None else f' value="{_esc(str(o["value"]))}"'
    # each template file ends in a newline, which its include keeps (checkbox_option.html
    # includes input_option.html, which includes input.html)
    tag = f'<input type="{_esc(o["type"])}" name="{_esc(o["name"])}"{value}{attrs_html(o["attrs"])}>\n'
    if not o.get("wrap_label"):
        return tag + "\n\n"
    for_id = f' for="{_esc(o["attrs"]["id"])}"' if o["attrs"].get("id") else ""
    return f"<label{for_id}>{tag} {_esc(o['label'])}</label>\n\n"


class CheckboxList(forms.CheckboxSelectMultiple):
    def _options(self, name, value, attrs, choices):
        """``optgroups`` without its per-option ``create_option`` calls: each
        option's attrs are the widget's (built once), ``checked`` when selected
        and the id with the option's index, in ``create_option``'s order."""
        base, values = self.build_attrs(self.attrs, attrs), set(self.format_value(value))
        for index, (option_value, option_label) in enumerate(choices):
            if option_value is None:
                option_value = ""
            grouped = isinstance(option_label, (list, tuple))
            choices = option_label if grouped else [(option_value, option_label)]
            options = []
            for subindex, (subvalue, sublabel) in enumerate(choices):
                option_attrs = dict(base)
                if str(subvalue) in values:
                    option_attrs["checked"] = True
                if option_attrs.get("id"):
                    option_attrs["id"] = f"{option_attrs['id']}_{index}_{subindex}" if grouped else f"{option_attrs['id']}_{index}"
                options.append({"name": name, "value": subvalue, "label": sublabel, "attrs": option_attrs,
                                "type": self.input_type, "wrap_label": True})
            yield (option_value if grouped else None), options, index

    def _flat(self, name, value, base, choices) -> list[str] | None:
        """The options of a list without groups, with an id and not ``checked``
        by its attrs: the attrs before and after the id written once, each
        option's id, value, label and tick between them (as ``_option``)."""
        wid = base.get("id")
        if not wid or "checked" in base or any(isinstance(label, (list, tuple)) for _v, label in choices):
            return None
        keys = list(base)
        at = keys.index("id")
        before = attrs_html({k: base[k] for k in keys[:at]})
        after = attrs_html({k: base[k] for k in keys[at + 1:]})
        head = f'<input type="{_esc(self.input_type)}" name="{_esc(name)}" value="'
        values, wid = set(self.format_value(value)), _esc(str(wid))
        out = []
        for index, (option_value, label) in enumerate(choices):
            v = "" if option_value is None else str(option_value)
            tick = " checked" if v in values else ""
            out.append(f'<div>\n    <label for="{wid}_{index}">{head}{_esc(v)}"{before} id="{wid}_{index}"{after}{tick}>\n'
                       f' {_esc(label)}</label>\n\n</div>')
        return out

    def render(self, name, value, attrs=None, renderer=None):
        base = self.build_attrs(self.attrs, attrs)
        wid, cls = base.get("id"), base.get("class")
        out = ["<div", format_html(' id="{}"', wid) if wid else "", format_html(' class="{}"', cls) if cls else "", ">"]
        choices = list(iter(self.choices))  # iter: list() would ask a ModelChoiceIterator its len (a COUNT query)
        flat = self._flat(name, value, base, choices)
        if flat is not None:
            out.extend(flat)
        else:
            for group, options, _index in self._options(name, value, attrs, choices):
                if group:
                    out.append(format_html("\n  <div><label>{}</label>", group))
                for o in options:
                    out.append("<div>\n    " + _option(o) + "</div>")
                if group:
                    out.append("\n  </div>")
        out.append("\n</div>")
        return mark_safe("".join(out))
