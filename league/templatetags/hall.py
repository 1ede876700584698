"""``{% public_link "league:table" token %}``: an absolute link phones can open
(the configured public address, else the request's host)."""
from django import template
from django.urls import reverse

from league.public_url import public_url

register = template.Library()


@register.simple_tag(takes_context=True)
def public_link(context, name, *args):
    return public_url(context["request"], reverse(name, args=args))
