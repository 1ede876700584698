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


@register.simple_tag
def qr_svg(link, label):
    """``link`` as a QR code in inline SVG (segno, as the printed sheets' codes):
    dark modules on a white quiet zone, sized by its ``viewBox``, named by ``label``."""
    import segno
    from django.utils.html import escape
    from django.utils.safestring import mark_safe

    svg = segno.make(link, error="m").svg_inline(scale=1, border=4, omitsize=True, light="#fff", dark="#000",
                                                 svgclass="qr", lineclass=None)
    return mark_safe(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" data-link="{escape(link)}" ', 1))


@register.inclusion_tag("league/_insecure_pad.html", takes_context=True)
def insecure_pad_note(context):
    """One line on a pad served over plain http to another computer (not a
    secure context: no offline reload, no wake lock; docs/hall-https.md)."""
    from league.public_url import is_loopback

    request = context.get("request")
    insecure = request is not None and not request.is_secure() and not is_loopback(request.get_host().rsplit(":", 1)[0])
    return {"insecure": insecure}
