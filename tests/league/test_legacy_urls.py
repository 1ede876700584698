"""The game URLs of earlier versions (printed QR codes, bookmarks) answer with
a permanent redirect to the same page in the one game tree, the rest of the
path and the query string kept."""
import pytest
from django.urls import reverse

from league.models import Hand

from .kind_cases import league_table


@pytest.fixture
def crib(club, players, organizer):
    return league_table("cribbage", club=club, players=players, organizer=organizer)


@pytest.fixture
def rummy(club, players, organizer):
    return league_table("rummy", club=club, players=players, organizer=organizer)


def test_an_old_cribbage_table_qr_code_leads_to_the_table_page(client, crib):
    response = client.get(f"/ct/{crib.access_token}/")
    assert response.status_code == 301 and response["Location"] == f"/t/{crib.access_token}/"
    assert client.get(response["Location"]).status_code == 200


def test_an_old_rummy_round_url_keeps_its_number_and_query(client, rummy):
    response = client.get(f"/rt/{rummy.access_token}/rounds/3/counter/?from=qr&x=1")
    assert response.status_code == 301
    assert response["Location"] == f"/t/{rummy.access_token}/hands/3/counter/?from=qr&x=1"


def test_an_old_public_link_and_its_pdf_lead_to_the_game_tree(client, crib, rummy):
    assert client.get(f"/c/{crib.public_id}/")["Location"] == f"/g/{crib.public_id}/"
    assert client.get(f"/r/{rummy.public_id}/sheet.pdf?paper=letter")["Location"] == (
        f"/g/{rummy.public_id}/sheet.pdf?paper=letter")
    assert client.get(f"/c/{crib.public_id}/deals/2/delete/")["Location"] == f"/g/{crib.public_id}/hands/2/delete/"


def test_an_old_new_game_url_asks_for_its_kind(client, club):
    response = client.get(f"/clubs/{club.slug}/cribbage/new/")
    assert response.status_code == 301
    assert response["Location"] == reverse("league:game_new", args=[club.slug]) + "?kind=cribbage"
    assert client.get(f"/clubs/{club.slug}/rummy/new/?a=1")["Location"] == (
        reverse("league:game_new", args=[club.slug]) + "?kind=rummy&a=1")


def test_a_post_to_an_old_url_is_redirected_with_its_method_kept(client, crib):
    """A phone's outbox may still replay an entry to the old URL: 308 keeps it a POST."""
    response = client.post(f"/ct/{crib.access_token}/deals/", {"dealer": 0})
    assert response.status_code == 308 and response["Location"] == f"/t/{crib.access_token}/hands/"
    assert Hand.objects.filter(game=crib).count() == 0
