"""base.html's head, header and outbox texts, rendered once per language and
login state with the request's own values filled in
(``league/templatetags/chrome.py``), write the same bytes as the base.html
they replaced (kept in ``tests/league/reference_chrome/base.html``), and
never one reader's CSRF token or name in another's page."""
import copy
import re
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse

from league.models import Membership
from league.templatetags import chrome

REFERENCE = Path(__file__).parent / "reference_chrome"
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]*)"|"X-CSRFToken": "([^"]*)"')


@contextmanager
def reference():
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [REFERENCE, *templates[0]["DIRS"]]
    with override_settings(TEMPLATES=templates):
        yield


def masked(response):
    return response.status_code, TOKEN.sub("csrf", response.content.decode())


def same(fetch):
    now = masked(fetch())
    with reference():
        before = masked(fetch())
    assert now == before
    return now[1]


@pytest.fixture
def pages(game, organizer):
    return ["/", reverse("league:game", args=[game.public_id]), reverse("league:table", args=[game.access_token]),
            "/no/such/page/", reverse("league:meld") + '?q=<"&\'>&next=/x']


@pytest.mark.parametrize("language", ["en", "zh-hant", "zh-hans", "th"])
def test_every_page_renders_as_with_the_replaced_base_template(client, organizer, pages, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for url in pages:
        anonymous = same(lambda: client.get(url))
        assert f'<html lang="{language}">' in anonymous
    client.force_login(organizer)
    for url in pages:
        assert "(org)</button>" in same(lambda: client.get(url))


def test_the_log_in_link_comes_back_to_the_page_escaped_as_before(client, db):
    page = same(lambda: client.get(reverse("league:meld") + '?q=<"&\'>'))
    assert '<a href="/accounts/login/?next=/meld/%3Fq%3D%253C%2522%26%27%253E">' in page
    assert '<input type="hidden" name="next" value="/meld/?q=%3C%22&amp;&#x27;%3E">' in page


def test_a_table_links_log_in_link_does_not_carry_it(client, game):
    page = same(lambda: client.get(reverse("league:table", args=[game.access_token])))
    assert '<a href="/accounts/login/">' in page


def test_a_page_rendered_without_a_request_renders_as_before():
    now = render_to_string("404.html")
    with reference():
        before = render_to_string("404.html")
    assert now == before and 'href="/accounts/login/"' in now and 'X-CSRFToken": ""' in now


def test_a_name_to_escape_renders_as_before(client, club):
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


def test_the_parts_are_rendered_once_per_language_and_login_state(client, organizer):
    chrome._parts.clear()
    client.get("/")
    client.get("/", HTTP_ACCEPT_LANGUAGE="th")
    client.force_login(organizer)
    client.get("/")
    client.get("/meld/")
    keys = {(name, lang, auth) for name, lang, _prefix, _conf, auth in chrome._parts}
    assert keys == {(f"league/_chrome_{p}.html", lang, auth) for p in ("head", "header", "end")
                    for lang, auth in (("en", False), ("th", False), ("en", True))}


def test_a_changed_setting_forgets_the_parts(client, db):
    client.get("/")
    assert chrome._parts
    with override_settings(STATIC_URL="/elsewhere/"):
        assert not chrome._parts

