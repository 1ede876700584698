"""Template helpers: markup only, no arithmetic."""
from django import template

from league.i18n import render

register = template.Library()


@register.filter
def getfield(form, name):
    """``form|getfield:"north"`` → the bound field."""
    return form[name]


@register.filter
def tr(message):
    """A ``scoring`` message (or its stored form) in the reader's language."""
    return render(message)
