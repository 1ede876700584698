"""Login throttling (django-axes), the Content-Security-Policy header with no
inline script, the table link's token kept out of "Log in", and names
normalised to NFC and refused with invisible characters."""
import re
import unicodedata

from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.urls import reverse

from league.models import Player

LOGIN = "/accounts/login/"


@override_settings(AXES_ENABLED=True)
def test_login_is_throttled_after_five_wrong_passwords(db):
    get_user_model().objects.create_user("ann", password="right-pass-123")
    client = Client()
    statuses = [client.post(LOGIN, {"username": "ann", "password": f"wrong-{i}"}).status_code for i in range(6)]
    assert statuses[:4] == [200] * 4 and statuses[5] == 429
    assert client.post(LOGIN, {"username": "ann", "password": "right-pass-123"}).status_code == 429
    other = Client().post(LOGIN, {"username": "bo", "password": "x"})  # another account is not locked out
    assert other.status_code == 200


def test_pages_carry_a_csp_header_without_inline_script(client, game):
    for url in (reverse("league:home"), reverse("league:game", args=[game.public_id]),
                reverse("league:table", args=[game.access_token]), reverse("league:meld"), LOGIN):
        response = client.get(url)
        csp = response.headers["Content-Security-Policy"]
        script = re.search(r"script-src ([^;]*)", csp).group(1)
        assert script == "'self'", csp
        html = response.content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        assert not re.search(r"\son[a-z]+\s*=", html), url


def test_the_log_in_link_of_a_table_page_does_not_carry_its_token(client, game):
    html = client.get(reverse("league:table", args=[game.access_token])).content.decode()
    login = re.search(r'<a href="(/accounts/login/[^"]*)"', html).group(1)
    assert game.access_token not in login and login == "/accounts/login/"
    public = client.get(reverse("league:game", args=[game.public_id])).content.decode()
    assert f"?next=/g/{game.public_id}/" in public


def new_game(client, club, **names):
    data = {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di", "first_dealer": 0, **names}
    return client.post(reverse("league:game_new", args=[club.slug]), data)


def test_a_name_with_a_bidi_override_or_zero_width_character_is_refused(client, club, organizer, players):
    client.force_login(organizer)
    for bad in ("Ann\u202e", "A\u200bnn", "\u2066Bo"):
        response = new_game(client, club, north=bad)
        assert response.status_code == 400
        assert "A name may not hold invisible or direction-changing characters" in response.content.decode()
    assert Player.objects.filter(club=club).count() == 4


def test_names_are_stored_in_nfc_and_match_the_same_name_typed_otherwise(client, club, organizer, players):
    client.force_login(organizer)
    decomposed = "Zoe\u0301"
    assert new_game(client, club, north=decomposed).status_code == 302
    assert new_game(client, club, north=unicodedata.normalize("NFC", decomposed)).status_code == 302
    assert list(Player.objects.filter(club=club, name__startswith="Zo").values_list("name", flat=True)) == ["Zoé"]
