"""The reader's language: the header's switcher (remembered on the device by
the language cookie), a club's default for visitors who have not chosen, and
dates written in the active locale's order."""
import datetime
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from league.formatting import weekday_date
from league.models import Club

NIGHT = datetime.date(2026, 12, 3)  # a Thursday


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def switcher(html: str) -> dict:
    """The language form the page sent: its action and field values."""
    form = re.search(r'<form class="language[^"]*" method="post" action="([^"]+)".*?</form>', html, re.S)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
    codes = re.findall(r'<option value="([^"]+)"', form.group(0))
    return {"action": form.group(1), "fields": fields, "codes": codes}


@pytest.mark.django_db
def test_switcher_offers_the_four_languages_in_their_own_names(client):
    html = client.get("/").content.decode()
    assert switcher(html)["codes"] == ["en", "zh-hans", "zh-hant", "th"]
    assert ">繁體中文</option>" in html and ">简体中文</option>" in html


@pytest.mark.django_db
def test_switching_sets_a_year_long_cookie_and_returns_to_the_page(client):
    form = switcher(client.get("/help/rules/").content.decode())
    response = client.post(form["action"], {**form["fields"], "language": "zh-hant"})
    assert response.status_code == 302 and response["Location"] == "/help/rules/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert (cookie.value, cookie["max-age"]) == ("zh-hant", 365 * 24 * 3600)
    page = client.get("/")
    assert html_lang(page) == "zh-hant" and "組牌計算器" in page.content.decode()


def test_club_default_language_serves_a_visitor_without_a_choice(client, game, organizer):
    Club.objects.filter(pk=game.club_id).update(language="zh-hans")
    client.force_login(organizer)
    page = client.get(f"/g/{game.public_id}/")
    assert html_lang(page) == "zh-hans" and "叫分" in page.content.decode()


def test_the_visitors_choice_beats_the_club_default(client, game, organizer):
    Club.objects.filter(pk=game.club_id).update(language="zh-hans")
    client.force_login(organizer)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert html_lang(client.get(f"/g/{game.public_id}/")) == "en"


def test_club_default_costs_no_query(client, game, organizer):
    client.force_login(organizer)
    url = f"/g/{game.public_id}/"
    client.get(url)
    with CaptureQueriesContext(connection) as plain:
        client.get(url)
    Club.objects.filter(pk=game.club_id).update(language="th")
    client.get(url)  # the sheet is kept per language: drawn once in Thai, as it was in English above
    with CaptureQueriesContext(connection) as with_default:
        page = client.get(url)
    assert html_lang(page) == "th"
    assert len(with_default) == len(plain)


def test_home_page_is_not_switched_by_a_club(client, club):
    Club.objects.filter(pk=club.pk).update(language="zh-hant")
    assert html_lang(client.get("/")) == "en"


@pytest.mark.parametrize("language, expected", [
    ("en", "Thu 3 Dec 2026"),
    ("zh-hant", "2026年12月3日（星期四）"),
    ("zh-hans", "2026年12月3日（星期四）"),
    ("th", "พฤ. 3 ธ.ค. 2026"),
])
def test_a_nights_date_follows_the_locale(language, expected):
    with translation.override(language):
        assert weekday_date(NIGHT) == expected


def test_chinese_numbers_group_thousands():
    from django.utils import formats
    with translation.override("zh-hant"):
        assert formats.number_format(12345, force_grouping=True) == "12,345"
