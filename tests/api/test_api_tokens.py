"""Personal API tokens: an organizer makes one while signed in (its secret
shown once, only its hash stored), a script writes with it as that organizer
with no session or CSRF token, and a revoked token stops at once."""
from rest_framework.test import APIClient

from api.models import ApiToken, token_hash
from league.models import Hand

from .test_api_entries import api_fields, two_tables
from .test_api_reads import member, private_urls


def signed_in(user):
    api = APIClient(enforce_csrf_checks=True)
    api.force_login(user)
    return api


def make(user, name="scoreboard"):
    api = APIClient()
    api.force_login(user)
    response = api.post("/api/v1/tokens/", {"name": name}, format="json")
    return response


def bearer(secret):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return api


def test_an_organizer_makes_a_token_shown_once_and_stored_hashed(organizer):
    response = make(organizer)
    assert response.status_code == 201
    secret = response.json()["token"]
    assert secret.startswith("ct_") and len(secret) == 46
    stored = ApiToken.objects.get()
    assert stored.key_hash == token_hash(secret) and secret not in (stored.key_hash, stored.shown)
    listed = APIClient()
    listed.force_login(organizer)
    tokens = listed.get("/api/v1/tokens/").json()["results"]
    assert [(t["name"], t["shown"]) for t in tokens] == [("scoreboard", secret[:10])]
    assert "token" not in tokens[0]


def test_a_member_who_organizes_no_club_makes_no_token(club):
    api = member(club)
    response = api.post("/api/v1/tokens/", {"name": "mine"}, format="json")
    assert response.status_code == 403
    assert ApiToken.objects.count() == 0


def test_a_token_needs_a_name(organizer):
    response = make(organizer, name="")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["name"]


def test_a_token_reads_and_writes_as_its_organizer_without_a_session(club, organizer, private):
    secret = make(organizer).json()["token"]
    api = bearer(secret)
    assert api.get(private_urls(private, club)["standings"]).status_code == 200  # members-only: read as the organizer
    game = two_tables("partnership", club, organizer)[0]
    body = api_fields(game, bidder_seat=0, bid=300, trump="H", meld_0=150, meld_1=60, tricks_0=170, tricks_1=80)
    response = api.post(f"/api/v1/games/{game.public_id}/hands/", body, format="json")
    assert response.status_code == 201
    assert Hand.objects.get(game=game).entered_by == organizer
    assert ApiToken.objects.get().last_used_at is not None


def test_a_session_write_needs_its_csrf_token_and_a_bearer_token_does_not(club, organizer):
    game = two_tables("partnership", club, organizer)[0]
    body = api_fields(game, bidder_seat=0, bid=300, trump="H", meld_0=150, meld_1=60, tricks_0=170, tricks_1=80)
    url = f"/api/v1/games/{game.public_id}/hands/"
    assert signed_in(organizer).post(url, body, format="json").status_code == 403
    assert Hand.objects.filter(game=game).count() == 0
    assert bearer(make(organizer).json()["token"]).post(url, body, format="json").status_code == 201


def test_a_revoked_or_unknown_token_is_refused(club, organizer, private):
    secret = make(organizer).json()["token"]
    owner = APIClient()
    owner.force_login(organizer)
    assert owner.delete(f"/api/v1/tokens/{ApiToken.objects.get().pk}/").status_code == 204
    url = private_urls(private, club)["standings"]
    refused = bearer(secret).get(url)
    assert refused.status_code == 401 and refused["WWW-Authenticate"] == "Bearer"
    assert bearer("ct_made-up").get(url).status_code == 401
    assert owner.get("/api/v1/tokens/").json()["results"] == []


def test_an_account_revokes_only_its_own_tokens(club, organizer):
    make(organizer)
    other = member(club)
    assert other.delete(f"/api/v1/tokens/{ApiToken.objects.get().pk}/").status_code == 404
    assert ApiToken.objects.get().revoked_at is None
