"""``{% public_link "league:table" token %}``: an absolute link phones can open
(the configured public address, else the request's host);
``{% loopback_warning %}``: says so when that link would point at loopback."""
from django import template
from django.urls import reverse

from league.public_url import points_at_loopback, public_url

register = template.Library()


@register.simple_tag(takes_context=True)
def public_link(context, name, *args):
    return public_url(context["request"], reverse(name, args=args))


@register.simple_tag(takes_context=True)
def night_link(context, checkin):
    """A checked-in player's own link for the night (league/night_links.py)."""
    from league.night_links import night_secret

    return public_url(context["request"], reverse("league:player_night", args=[night_secret(checkin.pk)]))


@register.inclusion_tag("league/_loopback_warning.html", takes_context=True)
def loopback_warning(context):
    """A warning beside print links and table links when they would name
    ``127.0.0.1`` (a phone cannot open it): nothing otherwise."""
    request = context.get("request")
    return {"loopback": points_at_loopback(request) if request is not None else ""}
