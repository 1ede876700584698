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


@register.simple_tag
def game_url(game_type, public_id):
    """``{% game_url g.game__game_type g.game__public_id %}``: the page of a game of that kind."""
    from django.urls import reverse

    from league.games import kind_for

    return reverse(kind_for(game_type).game_url, args=[public_id])


@register.simple_tag
def game_kinds():
    """``{% game_kinds as kinds %}``: every game kind, in the site's order."""
    from league.games import kinds

    return kinds()


@register.filter
def weekday_date(value, arg=""):
    """A night's date with its weekday in the active locale's order;
    ``|weekday_date:"noyear"`` drops the year."""
    from league.formatting import weekday_date as fmt

    return fmt(value, year=arg != "noyear")
