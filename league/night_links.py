"""A player's own link for the night: one secret per check-in that always opens
the table the player (or the fixed team) sits at in the night's latest seated
round, so a phone follows a progressive rotation without rescanning.

The secret is the check-in's id signed with the site's key (no stored token):
it cannot be guessed, and it opens only what the table links open."""
from django.core import signing
from django.db.models import Q
from django.urls import reverse

from league.models import CheckIn, Game, Round

SALT = "clubtally.night-link"


def night_secret(checkin_pk: int) -> str:
    return signing.Signer(salt=SALT).sign(str(checkin_pk)).replace(":", ".")


def night_secrets(checkin_pks) -> list[str]:
    """``night_secret`` of each check-in, with one signer (the night page lists them all)."""
    signer = signing.Signer(salt=SALT)
    return [signer.sign(str(pk)).replace(":", ".") for pk in checkin_pks]


def checkin_of(secret: str) -> CheckIn | None:
    try:
        pk = signing.Signer(salt=SALT).unsign(secret.replace(".", ":"))
    except signing.BadSignature:
        return None
    return CheckIn.objects.select_related("night", "player", "team").filter(pk=pk).first()


def current_table(checkin: CheckIn):
    """``(round number, table URL or None)``; ``(None, None)`` before the first round."""
    latest = Round.objects.filter(night=checkin.night, tables__isnull=False).order_by("-number").first()
    if latest is None:
        return None, None
    players = [checkin.player_id] if checkin.player_id else [checkin.team.player_a_id, checkin.team.player_b_id]
    game = (Game.objects.filter(table__round=latest).filter(Q(seats__player_id__in=players))
            .only("access_token", "game_type").first())
    if game is None:
        return latest.number, None
    return latest.number, reverse(game.kind.table_url, args=[game.access_token])


def night_cards(night, url_of) -> list[tuple[str, str]]:
    """``[(name, night link), ...]`` of every check-in of ``night`` by name, for
    the printed cards; ``url_of(path)`` makes the link absolute (league/public_url.py)."""
    checkins = CheckIn.objects.filter(night=night).select_related("player", "team")
    cards = [((c.player or c.team).name, url_of(reverse("league:player_night", args=[night_secret(c.pk)])))
             for c in checkins]
    return sorted(cards, key=lambda card: card[0].casefold())
