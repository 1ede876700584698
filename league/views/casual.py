"""A casual Pinochle game without an account, from the anonymous home page.

The game belongs to a club named "Casual games" (made on first use); whoever
starts it gets its table link, which enters and corrects its hands. Bounded
against abuse: at most ``CASUAL_GAMES_PER_HOUR`` new games per client address
(``league/client_address.py``: the client behind a trusted proxy, counted in
the "limits" cache, which every worker and server shares)."""
from django import forms
from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from league import services
from league.client_address import client_address
from league.forms.base import NameField
from league.models import Club

CASUAL_SLUG = "casual"


class CasualGameForm(forms.Form):
    north = NameField(label=gettext_lazy("North"), max_length=80)
    east = NameField(label=gettext_lazy("East"), max_length=80)
    south = NameField(label=gettext_lazy("South"), max_length=80)
    west = NameField(label=gettext_lazy("West"), max_length=80)

    def clean(self):
        names = [(self.cleaned_data.get(f) or "").strip().casefold() for f in ("north", "east", "south", "west")]
        if all(names) and len(set(names)) < 4:
            raise ValidationError(_("Four different names, one per seat."))
        return self.cleaned_data


def _over_limit(request) -> bool:
    """Count this address's new games in the current hour; True past the limit."""
    key = f"casual-games:{client_address(request)}"
    cache = caches["limits"]  # shared by every worker and server (config/settings/base.py)
    cache.add(key, 0, timeout=3600)
    try:
        count = cache.incr(key)
    except ValueError:
        cache.set(key, 1, timeout=3600)
        count = 1
    return count > getattr(settings, "CASUAL_GAMES_PER_HOUR", 10)


def casual_new(request):
    form = CasualGameForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        if _over_limit(request):
            form.add_error(None, _("Too many new games from this network in the last hour; try again later."))
            status = 429
        else:
            with transaction.atomic():
                club, _created = Club.objects.get_or_create(slug=CASUAL_SLUG, defaults={"name": _("Casual games")})
                players = [services.player_get_or_create(club=club, name=form.cleaned_data[f])
                           for f in ("north", "east", "south", "west")]
                game = services.game_create(club=club, players=players)
            return redirect("league:table", token=game.access_token)
    elif form.errors:
        status = 400
    return render(request, "league/casual_new.html", {"form": form}, status=status)
