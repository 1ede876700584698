"""A form renderer that writes Django's common widget templates in Python.

Django renders every widget through nested template includes
(``input.html`` → ``attrs.html``, ``select.html`` → ``select_option.html``
per option, ``radio.html`` → ``multiple_input.html`` → ``input_option.html``
per choice); the hand form's 22 widgets made about a fifth of the game
page's render. :class:`FastRenderer` writes exactly the same markup for those
templates with string operations and hands every other template to Django.
``tests/league/test_page_render.py`` compares every kind's pages rendered
both ways.

A form uses it with ``default_renderer = FAST``.
"""
from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

_e = conditional_escape


def _s(value) -> str:
    """``{{ value|stringformat:'s' }}``: escaped unless already safe."""
    return _e(value if hasattr(value, "__html__") else "%s" % (value,))


def attrs_html(attrs) -> str:
    """``django/forms/widgets/attrs.html``."""
    out = []
    for name, value in attrs.items():
        if value is False:
            continue
        out.append(f" {_e(name)}" if value is True else f' {_e(name)}="{_s(value)}"')
    return "".join(out)


def _input(w) -> str:
    """``input.html`` (and ``number``, ``hidden``, ``text``, ``checkbox``, ... which include it)."""
    value = "" if w["value"] is None else f' value="{_s(w["value"])}"'
    return f'<input type="{_e(w["type"])}" name="{_e(w["name"])}"{value}{attrs_html(w["attrs"])}>'


def _input_option(w) -> str:
    """``input_option.html`` as a file renders (each template file ends in a
    newline, which an include keeps): a radio's or a checkbox's choice."""
    tag = _input(w) + "\n"
    if w.get("wrap_label"):
        for_id = f' for="{_e(w["attrs"]["id"])}"' if w["attrs"].get("id") else ""
        tag = f"<label{for_id}>{tag} {_e(w['label'])}</label>"
    return tag + "\n"


def _choice(w) -> str:
    """``radio_option.html`` / ``checkbox_option.html``: ``input_option.html`` included."""
    return _input_option(w) + "\n"


_W = "django/forms/widgets/"
_CHOICES = (_W + "radio_option.html", _W + "checkbox_option.html")


def _multiple(w) -> str:
    """``multiple_input.html`` (radio and checkbox lists)."""
    wid, cls = w["attrs"].get("id"), w["attrs"].get("class")
    out = ["<div", f' id="{_e(wid)}"' if wid else "", f' class="{_e(cls)}"' if cls else "", ">"]
    for group, options, _index in w["optgroups"]:
        if group:
            out.append(f"\n  <div><label>{_e(group)}</label>")
        for o in options:
            if o["template_name"] not in _CHOICES:
                return None  # an option template of its own: Django's
            out.append("<div>\n    " + _choice(o) + "</div>")
        if group:
            out.append("\n  </div>")
    out.append("\n</div>")
    return "".join(out)


def _select_option(w) -> str:
    """``select_option.html``, without its file's newline."""
    return f'<option value="{_s(w["value"])}"{attrs_html(w["attrs"])}>{_e(w["label"])}</option>'


def _select(w) -> str:
    out = [f'<select name="{_e(w["name"])}"{attrs_html(w["attrs"])}>']
    for group, options, _index in w["optgroups"]:
        if group:
            out.append(f'\n  <optgroup label="{_e(group)}">')
        for o in options:
            if o["template_name"] != _W + "select_option.html":
                return None
            out.append("\n  " + _select_option(o) + "\n")
        if group:
            out.append("\n  </optgroup>")
    out.append("\n</select>")
    return "".join(out)


_FAST = {
    **{_W + name: _input for name in ("input.html", "number.html", "hidden.html", "text.html", "checkbox.html",
                                       "email.html", "password.html", "url.html", "date.html", "time.html",
                                       "datetime.html", "tel.html", "search.html")},
    **{name: _input_option for name in _CHOICES},
    _W + "radio.html": _multiple,
    _W + "checkbox_select.html": _multiple,
    _W + "select.html": _select,
    _W + "select_option.html": _select_option,
}


class FastRenderer(DjangoTemplates):
    """Django's renderer with the widget templates above written in Python
    (``BaseRenderer.render`` strips its result, so each function returns
    the stripped markup)."""

    def render(self, template_name, context, request=None):
        fn = _FAST.get(template_name)
        if fn is not None and "widget" in context and len(context) == 1:
            html = fn(context["widget"])
            if html is not None:
                return mark_safe(html.strip())
        return super().render(template_name, context, request)


FAST = FastRenderer()
