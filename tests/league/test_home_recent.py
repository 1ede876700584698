"""The home page's recent games, written from plain rows (league/selectors/recent.py)."""
import html
import re

from django.urls import reverse

from league import services

from .conftest import played
from league.games.pinochle.hand_inputs import PinochleHandInput


def test_a_recent_game_shows_partners_totals_club_date_and_its_link(client, organizer, game):
    services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    client.force_login(organizer)
    page = client.get(reverse("league:home")).content.decode()
    item = re.search(rf'<li><a href="/g/{game.public_id}/">(.*?)</a></li>', page, re.S)
    assert item, page
    text = html.unescape(re.sub(r"<[^>]+>|\s+", " ", item.group(1))).split()
    assert " ".join(text) == f"Ann & Cy vs Bo & Di 320 : 140 Test Club · {game.created_at:%Y-%m-%d}"


def test_a_cribbage_game_links_to_its_own_page_with_one_name_a_side(client, organizer, club, players):
    from league.games.cribbage.services import cribbage_game_create

    crib = cribbage_game_create(club=club, players=players[:2], by=organizer)
    client.force_login(organizer)
    page = client.get(reverse("league:home")).content.decode()
    url = reverse(crib.kind.game_url, args=[crib.public_id])
    item = re.search(rf'<li><a href="{re.escape(url)}">(.*?)</a></li>', page, re.S)
    assert item and "Ann" in item.group(1) and "Bo" in item.group(1) and "&amp;" not in item.group(1)
