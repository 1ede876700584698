"""Reads for the printable PDFs. The completed game sheet reads the same
:func:`league.selectors.games.game_sheet` as the game page (five queries)."""
from django.shortcuts import get_object_or_404

from league.models import Club
from league.selectors.games import GameSheet, game_sheet


def game_sheet_for_print(public_id: str) -> GameSheet:
    """The game's stored sheet, exactly as the game page reads it."""
    return game_sheet(public_id)


def club_name_for_print(slug: str | None) -> str:
    """The name printed on a blank sheet: the club's, when ``slug`` names one (one query)."""
    if not slug:
        return ""
    return get_object_or_404(Club.objects.only("name"), slug=slug).name
