"""The spoken cribbage count says its numbers in the reader's language
("fifteen two" / 十五點 二 / สิบห้า ได้ สอง): ``scoring`` gives the numbers,
league/number_words.py spells them, on the calculator page as rendered."""
import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from league.i18n import render
from league.number_words import spelled
from scoring.cribbage import score_show


@pytest.mark.parametrize("language, n, words", [
    ("en", 0, "zero"), ("en", 15, "fifteen"), ("en", 23, "twenty-three"), ("en", 29, "twenty-nine"),
    ("zh-hant", 0, "零"), ("zh-hant", 2, "二"), ("zh-hant", 10, "十"), ("zh-hant", 15, "十五"),
    ("zh-hant", 20, "二十"), ("zh-hant", 21, "二十一"), ("zh-hant", 29, "二十九"), ("zh-hant", 99, "九十九"),
    ("zh-hans", 15, "十五"), ("zh-hans", 28, "二十八"),
    ("th", 0, "ศูนย์"), ("th", 1, "หนึ่ง"), ("th", 2, "สอง"), ("th", 10, "สิบ"), ("th", 11, "สิบเอ็ด"),
    ("th", 15, "สิบห้า"), ("th", 20, "ยี่สิบ"), ("th", 21, "ยี่สิบเอ็ด"), ("th", 29, "ยี่สิบเก้า"),
    ("th", 31, "สามสิบเอ็ด"), ("th", 99, "เก้าสิบเก้า"),
])
def test_number_spelled_in_the_language(language, n, words):
    assert spelled(n, language) == words


def test_a_number_past_the_tables_keeps_its_digits():
    assert spelled(121, "th") == "121" and spelled(-2, "zh-hant") == "-2"


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans", "th"])
def test_a_rendered_step_spells_its_total_in_the_active_language(language):
    step = score_show("5H 5C 5S JD", "5D").spoken_steps()[-1]  # one for his nobs is twenty-nine
    with translation.override(language):
        text = render(step)
    assert spelled(29, language) in text and "twenty" not in text and "29" not in text


# 4♥ 5♣ 6♠ 6♦ with the J♦ starter: three fifteens, a pair, two runs of three (14).
SPOKEN = {
    "en": "fifteen two, fifteen four, fifteen six, a pair is eight, a run of three is eleven, a run of three is fourteen",
    "zh-hant": "十五點得二，十五點得四，十五點得六，一對得八，三張順子得十一，三張順子得十四",
    "zh-hans": "十五点得二，十五点得四，十五点得六，一对得八，三张顺子得十一，三张顺子得十四",
    "th": "สิบห้า ได้ สอง, สิบห้า ได้ สี่, สิบห้า ได้ หก, คู่ ได้ แปด, ลำดับ สาม ใบ ได้ สิบเอ็ด, ลำดับ สาม ใบ ได้ สิบสี่",
}


@pytest.mark.parametrize("language", SPOKEN)
def test_show_calculator_speaks_the_count_in_the_language(client, db, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(reverse("league:cribbage_show"), {
        "cards": ["4H", "5C", "6S", "6D"], "starter_rank": "J", "starter_suit": "D"}).content.decode()
    assert f'<p class="spoken-line" data-testid="show-spoken">{SPOKEN[language]}</p>' in html
