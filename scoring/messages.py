"""Translatable messages without Django.

``scoring`` must not import Django, yet every user-facing sentence must be
translatable. A :class:`Message` is a ``str`` (the English text, so tests and
logs read naturally) that also keeps its untranslated ``template`` and its
``params``; the ``league`` layer renders it in the reader's language with
``gettext(message.template) % message.params``. Templates are marked with
:func:`gettext_noop` so ``makemessages`` collects them.
"""
from __future__ import annotations


def gettext_noop(template: str) -> str:
    """Mark ``template`` for extraction by ``makemessages``; returns it unchanged."""
    return template


class Message(str):
    """English text of ``template % params``, remembering both for translation."""

    template: str
    params: dict

    def __new__(cls, template: str, **params) -> "Message":
        text = template % params if params else template
        obj = super().__new__(cls, text)
        obj.template = template
        obj.params = dict(params)
        return obj

    def __reduce__(self):
        return (_rebuild, (self.template, self.params))

    def as_data(self) -> list:
        """``[template, params]``, JSON-serialisable, for storage."""
        return [self.template, self.params]

    @classmethod
    def from_data(cls, data) -> "Message":
        """Inverse of :meth:`as_data`; a plain string is taken as a template."""
        if isinstance(data, str):
            return cls(data)
        template, params = data
        return cls(template, **params)


def _rebuild(template, params):
    return Message(template, **params)
