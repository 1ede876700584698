"""Rule profiles stored as plain dicts: the check every rules class shares."""
from dataclasses import fields

from .errors import RulesError
from .messages import gettext_noop as _


def options_from_dict(cls, data, unknown_template: str):
    """``cls(**data)`` for a frozen rules dataclass: missing keys take the
    default; a non-dict or an unknown key raises :class:`RulesError` naming it
    (``unknown_template`` says whose option it is not, with ``%(key)s`` and
    ``%(known)s``)."""
    if not isinstance(data, dict):
        raise RulesError("rules", _("rules must be a dict of options, not %(value)r"), value=data)
    known = {f.name for f in fields(cls)}
    for key in data:
        if key not in known:
            raise RulesError(str(key), unknown_template, key=key, known=", ".join(sorted(known)))
    return cls(**data)
