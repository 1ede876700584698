"""Sign-up with email confirmation (django-allauth's views in the site's
templates), through the pages as rendered and the mail sent: the login page
links to sign-up; a sign-up mails one link; until it is followed the account
cannot log in; following it and confirming logs the account in; an address
already taken (in any case) is refused under its field; sign-ups are
throttled per address."""
import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from .rendered_forms import open_form


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()  # allauth counts sign-ups per address in the cache
    yield
    cache.clear()


def sign_up(client, username="nora", email="Nora@Example.org", password="a-long-secret-71", again=None):
    form = open_form(client, reverse("account_signup")).form(has="username")
    return form.update(username=username, email=email, password1=password,
                       password2=password if again is None else again).submit(client)


def log_in(client, username, password):
    form = open_form(client, reverse("login")).form(has="username")
    return form.update(username=username, password=password).submit(client)


def confirmation_path():
    [link] = re.findall(r"https?://\S+/accounts/confirm-email/\S+/", mail.outbox[-1].body)
    return "/" + link.split("/", 3)[3]


def test_the_login_page_links_to_sign_up(client):
    html = client.get(reverse("login")).content.decode()
    assert f'href="{reverse("account_signup")}"' in html


@pytest.mark.django_db
def test_a_sign_up_mails_one_confirmation_link(client):
    response = sign_up(client)
    assert response.status_code == 302 and response.url == reverse("account_email_verification_sent")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["nora@example.org"]  # allauth keeps addresses lowercased
    assert message.subject == "Clubtally: confirm your email address"
    assert "nora" in message.body
    user = get_user_model().objects.get(username="nora")
    assert EmailAddress.objects.filter(user=user, verified=False).count() == 1
    assert 'data-testid="verification-sent"' in client.get(response.url).content.decode()


@pytest.mark.django_db
def test_an_unconfirmed_account_cannot_log_in(client):
    sign_up(client)
    response = log_in(Client(), "nora", "a-long-secret-71")
    assert response.status_code == 200  # the form again, with the reason
    assert "Confirm your email address first" in response.content.decode()


@pytest.mark.django_db
def test_following_the_link_and_confirming_logs_the_account_in(client):
    sign_up(client)
    path = confirmation_path()
    form = open_form(client, path).form(action_contains="confirm-email")
    response = form.submit(client)
    assert response.status_code == 302 and response.url == reverse("league:home")
    assert EmailAddress.objects.get(email="nora@example.org").verified
    assert client.get(reverse("password_change")).status_code == 200  # signed in
    assert log_in(Client(), "nora", "a-long-secret-71").status_code == 302


@pytest.mark.django_db
def test_the_link_confirms_from_another_device_which_then_logs_in(client):
    sign_up(client)
    other = Client()
    open_form(other, confirmation_path()).form(action_contains="confirm-email").submit(other)
    assert EmailAddress.objects.get(email="nora@example.org").verified
    assert log_in(Client(), "nora", "a-long-secret-71").status_code == 302


@pytest.mark.django_db
def test_a_made_up_link_is_refused_on_the_page(client):
    html = client.get(reverse("account_confirm_email", args=["not-a-key"])).content.decode()
    assert 'data-testid="confirm-invalid"' in html


@pytest.mark.django_db
def test_an_address_taken_in_another_case_is_refused_and_nothing_is_sent(client):
    sign_up(client)
    mail.outbox.clear()
    response = sign_up(Client(), username="nora2", email="NORA@example.ORG")
    # allauth answers as for a new address (no account is revealed) but stores nothing
    assert get_user_model().objects.filter(username="nora2").count() == 0
    assert EmailAddress.objects.filter(email__iexact="nora@example.org").count() == 1
    assert response.status_code == 302 and response.url == reverse("account_email_verification_sent")
    assert mail.outbox == []


@pytest.mark.django_db
def test_the_address_is_stored_as_given_and_compared_without_case(client):
    sign_up(client, email="Nora.Smith@Example.ORG")
    user = get_user_model().objects.get(username="nora")
    assert user.email == "Nora.Smith@Example.ORG"
    assert list(EmailAddress.objects.values_list("email", flat=True)) == ["nora.smith@example.org"]
    sign_up(Client(), username="nora2", email="NORA.SMITH@example.org")
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["nora"]


@pytest.mark.django_db
def test_mismatched_passwords_are_refused_under_the_field(client):
    response = sign_up(client, again="another-secret-72")
    assert response.status_code == 200
    assert 'id="id_password2_error"' in response.content.decode()
    assert get_user_model().objects.count() == 0 and mail.outbox == []


@pytest.mark.django_db
def test_sign_ups_are_throttled_to_five_per_address(client):
    codes = [sign_up(Client(), username=f"user{i}", email=f"u{i}@example.org").status_code for i in range(6)]
    assert codes == [302] * 5 + [429]
    assert get_user_model().objects.count() == 5
