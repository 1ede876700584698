"""base.html's head, header and outbox texts: the page's language, the
reader's name and CSRF token (never another reader's), the log-in link back
to the page (escaped, never a table link)."""
import re

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from league.models import Membership

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"|"X-CSRFToken": "([^"]*)"')


def same(fetch):
    """The page (status 200 or the 404 page), its CSRF tokens masked."""
    response = fetch()
    assert response.status_code in (200, 404)
    return TOKEN.sub("csrf", response.content.decode())


@pytest.fixture
def pages(game, organizer):
    return ["/", reverse("league:game", args=[game.public_id]), reverse("league:table", args=[game.access_token]),
            "/no/such/page/", reverse("league:meld") + '?q=<"&\'>&next=/x']


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans", "th"])
def test_every_page_names_its_language_and_its_reader(client, organizer, pages, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for url in pages:
        anonymous = same(lambda: client.get(url))
        assert f'<html lang="{language}">' in anonymous
    client.force_login(organizer)
    for url in pages:
        assert "(org)</button>" in same(lambda: client.get(url))


def test_the_log_in_link_comes_back_to_the_page_escaped(client, db):
    page = same(lambda: client.get(reverse("league:meld") + '?q=<"&\'>'))
    assert '<a href="/accounts/login/?next=/meld/%3Fq%3D%253C%2522%26%27%253E">' in page
    assert '<input type="hidden" name="next" value="/meld/?q=%3C%22&amp;&#x27;%3E">' in page


def test_a_table_links_log_in_link_does_not_carry_it(client, game):
    page = same(lambda: client.get(reverse("league:table", args=[game.access_token])))
    assert '<a href="/accounts/login/">' in page


def test_a_page_rendered_without_a_request_has_a_plain_log_in_link_and_no_token():
    now = render_to_string("404.html")
    assert 'href="/accounts/login/"' in now and 'X-CSRFToken": ""' in now


def test_a_name_to_escape_is_escaped(client, club):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("<b>&co", password="pw-12345678")
    Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANIZER)
    client.force_login(user)
    page = same(lambda: client.get("/"))
    assert "(&lt;b&gt;&amp;co)</button>" in page


def test_each_reader_gets_their_own_token_and_name(organizer, club, game):
    from django.contrib.auth import get_user_model

    other = get_user_model().objects.create_user("bo", password="pw-12345678")
    Membership.objects.create(club=club, user=other, role=Membership.Role.ORGANIZER)
    url = reverse("league:game", args=[game.public_id])
    seen = {}
    for user in (organizer, other, organizer):
        client = Client()
        client.force_login(user)
        client.get(url)
        html = client.get(url).content.decode()
        tokens = {a or b for a, b in TOKEN.findall(html)}
        assert len(tokens) == 1  # the header's three places and the page's forms: this request's token
        assert f"({user.username})</button>" in html and html.count("</button>") >= 1
        other_name = "bo" if user == organizer else "org"
        assert f"({other_name})</button>" not in html
        seen.setdefault(user.username, []).append(tokens.pop())
    assert seen["org"][0] != seen["bo"][0] != seen["org"][1]
