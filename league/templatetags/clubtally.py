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


@register.filter
def weekday_date(value, arg=""):
    """A night's date with its weekday in the active locale's order;
    ``|weekday_date:"noyear"`` drops the year."""
    from league.formatting import weekday_date as fmt

    return fmt(value, year=arg != "noyear")
