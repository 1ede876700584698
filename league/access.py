"""Who may read and write what: the one access policy of the site.

- A club's organizers (and superusers) manage its leagues and games.
- A public league is read by anyone; a members-only league (its nights,
  games by their public link, histories, sheets, player and team pages,
  exports) by the club's members and organizers only. Others get a 404,
  so that counting ids reveals nothing.
- A casual game (no league) is shared by its link: anyone holding the
  public id reads it.
- A table link reads and writes its own game while its night is open; once
  the night is locked it reads what its holder could read without it.

The older helpers of :mod:`league.permissions` are re-exported here; views
import from this module.
"""
from django.http import Http404

from league.models import League, Membership, Night
from league.permissions import can_manage_club, can_read_league, member_club_ids, organizer_club_ids

__all__ = [
    "can_manage_club", "can_read_league", "member_club_ids", "organizer_club_ids", "game_league",
    "game_night_cached", "can_read_game", "require_game_read", "require_link_read", "readable_league_ids",
    "is_club_member", "require_league_read",
]


def is_club_member(user, club_id: int) -> bool:
    """A member or organizer of the club (or a superuser)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or Membership.objects.filter(user=user, club_id=club_id).exists()


def game_night_cached(game) -> Night | None:
    """The game's night when it was read with ``table__round__night__season__league``, else None."""
    cached = game
    for name in ("table", "round", "night"):
        cached = cached._state.fields_cache.get(name) if cached is not None else None
    return cached


def game_league(game) -> League | None:
    """The league a game was played in (None for a casual game): no query when
    the game was read with its table, round, night, season and league."""
    if game.table_id is None:
        return None
    night = game_night_cached(game)
    if night is not None and "season" in night._state.fields_cache:
        season = night.season
        if "league" in season._state.fields_cache:
            return season.league
    return League.objects.filter(seasons__nights__round_set__tables__pk=game.table_id).first()


def can_read_game(user, game, league=None) -> bool:
    """A casual game is read by anyone with its link; a league game as its league."""
    if game.table_id is None:
        return True
    league = league or game_league(game)
    if league is None or league.is_public:
        return True
    return is_club_member(user, league.club_id)


def require_game_read(request, game, league=None) -> None:
    """404 unless the request may read ``game`` by its public link."""
    if not can_read_game(request.user, game, league):
        raise Http404


def require_league_read(request, league) -> None:
    """404 unless the request may read ``league`` (its pages, seasons, nights,
    changes and prints): a stranger cannot tell a members-only league from
    one that does not exist."""
    if not can_read_league(request.user, league):
        raise Http404


def require_link_read(request, game, locked: bool, league=None) -> None:
    """A table link reads its game while the night is open; after the lock, as the public link."""
    if locked:
        require_game_read(request, game, league)


def readable_league_ids(user, club) -> set[int] | None:
    """The ids of the club's leagues ``user`` may read, or None for all of them
    (the club's members and organizers, superusers)."""
    if is_club_member(user, club.pk):
        return None
    return set(League.objects.filter(club=club, is_public=True).values_list("pk", flat=True))
