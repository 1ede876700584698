"""Every main page, rendered in each seed language, has no English word left
outside names (players, club, league, season, rule profiles, accounts),
card codes and units: the page's text and its title/placeholder/aria-label
attributes are read after dropping scripts, styles and the language menu."""
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation
from django.views.defaults import server_error

from league import services
from league.management.commands.translations import catalog_path
from league.models import Club, League, Player, RuleProfile, Season
from league.models.rules import GameType
from league.games.cribbage.services import cribbage_game_create
from league.games.rummy.services import rummy_game_create
from scoring.standings import METRICS

from .conftest import played
from .test_pdf_league import night  # noqa: F401 (fixture)
from league.games.pinochle.hand_inputs import PinochleHandInput

LANGUAGES = ["zh-hant", "zh-hans", "th"]
# Card codes, units and names that stay as they are in every language.
ALLOWED = {
    "Clubtally", "English", "PDF", "CSV", "QR", "iCal", "A4", "Letter", "JK", "go",
    "http",  # the protocol's name, as the pad's note on a plain-http address says it
    "AS", "KS", "QS", "JS", "TS", "AH", "KH", "QH", "JH", "TH", "AD", "KD", "QD", "JD", "TD",
    "AC", "KC", "QC", "JC", "TC", "ACC", "XLSX",
} | {word for key in METRICS for word in key.split("_")}  # the metric keys a season's precedence is typed in
SKIP_TAGS = {"script", "style"}
ATTRIBUTES = {"title", "placeholder", "aria-label", "alt"}


class Text(HTMLParser):
    """Visible text and labelling attributes, minus the language menu and an
    English-only rules body (``lang="en"``)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self.skip = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        void = tag in {"input", "br", "img", "meta", "link", "hr"}
        skipping = tag in SKIP_TAGS or "language" in (attrs.get("class") or "").split() or (
            tag == "article" and attrs.get("lang") == "en")
        if not void:
            self.skip.append(skipping or (bool(self.skip) and self.skip[-1]))
        if not (self.skip and self.skip[-1]):
            self.parts += [v for k, v in attrs.items() if k in ATTRIBUTES and v]
            if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
                self.parts.append(attrs["value"])

    def handle_endtag(self, tag):
        if self.skip and tag not in {"input", "br", "img", "meta", "link", "hr"}:
            self.skip.pop()

    def handle_data(self, data):
        if not (self.skip and self.skip[-1]):
            self.parts.append(data)


def english_words(html: str, names: set[str]) -> list[str]:
    parser = Text()
    parser.feed(html)
    text = re.sub(r"https?://\S+", " ", " ".join(parser.parts))  # a table's link
    words = re.findall(r"[A-Za-z][A-Za-z'’]+", text)
    return sorted({w for w in words if w not in ALLOWED and w not in names})


def names_in_db() -> set[str]:
    texts = [*Player.objects.values_list("name", flat=True), *Club.objects.values_list("name", flat=True),
             *League.objects.values_list("name", flat=True), *Season.objects.values_list("name", flat=True),
             *RuleProfile.objects.values_list("name", flat=True),
             *get_user_model().objects.values_list("username", flat=True)]
    return {w for t in texts for w in re.findall(r"[A-Za-z']+", t)}


@pytest.fixture
def pages(club, organizer, players, night):  # noqa: F811
    """``{page name: url}`` of every main page, each with something on it."""
    game = services.game_create(club=club, players=players, by=organizer)
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    three = services.game_create(club=club, players=players[:3], by=organizer, game_type=GameType.THREE_HANDED)
    double = services.game_create(club=club, players=players, by=organizer, game_type=GameType.DOUBLE_DECK)
    crib = cribbage_game_create(club=club, players=players[:2], by=organizer)
    rummy = rummy_game_create(club=club, players=players, by=organizer)
    league = night.season.league
    night_args = [league.club.slug, league.slug, night.season_id, night.pk]
    someone = Player.objects.filter(club=league.club).order_by("pk").first()
    return {
        "home": "/",
        "new game": reverse("league:game_new", args=[club.slug]),
        "pad: partnership": reverse("league:game", args=[game.public_id]),
        "pad: three-handed": reverse("league:game", args=[three.public_id]),
        "pad: double-deck": reverse("league:game", args=[double.public_id]),
        "pad: cribbage": reverse("league:game", args=[crib.public_id]),
        "pad: rummy": reverse("league:game", args=[rummy.public_id]),
        "sheet history": reverse("league:game_history", args=[game.public_id]),
        "hand edit": reverse("league:hand_edit", args=[game.public_id, 1]),
        "night": reverse("league:night", args=night_args),
        "live board": reverse("league:night_board", args=night_args),
        "standings": reverse("league:season", args=night_args[:3]),
        "league": reverse("league:league", args=night_args[:2]),
        "player": reverse("league:player", args=[league.club.slug, someone.pk]),
        "meld counter": reverse("league:meld"),
        "cribbage show": reverse("league:cribbage_show"),
        "cribbage discard": reverse("league:cribbage_discard"),
        "cribbage pegging": reverse("league:cribbage_pegging"),
        "rules help": reverse("league:rules_help"),
        "not found": "/no-such-page/",
    }


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_main_page_is_in_the_language(client, club, organizer, pages, language):
    if not catalog_path(language.replace("zh-hant", "zh_Hant").replace("zh-hans", "zh_Hans")).exists():
        pytest.skip(f"the {language} catalog is not merged yet")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(organizer)
    names = names_in_db()
    left = {}
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == (404 if name == "not found" else 200), name
        words = english_words(response.content.decode(), names)
        if words:
            left[name] = words
    client.logout()  # (a new cookie jar)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    login = client.get(reverse("login"))
    words = english_words(login.content.decode(), names)
    if words:
        left["login"] = words
    forbidden = client.get(reverse("league:games_csv", args=[club.slug]))  # an organizer's export, anonymous
    assert forbidden.status_code == 403
    if words := english_words(forbidden.content.decode(), names):
        left["not allowed"] = words
    with translation.override(language):
        failed = server_error(RequestFactory().get("/"))
    assert failed.status_code == 500 and f'<html lang="{language}">' in failed.content.decode()
    if words := english_words(failed.content.decode(), names):
        left["server error"] = words
    assert left == {}, "\n".join(f"{k}: {v}" for k, v in left.items())
