"""A club runs itself from its own pages, never the Django admin: a signed-in
user starts a club and is its organizer; organizers set its name and language,
invite by a link that works once until it expires (or by email), change and
remove roles; a club always keeps an organizer. Through the forms as rendered."""
import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import Club, Invite, Membership

from .rendered_forms import open_form


def account(name):
    user = get_user_model().objects.create_user(name, password=f"pw-{name}-12345")
    client = Client()
    client.force_login(user)
    return user, client


@pytest.fixture
def founder(db):
    return account("founder")


def start_club(client, name="Riverside Pinochle", language=""):
    home = client.get(reverse("league:home")).content.decode()
    assert f'href="{reverse("league:club_new")}"' in home
    form = open_form(client, reverse("league:club_new")).form(has="name")
    return form.update(name=name, language=language).submit(client)


def settings_page(client, slug="riverside-pinochle"):
    return open_form(client, reverse("league:club_settings", args=[slug]))


def make_invite(client, role="member", email="", days="7"):
    form = settings_page(client).form("invite-form").update(role=role, days=days, email=email)
    assert form.submit(client).status_code == 302
    html = settings_page(client).response.content.decode()
    link = html.split('data-testid="invite-link">', 1)[1].split("<", 1)[0]
    return "/" + link.split("/", 3)[3]


def accept(client, path):
    page = open_form(client, path)
    return page.form("accept-form").submit(client)


def test_a_signed_in_user_starts_a_club_and_is_its_organizer(founder):
    _user, client = founder
    response = start_club(client, language="th")
    assert response.status_code == 302 and response.url == reverse("league:club_settings", args=["riverside-pinochle"])
    club = Club.objects.get()
    assert (club.name, club.slug, club.language) == ("Riverside Pinochle", "riverside-pinochle", "th")
    assert list(club.memberships.values_list("user__username", "role")) == [("founder", "organizer")]


def test_a_club_name_taken_already_is_refused_under_the_name(founder):
    _user, client = founder
    start_club(client)
    response = start_club(client)
    assert response.status_code == 400
    assert 'id="id_name_error"' in response.content.decode()
    assert Club.objects.count() == 1


def test_starting_a_club_needs_an_account(client, db):
    response = client.get(reverse("league:club_new"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_organizers_rename_the_club_and_set_its_language(founder):
    _user, client = founder
    start_club(client)
    form = settings_page(client).form("club-form").update(name="Riverside Card Club", language="zh-hant")
    assert form.submit(client).status_code == 302
    club = Club.objects.get()
    assert (club.name, club.slug, club.language) == ("Riverside Card Club", "riverside-pinochle", "zh-hant")


def test_an_invitation_link_joins_once_in_its_role(founder):
    _user, client = founder
    start_club(client)
    path = make_invite(client, role="member")
    guest, guest_client = account("guest")
    assert accept(guest_client, path).status_code == 302
    assert Membership.objects.get(user=guest).role == "member"
    late, late_client = account("late")
    page = open_form(late_client, path)
    assert 'data-testid="invite-problem"' in page.response.content.decode()
    assert late_client.post(path).status_code == 400
    assert not Membership.objects.filter(user=late).exists()


def test_an_expired_invitation_joins_nobody(founder):
    _user, client = founder
    start_club(client)
    path = make_invite(client, days="1")
    Invite.objects.update(expires_at=timezone.now() - datetime.timedelta(minutes=1))
    guest, guest_client = account("guest")
    html = guest_client.get(path).content.decode()
    assert "This invitation has expired." in html
    assert guest_client.post(path).status_code == 400
    assert not Membership.objects.filter(user=guest).exists()


def test_a_withdrawn_invitation_joins_nobody(founder):
    _user, client = founder
    start_club(client)
    path = make_invite(client)
    invite = Invite.objects.get()
    revoke = [f for f in settings_page(client).forms if f.value("invite") == str(invite.pk)][0]
    assert revoke.submit(client).status_code == 302
    guest, guest_client = account("guest")
    assert guest_client.post(path).status_code == 400
    assert not Membership.objects.filter(user=guest).exists()


def test_an_invitation_opens_only_for_a_signed_in_user(founder):
    _user, client = founder
    start_club(client)
    path = make_invite(client)
    response = Client().get(path)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_an_invitation_with_an_address_is_mailed(founder):
    _user, client = founder
    start_club(client)
    path = make_invite(client, email="newcomer@example.org")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["newcomer@example.org"]
    assert path in mail.outbox[0].body


def test_an_organizer_invited_as_organizer_then_changes_and_removes_roles(founder):
    user, client = founder
    start_club(client)
    second, second_client = account("second")
    accept(second_client, make_invite(client, role="organizer"))
    assert Membership.objects.get(user=second).role == "organizer"
    mine = Membership.objects.get(user=user)
    form = settings_page(second_client).form(f"role-{mine.pk}")
    assert form.update(**{f"m{mine.pk}-role": "member"}).submit(second_client).status_code == 302
    assert Membership.objects.get(user=user).role == "member"
    remove = settings_page(second_client).form(f"remove-{mine.pk}")
    assert remove.submit(second_client).status_code == 302
    assert not Membership.objects.filter(user=user).exists()


def test_the_last_organizer_can_neither_step_down_nor_leave(founder):
    user, client = founder
    start_club(client)
    mine = Membership.objects.get(user=user)
    form = settings_page(client).form(f"role-{mine.pk}").update(**{f"m{mine.pk}-role": "member"})
    response = form.submit(client)
    assert response.status_code == 400
    assert "A club keeps at least one organizer" in response.content.decode()
    response = settings_page(client).form(f"remove-{mine.pk}").submit(client)
    assert response.status_code == 400
    assert Membership.objects.get(user=user).role == "organizer"


@pytest.mark.parametrize("name", ["club_settings", "club_member_role", "club_member_remove", "club_invite_new",
                                  "club_invite_revoke"])
def test_a_member_who_is_not_organizer_gets_404_on_every_settings_address(founder, name):
    _user, client = founder
    start_club(client)
    member, member_client = account("member")
    accept(member_client, make_invite(client))
    mine = Membership.objects.get(user=member)
    before = list(Membership.objects.values_list("user__username", "role"))
    url = reverse(f"league:{name}", args=["riverside-pinochle"])
    assert member_client.get(url).status_code == (404 if name == "club_settings" else 405)  # actions are POST only
    assert member_client.post(url, {"membership": mine.pk, f"m{mine.pk}-membership": mine.pk,
                                    f"m{mine.pk}-role": "organizer", "role": "organizer", "days": 7,
                                    "name": "Taken over"}).status_code == 404
    assert list(Membership.objects.values_list("user__username", "role")) == before
    assert Club.objects.get().name == "Riverside Pinochle"


def test_an_organizer_downloads_the_clubs_backup_from_the_settings_page(founder):
    import json

    from league.backup import club_export

    _user, client = founder
    start_club(client)
    html = settings_page(client).response.content.decode()
    url = html.split('data-testid="backup-link"', 1)[0].rsplit('href="', 1)[1].split('"', 1)[0]
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="riverside-pinochle-backup-')
    assert response.content.decode() == club_export(Club.objects.get())
    assert json.loads(response.content)["club"] == "riverside-pinochle"
    member, member_client = account("member")
    accept(member_client, make_invite(client))
    assert member_client.get(url).status_code == 404
