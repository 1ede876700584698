"""Translatable messages without Django.

``scoring`` must not import Django, yet every user-facing sentence must be
translatable. A :class:`Message` is a ``str`` (the English text, so tests and
logs read naturally) that also keeps its untranslated ``template`` and its
``params``; the ``league`` layer renders it in the reader's language with
``gettext(message.template) % message.params``. Templates are marked with
:func:`gettext_noop` so ``makemessages`` collects them.

A sentence where a number precedes a noun has two templates, marked with
:func:`ngettext_noop` (``("%(n)d hand", "%(n)d hands", "n")``: singular,
plural, the name of the count parameter); ``league`` renders it with
``ngettext``, and the English text already picks the right form.
"""
from __future__ import annotations


def gettext_noop(template: str) -> str:
    """Mark ``template`` for extraction by ``makemessages``; returns it unchanged."""
    return template


def ngettext_noop(singular: str, plural: str, count: str) -> tuple[str, str, str]:
    """Mark a plural pair for extraction (``makemessages`` is told the
    keyword ``ngettext_noop:1,2``); ``count`` names the parameter that picks
    the form. Returns the triple, used as a :class:`Message` template."""
    return (singular, plural, count)


class Message(str):
    """English text of ``template % params``, remembering both for translation."""

    template: str
    params: dict

    def __new__(cls, template, **params) -> "Message":
        if isinstance(template, (list, tuple)):  # a plural pair (ngettext_noop)
            template = tuple(template)
            singular, plural, count = template
            form = singular if params[count] == 1 else plural
            text = form % params
        else:
            text = template % params if params else template
        obj = super().__new__(cls, text)
        obj.template = template
        obj.params = dict(params)
        return obj

    def __reduce__(self):
        return (_rebuild, (self.template, self.params))

    def as_data(self) -> list:
        """``[template, params]``, JSON-serialisable, for storage (a plural
        template is stored as a list of three)."""
        template = list(self.template) if isinstance(self.template, tuple) else self.template
        return [template, self.params]

    @classmethod
    def from_data(cls, data) -> "Message":
        """Inverse of :meth:`as_data`; a plain string is taken as a template."""
        if isinstance(data, str):
            return cls(data)
        template, params = data
        return cls(template, **params)


def _rebuild(template, params):
    return Message(template, **params)
