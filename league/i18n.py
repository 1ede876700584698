"""Rendering ``scoring`` messages in the reader's language."""
from django.utils.translation import gettext, ngettext

from league.number_words import spelled
from scoring.messages import Message


def _param(params: dict, key: str, value):
    """A parameter in the reader's language: ``<name>_words`` is the number
    ``<name>`` spelled out (:mod:`league.number_words`), other strings go
    through the catalog, numbers stay numbers."""
    number = params.get(key[: -len("_words")]) if key.endswith("_words") else None
    if isinstance(number, int) and not isinstance(number, bool):
        return spelled(number)
    return gettext(value) if isinstance(value, str) else value


def render(message) -> str:
    """``gettext(template) % params`` for a :class:`~scoring.messages.Message`
    (or its stored ``[template, params]`` form); other values via ``str``."""
    if message is None:
        return ""
    if not isinstance(message, Message):
        if isinstance(message, (list, tuple)):
            message = Message.from_data(message)
        else:
            return str(message)
    params = {k: _param(message.params, k, v) for k, v in message.params.items()}
    if isinstance(message.template, tuple):  # ngettext_noop's (singular, plural, count)
        singular, plural, count = message.template
        return ngettext(singular, plural, message.params[count]) % params
    template = gettext(message.template)
    return template % params if params else template
