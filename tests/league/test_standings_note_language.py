"""The standings' note on rows level on the first metric names the metric that
split them in the reader's language (it was left in English), and the ratings
page explains its rating in words of that language."""
import re

import pytest
from django.urls import reverse

from .test_pdf_league import tied_season  # noqa: F401 (fixture)

NOTES = r'<ul class="split-notes small muted" data-testid="split-notes">(.*?)</ul>'


@pytest.mark.parametrize("language, metric", [("zh-hans", "胜局数"), ("zh-hant", "勝局數"), ("th", "เกมที่ชนะ")])
def test_the_split_note_names_the_metric_in_the_readers_language(client, tied_season, language, metric):  # noqa: F811
    league = tied_season.league
    html = client.get(reverse("league:season", args=[league.club.slug, league.slug, tied_season.pk]),
                      HTTP_ACCEPT_LANGUAGE=language).content.decode()
    notes = re.search(NOTES, html, re.S).group(1)
    assert notes.count("<li>") == 1
    assert metric in notes and "games won" not in notes


def test_the_split_note_in_english(client, tied_season):  # noqa: F811
    league = tied_season.league
    html = client.get(reverse("league:season", args=[league.club.slug, league.slug, tied_season.pk])).content.decode()
    assert re.search(NOTES, html, re.S).group(1).endswith("was level on the first metric with the row above; "
                                                          "games won split them.</li>\n")


@pytest.mark.parametrize("language", ["zh-hans", "zh-hant", "th"])
def test_the_ratings_page_explains_the_rating_without_english_jargon(client, club, language):
    html = client.get(reverse("league:club_ratings", args=[club.slug]), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    note = re.search(r"<p class=\"small muted\">([^<]*3σ[^<]*)<a ", html).group(1)
    for english in ("openskill", "Plackett", "sigma", " mu ", "estimated skill", "new player"):
        assert english not in note


def test_the_ratings_page_explains_the_rating_in_english(client, club):
    html = client.get(reverse("league:club_ratings", args=[club.slug])).content.decode()
    assert ("Rating = μ − 3σ: the estimated skill (μ) less three times its uncertainty (σ), so it rises as results "
            "confirm it. A new player starts at 0.") in html
