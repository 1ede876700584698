"""Submit a form exactly as the server rendered it.

``page = open_form(client, url)`` GETs ``url`` with the Django test client and
parses its forms with ``html.parser``: every input (hidden ones too), the
selected option of each select, checked boxes and radios, textareas, and the
form's action and method. ``page.form(...)`` picks one form; ``form.set(name,
value)`` changes a field and refuses a name the form does not have (a field
the template forgot fails the test); ``form.submit(client)`` posts exactly the
fields the page would send.
"""
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin


@dataclass
class RenderedForm:
    action: str
    method: str
    attrs: dict
    fields: list = field(default_factory=list)  # [(name, value)] as the browser sends them
    names: set = field(default_factory=set)  # every named control, sent or not (unchecked boxes too)
    choices: dict = field(default_factory=dict)  # name -> values a radio, checkbox or select offers
    buttons: list = field(default_factory=list)

    def __contains__(self, name):
        return name in self.names

    def value(self, name, default=None):
        return next((v for n, v in self.fields if n == name), default)

    def set(self, name, value):
        """Set ``name`` (a list sets several values); refuse a name not in the form,
        or a choice the form does not offer."""
        if name not in self.names:
            raise AssertionError(f"the rendered form has no field {name!r}; it has {sorted(self.names)}")
        values = value if isinstance(value, (list, tuple)) else [value]
        values = ["" if v is None else str(v) for v in values]
        offered = self.choices.get(name)
        if offered is not None:
            missing = [v for v in values if v not in offered]
            if missing:
                raise AssertionError(f"{name!r} offers {sorted(offered)}, not {missing}")
        self.fields = [(n, v) for n, v in self.fields if n != name] + [(name, v) for v in values]
        return self

    def update(self, **values):
        for name, value in values.items():
            self.set(name, value)
        return self

    def unset(self, name):
        """Uncheck a box: the browser then sends nothing for it."""
        if name not in self.names:
            raise AssertionError(f"the rendered form has no field {name!r}")
        self.fields = [(n, v) for n, v in self.fields if n != name]
        return self

    def data(self) -> dict:
        out = {}
        for name, value in self.fields:
            out.setdefault(name, []).append(value)
        return out

    def submit(self, client, base_url="/", **headers):
        url = urljoin(base_url, self.action) if self.action else base_url
        if self.method == "get":
            return client.get(url, self.data(), **headers)
        return client.post(url, self.data(), **headers)


class _Parser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[RenderedForm] = []
        self.current = None
        self.select = None  # (name, [options], chose)
        self.textarea = None
        self.option = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.current = RenderedForm(action=a.get("action", ""), method=(a.get("method") or "get").lower(),
                                        attrs=a)
            self.forms.append(self.current)
            return
        form = self.current
        if form is None:
            return
        name = a.get("name")
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in ("submit", "button", "image", "reset"):
                form.buttons.append(a)
                if name:
                    form.names.add(name)
                return
            if not name or "disabled" in a:
                return
            form.names.add(name)
            if kind in ("checkbox", "radio"):
                form.choices.setdefault(name, set()).add(a.get("value", "on"))
                if "checked" in a:
                    form.fields.append((name, a.get("value", "on")))
            else:
                form.fields.append((name, a.get("value", "")))
        elif tag == "button":
            form.buttons.append(a)
            if name:
                form.names.add(name)
        elif tag == "select" and name and "disabled" not in a:
            form.names.add(name)
            self.select = {"name": name, "options": [], "multiple": "multiple" in a}
        elif tag == "option" and self.select is not None:
            self.option = {"value": a.get("value"), "selected": "selected" in a, "text": ""}
            self.select["options"].append(self.option)
        elif tag == "textarea" and name and "disabled" not in a:
            form.names.add(name)
            self.textarea = [name, ""]

    def handle_data(self, data):
        if self.textarea is not None:
            self.textarea[1] += data
        if self.option is not None:
            self.option["text"] += data

    def handle_endtag(self, tag):
        form = self.current
        if tag == "form":
            self.current = None
        elif tag == "option":
            self.option = None
        elif tag == "select" and self.select is not None and form is not None:
            sel, self.select = self.select, None
            options = [(o["value"] if o["value"] is not None else o["text"].strip(), o["selected"])
                       for o in sel["options"]]
            form.choices[sel["name"]] = {v for v, _ in options}
            chosen = [v for v, s in options if s] or ([options[0][0]] if options and not sel["multiple"] else [])
            form.fields += [(sel["name"], v) for v in chosen]
        elif tag == "textarea" and self.textarea is not None and form is not None:
            name, text = self.textarea
            self.textarea = None
            form.fields.append((name, text[1:] if text.startswith("\n") else text))


@dataclass
class RenderedPage:
    url: str
    response: object
    forms: list

    def form(self, selector: str | None = None, *, action_contains: str | None = None, has: str | None = None):
        """The one form whose ``id`` is ``selector`` (or whose action contains
        ``action_contains``, or which has field ``has``)."""
        found = [f for f in self.forms
                 if (selector is None or f.attrs.get("id") == selector)
                 and (action_contains is None or action_contains in f.action)
                 and (has is None or has in f.names)]
        if len(found) != 1:
            raise AssertionError(f"{len(found)} forms match {selector!r} {action_contains!r} {has!r} on {self.url}: "
                                 f"{[(f.attrs.get('id'), f.action) for f in self.forms]}")
        return found[0]


def parse_forms(html: str) -> list[RenderedForm]:
    parser = _Parser()
    parser.feed(html)
    return parser.forms


def open_form(client, url, status=200, **headers) -> RenderedPage:
    """GET ``url`` and parse its forms (``status``: the status expected)."""
    response = client.get(url, **headers)
    assert response.status_code == status, (url, response.status_code)
    forms = parse_forms(response.content.decode())
    for form in forms:  # an empty action posts back to the page itself
        form.action = urljoin(url, form.action) if form.action else url
    return RenderedPage(url, response, forms)
