"""Who may read and write what: the one access policy of the site.

- A club's organizers (and superusers) manage its leagues and games.
- Roles per league (:class:`league.models.LeagueRole`, given to club members
  by the organizers on the league's page): a director runs the league's
  nights (check-in, seating, lock, sheets) and corrects its games, locked
  nights too with a reason; a scorer enters for any table of the league
  while its night is open. Neither reaches another league.
- A public league is read by anyone; a members-only league (its nights,
  games by their public link, histories, sheets, player and team pages,
  exports) by the club's members and organizers only. Others get a 404,
  so that counting ids reveals nothing.
- A casual game (no league) is shared by its link: anyone holding the
  public id reads it.
- A table link reads and writes its own game while its night is open; once
  the night is locked it reads what its holder could read without it.
- An event (``Tournament``) is read like a league: a public one by anyone,
  a members-only one by the club's members and organizers (404 to others);
  its director's pages are the club's organizers'. Its games are started
  outside any night, so they are shared by their links like casual games.

The older helpers of :mod:`league.permissions` are re-exported here; views
import from this module.
"""
from django.http import Http404

from league.models import League, LeagueRole, Membership, Night
from league.permissions import can_manage_club, can_read_league, member_club_ids, organizer_club_ids

__all__ = [
    "can_manage_club", "can_read_league", "member_club_ids", "organizer_club_ids", "game_league",
    "game_night_cached", "can_read_game", "require_game_read", "require_link_read", "readable_league_ids",
    "is_club_member", "league_role", "can_direct_league", "can_score_league", "DIRECTOR", "SCORER",
    "game_write_role", "MANAGE", "SCORE",
    "can_read_tournament", "require_tournament_read", "require_league_read",
]

DIRECTOR, SCORER = LeagueRole.Role.DIRECTOR, LeagueRole.Role.SCORER


def league_role(user, league) -> str | None:
    """``user``'s role in ``league`` (a :class:`LeagueRole` value), None without
    one; a role counts only while its holder is a member of the league's club."""
    if not getattr(user, "is_authenticated", False):
        return None
    return (LeagueRole.objects.filter(user=user, league=league, league__club__memberships__user=user)
            .values_list("role", flat=True).first())


def can_direct_league(user, league) -> bool:
    """The club's organizers and the league's directors run its nights and correct its games."""
    return can_manage_club(user, league.club_id) or league_role(user, league) == DIRECTOR


def can_score_league(user, league) -> bool:
    """Whoever directs the league, and its scorers: they enter for its tables while the night is open."""
    return can_manage_club(user, league.club_id) or league_role(user, league) in (DIRECTOR, SCORER)


def is_club_member(user, club_id: int) -> bool:
    """A member or organizer of the club (or a superuser)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or Membership.objects.filter(user=user, club_id=club_id).exists()


def related_read(obj, name: str):
    """``obj.<name>`` when it was read with ``obj`` (``select_related``) or set on it, else None:
    no query (the field's own cache, through the model's ``_meta`` API)."""
    if obj is None:
        return None
    field = obj._meta.get_field(name)
    return field.get_cached_value(obj) if field.is_cached(obj) else None


def game_night_cached(game) -> Night | None:
    """The game's night when it was read with ``table__round__night__season__league``, else None."""
    cached = game
    for name in ("table", "round", "night"):
        cached = related_read(cached, name)
    return cached


def game_league(game) -> League | None:
    """The league a game was played in (None for a casual game): no query when
    the game was read with its table, round, night, season and league."""
    if game.table_id is None:
        return None
    night = game_night_cached(game)
    league = related_read(related_read(night, "season"), "league")
    if league is not None:
        return league
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


MANAGE, SCORE = "manage", "score"


def game_write_role(user, game, locked: bool) -> str | None:
    """How ``user`` may write ``game`` by its public link: :data:`MANAGE` (the
    club's organizers, and for a league game its league's directors: enter,
    correct, delete, confirm, undo, reissue the table link; a locked night
    with a reason), :data:`SCORE` (the league's scorers, entering and
    correcting while the night is open), or None (read only, as its league)."""
    if can_manage_club(user, game.club_id):
        return MANAGE
    league = game_league(game) if game.table_id is not None and getattr(user, "is_authenticated", False) else None
    role = league_role(user, league) if league is not None else None
    if role == DIRECTOR:
        return MANAGE
    if role == SCORER and not locked:
        return SCORE
    return None


def can_read_tournament(user, tournament) -> bool:
    """A public event by anyone; a members-only one by its club's members and organizers."""
    return tournament.is_public or is_club_member(user, tournament.club_id)


def require_tournament_read(request, tournament) -> None:
    """404 unless the request may read the event's pages."""
    if not can_read_tournament(request.user, tournament):
        raise Http404
