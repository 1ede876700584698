"""``makemessages`` that also collects ``scoring``'s plural pairs, marked with
:func:`scoring.messages.ngettext_noop` (``scoring`` cannot import Django)."""
from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = makemessages.Command.xgettext_options + ["--keyword=ngettext_noop:1,2"]
