"""Rendering ``scoring`` messages in the reader's language."""
from django.utils.translation import gettext, ngettext

from scoring.messages import Message


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
    params = {
        k: gettext(v) if isinstance(v, str) else v for k, v in message.params.items()
    }
    if isinstance(message.template, tuple):  # ngettext_noop's (singular, plural, count)
        singular, plural, count = message.template
        return ngettext(singular, plural, message.params[count]) % params
    template = gettext(message.template)
    return template % params if params else template
