"""A hand with several wrong fields shows every error, each under its field and
the field marked invalid (the pad then moves the focus to the first: tests/e2e/test_hall_small_items.py)."""
import re

from django.urls import reverse

from league.models import Hand

from .rendered_forms import open_form


def test_every_wrong_field_of_a_hand_is_shown_under_it(client, game, organizer):
    client.force_login(organizer)
    url = reverse("league:game", args=[game.public_id])
    form = open_form(client, url).form(has="bid")
    form.update(kind="played", bidder_seat=0, bid=245, trump="H", meld_0=105, meld_1=60, tricks_0=150, tricks_1=60)
    response = form.submit(client)
    page = response.content.decode()
    assert response.status_code == 400
    errors = dict(re.findall(r'<span class="error" id="id_(\w+)_error">(.*?)</span>', page))
    assert errors == {"bid": "bid 245 is below the minimum 250", "meld_0": "meld 105 is not a multiple of 10",
                      "tricks_0": "trick points 150 + 60 must total 250"}
    for name in ("bid", "meld_0", "tricks_0"):
        tag = re.search(rf'<input [^>]*name="{name}"[^>]*>', page).group(0)
        assert 'aria-invalid="true"' in tag, tag
    assert Hand.objects.filter(game=game).count() == 0


def test_one_wrong_field_is_shown_alone(client, game, organizer):
    client.force_login(organizer)
    form = open_form(client, reverse("league:game", args=[game.public_id])).form(has="bid")
    form.update(kind="played", bidder_seat=0, bid=245, trump="H", meld_0=100, meld_1=60, tricks_0=170, tricks_1=80)
    page = form.submit(client).content.decode()
    assert dict(re.findall(r'<span class="error" id="id_(\w+)_error">(.*?)</span>', page)) == {
        "bid": "bid 245 is below the minimum 250"}
