"""The audit trail keeps the account as a foreign key and a label that
always fits its column, whatever the username's length (Django allows 150;
PostgreSQL refuses a value longer than its column)."""
from django.contrib.auth import get_user_model
from django.urls import reverse

from league.models import HandRevision, Membership

from .test_authorization import HAND


def test_a_150_character_username_writes_and_is_kept_as_the_account(client, club, game):
    user = get_user_model().objects.create_user("u" * 150, password="pw-long-12345")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
    client.force_login(user)
    response = client.post(reverse("league:hand_add", args=[game.public_id]), {**HAND, "expected_number": 1})
    assert response.status_code == 302
    rev = HandRevision.objects.get(game=game, number=1)
    assert rev.by == user
    assert len(rev.via) <= HandRevision._meta.get_field("via").max_length
    assert rev.via == "u" * 150
