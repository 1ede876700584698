"""Who may change what. Organizers (and superusers) manage their club's games."""
from league.models import Membership


def organizer_club_ids(user) -> set[int]:
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        Membership.objects.filter(user=user, role=Membership.Role.ORGANIZER).values_list(
            "club_id", flat=True
        )
    )


def member_club_ids(user) -> set[int]:
    """Clubs the user belongs to in any role (organizer or member)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(Membership.objects.filter(user=user).values_list("club_id", flat=True))


def can_manage_club(user, club_id: int) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return Membership.objects.filter(
        user=user, club_id=club_id, role=Membership.Role.ORGANIZER
    ).exists()


def can_read_league(user, league) -> bool:
    """Public leagues are read by anyone; members-only leagues by the club's members and organizers."""
    if league.is_public:
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or Membership.objects.filter(user=user, club_id=league.club_id).exists()
