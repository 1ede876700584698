"""Every check-in, seating and lock write is one transaction that writes
nothing when refused."""
from django.urls import reverse

from league.models import Night, Player

from .test_authorization import everything, world  # noqa: F401 (fixture)


def test_walk_ins_posted_to_a_locked_night_create_nothing(client, organizer, world):  # noqa: F811
    Night.objects.filter(pk=world["night"].pk).update(status=Night.Status.LOCKED)
    night = world["night"]
    url = reverse("league:night", args=[world["club"].slug, world["league"].slug, world["season"].pk, night.pk])
    client.force_login(organizer)
    before = everything()
    response = client.post(url, {"action": "checkin", "walk_ins": "Intruder\nOther Walk-in"})
    assert response.status_code == 400
    assert not Player.objects.filter(name__in=["Intruder", "Other Walk-in"]).exists()
    assert everything() == before


def test_a_crafted_hand_limit_is_ignored_not_a_500(client, organizer, world):  # noqa: F811
    night = world["night"]
    url = reverse("league:night", args=[world["club"].slug, world["league"].slug, world["season"].pk, night.pk])
    client.force_login(organizer)
    # confirm: the world's round 1 is still playing, so the page would ask first
    assert client.post(url, {"action": "seat", "confirm": "yes", "hand_limit": "²"}).status_code in (302, 400)
