"""Password reset by email and password change, through the pages as rendered:
the login page links to the reset; the reset mails a link that sets a new
password once; an unknown address gets the same answer and no mail; a signed-in
user changes the password with the old one. Mail goes through Django's email
backend (the test settings' locmem outbox)."""
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from .rendered_forms import open_form


@pytest.fixture
def member(db):
    return get_user_model().objects.create_user("mara", email="Mara@Example.org", password="old-secret-42")


def log_in(client, username, password):
    form = open_form(client, reverse("login")).form(has="username")
    return form.update(username=username, password=password).submit(client)


def ask_reset(client, email):
    page = open_form(client, reverse("password_reset"))
    return page.form(has="email").update(email=email).submit(client)


def test_the_login_page_links_to_the_password_reset(client):
    html = client.get(reverse("login")).content.decode()
    assert f'href="{reverse("password_reset")}"' in html


def test_a_reset_mails_one_link_that_sets_a_new_password(client, member):
    response = ask_reset(client, "mara@example.org")  # the address compared case-insensitively
    assert response.status_code == 302 and response.url == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["Mara@example.org"]  # as stored: Django lowercases the domain only
    assert message.subject == "Clubtally: choose a new password"
    [link] = re.findall(r"https?://\S+/accounts/password/reset/\S+/", message.body)
    path = "/" + link.split("/", 3)[3]
    landing = client.get(path)
    assert landing.status_code == 302  # Django moves the token out of the address
    form = open_form(client, landing.url).form(has="new_password1")
    done = form.update(new_password1="a-new-secret-77", new_password2="a-new-secret-77").submit(client)
    assert done.status_code == 302 and done.url == reverse("password_reset_complete")
    assert log_in(Client(), "mara", "a-new-secret-77").status_code == 302
    assert log_in(Client(), "mara", "old-secret-42").status_code == 200  # refused: the form again


def test_a_reset_link_works_once(client, member):
    ask_reset(client, "Mara@Example.org")
    [link] = re.findall(r"https?://\S+/accounts/password/reset/\S+/", mail.outbox[0].body)
    landing = client.get("/" + link.split("/", 3)[3])
    form = open_form(client, landing.url).form(has="new_password1")
    form.update(new_password1="a-new-secret-77", new_password2="a-new-secret-77").submit(client)
    again = Client().get("/" + link.split("/", 3)[3], follow=True)
    assert 'data-testid="reset-invalid"' in again.content.decode()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, member):
    response = ask_reset(client, "nobody@example.org")
    assert response.status_code == 302 and response.url == reverse("password_reset_done")
    assert mail.outbox == []


def test_mismatched_new_passwords_are_refused_under_the_field(client, member):
    ask_reset(client, "mara@example.org")
    [link] = re.findall(r"https?://\S+/accounts/password/reset/\S+/", mail.outbox[0].body)
    landing = client.get("/" + link.split("/", 3)[3])
    form = open_form(client, landing.url).form(has="new_password1")
    response = form.update(new_password1="a-new-secret-77", new_password2="another-one-88").submit(client)
    assert response.status_code == 200
    assert 'id="id_new_password2_error"' in response.content.decode()
    assert log_in(Client(), "mara", "old-secret-42").status_code == 302


def test_a_signed_in_user_changes_the_password_with_the_old_one(client, member):
    assert log_in(client, "mara", "old-secret-42").status_code == 302
    form = open_form(client, reverse("password_change")).form(has="old_password")
    wrong = form.update(old_password="not-it", new_password1="a-new-secret-77",
                        new_password2="a-new-secret-77").submit(client)
    assert wrong.status_code == 200 and 'id="id_old_password_error"' in wrong.content.decode()
    form = open_form(client, reverse("password_change")).form(has="old_password")
    done = form.update(old_password="old-secret-42", new_password1="a-new-secret-77",
                       new_password2="a-new-secret-77").submit(client)
    assert done.status_code == 302 and done.url == reverse("password_change_done")
    assert log_in(Client(), "mara", "a-new-secret-77").status_code == 302


def test_the_password_change_page_asks_a_stranger_to_log_in(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_the_reset_page_and_mail_speak_the_readers_language(client, member):
    client.cookies["django_language"] = "zh-hant"
    html = client.get(reverse("password_reset")).content.decode()
    assert "忘記密碼了嗎？" in html
    ask_reset(client, "mara@example.org")
    assert mail.outbox[0].subject == "Clubtally：重設密碼"
