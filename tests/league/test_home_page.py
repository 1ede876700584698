"""The home page's recent games, through the page as rendered (rows read with
SQL in ``league/selectors/recent.py``): link, names, totals, club and the
day the game began in the site's time zone."""
import datetime
import re

from django.test.utils import override_settings
from django.urls import reverse

from league.models import Game


def test_a_recent_game_shows_its_link_names_totals_club_and_local_day(client, game, organizer):
    began = datetime.datetime(2026, 3, 1, 23, 30, tzinfo=datetime.timezone.utc)
    Game.objects.filter(pk=game.pk).update(created_at=began)
    client.force_login(organizer)
    with override_settings(TIME_ZONE="Asia/Bangkok"):  # 06:30 the next day there
        html = client.get(reverse("league:home")).content.decode()
    row = re.search(r'<li><a href="([^"]*)">\s*<span class="names">(.*?)</span>\s*<span class="score">(.*?)</span>'
                    r'\s*<span class="meta">(.*?)</span>', html, re.S)
    assert row.groups() == (reverse("league:game", args=[game.public_id]),
                            'Ann &amp; Cy <span class="muted">vs</span> Bo &amp; Di', "0 : 0",
                            "Test Club · 2026-03-02")
