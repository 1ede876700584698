"""A backup restored on the club's settings page, through the rendered form:
an organizer of an empty club uploads the file the backup download gave and
gets the club back as it was (checked as import_club checks it); a tampered
file is refused under the field and saves nothing; a club that is not empty
offers no restore and refuses one."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from league.backup import MODELS, club_export
from league.models import Club, Game, GameSide, Hand, Membership, Player, Result

from .test_access_policy import private  # noqa: F401 (fixture)
from .rendered_forms import open_form


def settings_url(club):
    return reverse("league:club_settings", args=[club.slug])


@pytest.fixture
def backup(private, club):  # noqa: F811
    """The club's backup as its settings page downloads it, and the club gone (a new server)."""
    text = club_export(club)
    counts = (Player.objects.count(), Game.objects.count(), Hand.objects.count(), Result.objects.count())
    for model in reversed(MODELS):  # every row of the club, in the order nothing protects
        model.objects.all().delete()
    return text, counts


@pytest.fixture
def newcomer(db):
    user = get_user_model().objects.create_user("newcomer", password="pw-newcomer-1")
    empty = Club.objects.create(name="Fresh", slug="fresh")
    Membership.objects.create(club=empty, user=user, role=Membership.Role.ORGANIZER)
    client = Client()
    client.force_login(user)
    return client, empty, user


def restore(client, club, text):
    form = open_form(client, settings_url(club)).form("restore-form")
    upload = SimpleUploadedFile("backup.json", text.encode(), content_type="application/json")
    return client.post(form.action or settings_url(club), {**form.data(), "file": upload, "confirm": "on"})


def test_an_empty_club_restores_the_backup_as_it_was(backup, newcomer):
    text, counts = backup
    client, empty, user = newcomer
    response = restore(client, empty, text)
    assert response.status_code == 302 and response.url == settings_url(Club(slug="test"))
    restored = Club.objects.get(slug="test")
    assert not Club.objects.filter(slug="fresh").exists()
    assert (Player.objects.count(), Game.objects.count(), Hand.objects.count(), Result.objects.count()) == counts
    assert Membership.objects.get(club=restored, user=user).role == Membership.Role.ORGANIZER
    assert Membership.objects.filter(club=restored, user__username="org", role="organizer").exists()
    assert client.get(settings_url(restored)).status_code == 200


def test_a_tampered_backup_is_refused_under_the_field_and_saves_nothing(backup, newcomer):
    text, _ = backup
    data = json.loads(text)
    side = next(r for r in data["objects"] if r["model"] == "league.gameside" and r["fields"]["total"])
    side["fields"]["total"] += 5000
    client, empty, _user = newcomer
    response = restore(client, empty, json.dumps(data))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_file_error"' in html and "stored numbers differ from what its inputs score" in html
    assert Club.objects.filter(slug="fresh").exists() and not Club.objects.filter(slug="test").exists()
    assert not GameSide.objects.exists() and not Player.objects.exists()


def test_a_club_that_is_not_empty_offers_no_restore_and_refuses_one(private, club, organizer):  # noqa: F811
    client = Client()
    client.force_login(organizer)
    html = client.get(settings_url(club)).content.decode()
    assert 'id="restore-form"' not in html
    text = club_export(club)
    upload = SimpleUploadedFile("backup.json", text.encode())
    games = Game.objects.count()
    response = client.post(reverse("league:club_restore", args=[club.slug]), {"file": upload, "confirm": "on"})
    assert response.status_code == 400 and "only into an empty club" in response.content.decode()
    assert Club.objects.filter(pk=club.pk).exists() and Game.objects.count() == games


def test_a_restore_needs_the_box_ticked(backup, newcomer):
    text, _ = backup
    client, empty, _user = newcomer
    form = open_form(client, settings_url(empty)).form("restore-form")
    upload = SimpleUploadedFile("backup.json", text.encode())
    response = client.post(reverse("league:club_restore", args=[empty.slug]), {**form.data(), "file": upload})
    assert response.status_code == 400 and not Club.objects.filter(slug="test").exists()
