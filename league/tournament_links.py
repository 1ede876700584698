"""An entrant's own link for an event: one secret per entrant that always opens
the table of their next game still to play, so a phone follows the movement
(and the bracket) without rescanning, like a player's night link
(league/night_links.py). The secret is the entrant's id signed with the
site's key (no stored token): it cannot be guessed, and it opens only what
the table links open."""
from django.core import signing
from django.urls import reverse

from league.models import Entrant, MatchGame

SALT = "clubtally.event-link"


def entrant_secret(entrant_pk: int) -> str:
    return signing.Signer(salt=SALT).sign(str(entrant_pk)).replace(":", ".")


def entrant_of(secret: str) -> Entrant | None:
    try:
        pk = signing.Signer(salt=SALT).unsign(secret.replace(".", ":"))
    except signing.BadSignature:
        return None
    return Entrant.objects.select_related("tournament", "player", "partner").filter(pk=pk).first()


def next_table(entrant: Entrant) -> str | None:
    """The table link of the entrant's first game not finished (stage, round, match, game order), or None."""
    game = (MatchGame.objects.filter(match__sides__entrant=entrant, game__finished_at__isnull=True)
            .order_by("match__round__stage__number", "match__round__number", "match__number", "number")
            .select_related("game").first())
    return reverse(game.game.kind.table_url, args=[game.game.access_token]) if game else None
