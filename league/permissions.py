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


def can_manage_club(user, club_id: int) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return Membership.objects.filter(
        user=user, club_id=club_id, role=Membership.Role.ORGANIZER
    ).exists()
