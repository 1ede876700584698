"""What the API publishes, read as the pages read it: the access policy
(members-only objects 404 to others, lists holding only what their reader may
read), the numbers of the standings, nights and games, cursor pagination, the
queries each list costs, conditional GETs and throttles."""
import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient
from rest_framework.throttling import AnonRateThrottle

from api.throttling import TableLinkThrottle
from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.models import Club, League, Membership, Night, Player, Result
from league.sample_season import sample_season_create
from tests.league.conftest import played


def private_urls(w, club):
    league, season, night = w["league"], w["season"], w["night"]
    base = f"/api/v1/clubs/{club.slug}/leagues/{league.slug}/"
    player = Player.objects.get(club=club, name="Ann")
    return {
        "league": base, "changes": base + "changes/", "seasons": base + "seasons/", "season": base + f"seasons/{season.pk}/",
        "standings": base + f"seasons/{season.pk}/standings/", "nights": base + f"seasons/{season.pk}/nights/",
        "night": base + f"seasons/{season.pk}/nights/{night.pk}/",
        "player": f"/api/v1/clubs/{club.slug}/players/{player.pk}/",
        **{f"{k} game": f"/api/v1/games/{w[k].public_id}/" for k in ("game", "crib", "rummy")},
    }


def member(club, role=Membership.Role.MEMBER, name="mem"):
    user = get_user_model().objects.create_user(name, password="pw-mem-12345")
    Membership.objects.create(club=club, user=user, role=role)
    client = APIClient()
    client.force_login(user)
    return client


def stranger():
    client = member(Club.objects.create(name="Other", slug="other"), Membership.Role.ORGANIZER, "str")
    return client


def statuses(client, urls):
    return {name: client.get(url).status_code for name, url in urls.items()}


def test_members_only_objects_are_not_found_by_anonymous_readers(club, private):
    urls = private_urls(private, club)
    assert statuses(APIClient(), urls) == {name: 404 for name in urls}


def test_members_only_objects_are_not_found_by_another_clubs_organizer(club, private):
    urls = private_urls(private, club)
    assert statuses(stranger(), urls) == {name: 404 for name in urls}


def test_members_only_objects_are_read_by_the_clubs_members(club, private):
    urls = private_urls(private, club)
    assert statuses(member(club), urls) == {name: 200 for name in urls}


def test_a_not_found_answer_is_json(club, private):
    response = APIClient().get(private_urls(private, club)["league"])
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}


def test_the_league_list_holds_only_the_leagues_its_reader_may_read(club, private, public_season):
    url = f"/api/v1/clubs/{club.slug}/leagues/"
    slugs = lambda client: [lg["slug"] for lg in client.get(url).json()["results"]]  # noqa: E731
    assert slugs(APIClient()) == ["sample-7"]
    assert slugs(member(club)) == ["private", "sample-7"]


def test_the_player_list_holds_for_others_only_players_with_a_public_result(club, private, public_season):
    url = f"/api/v1/clubs/{club.slug}/players/?page_size=200"
    names = lambda client: sorted(p["name"] for p in client.get(url).json()["results"])  # noqa: E731
    assert names(APIClient()) == [f"Sample player {i:02d}" for i in range(8)]
    assert names(member(club)) == ["Ann", "Bo", "Cy", "Di"] + [f"Sample player {i:02d}" for i in range(8)]


def test_a_table_link_reads_its_game_while_the_night_is_open_only(private):
    url = f"/api/v1/tables/{private['game'].access_token}/"
    assert APIClient().get(url).status_code == 200
    Night.objects.filter(pk=private["night"].pk).update(status=Night.Status.LOCKED)
    assert APIClient().get(url).status_code == 404


def test_a_game_lists_every_entry_in_its_kinds_fields_with_the_running_totals(private):
    game = APIClient().get(f"/api/v1/tables/{private['game'].access_token}/").json()
    assert (game["kind"], game["status"], game["hand_count"]) == ("partnership", "in_progress", 1)
    assert game["sides"] == [{"side": 0, "total": 320, "won": False}, {"side": 1, "total": 140, "won": False}]
    entry = game["entries"][0]
    assert (entry["number"], entry["status"], entry["version"]) == (1, "confirmed", 1)
    assert {k: entry["fields"][k] for k in ("kind", "bidder_seat", "bid", "trump", "meld_0", "meld_1", "tricks_0",
                                            "tricks_1")} == {
        "kind": "played", "bidder_seat": 0, "bid": 300, "trump": "H", "meld_0": 150, "meld_1": 60,
        "tricks_0": 170, "tricks_1": 80}
    assert entry["sides"] == [{"side": 0, "delta": 320, "total": 320}, {"side": 1, "delta": 140, "total": 140}]


def test_standings_rank_as_the_season_page_with_the_precedence_and_its_values(club, public_season):
    s = public_season
    body = APIClient().get(f"/api/v1/clubs/{club.slug}/leagues/{s.league.slug}/seasons/{s.pk}/standings/").json()
    assert [c["key"] for c in body["precedence"]] == ["points", "wins", "differential"]
    assert len(body["rows"]) == 8
    top = [(r["rank_label"], r["name"], r["games"], r["wins"], r["points_for"], r["values"]) for r in body["rows"][:3]]
    assert top == [("1", "Sample player 05", 6, 4, 1570, [1570, 4, 3880]),
                   ("2", "Sample player 07", 6, 4, 250, [250, 4, 1690]),
                   ("3", "Sample player 00", 6, 4, -130, [-130, 4, 830])]


def test_a_shared_rank_is_labelled_with_an_equals_sign(club, private, organizer):
    season = private["season"]
    season.precedence = ["wins", "points"]
    season.save(update_fields=["precedence"])
    finish(private["game"], organizer)
    rows = member(club).get(f"/api/v1/clubs/{club.slug}/leagues/private/seasons/{season.pk}/standings/").json()["rows"]
    assert [(r["rank_label"], r["wins"], r["split_by"]) for r in rows] == [
        ("=1", 1, None), ("=1", 1, None), ("=3", 0, None), ("=3", 0, None)]


def test_the_tie_break_that_split_a_row_from_the_row_above_is_named(club, public_season):
    s = public_season
    s.precedence = ["wins", "points"]
    s.save(update_fields=["precedence"])
    rows = APIClient().get(f"/api/v1/clubs/{club.slug}/leagues/{s.league.slug}/seasons/{s.pk}/standings/").json()["rows"]
    assert [(r["rank_label"], r["wins"], r["points_for"], r["split_by"], r["split_by_label"]) for r in rows[:3]] == [
        ("1", 4, 1570, None, None), ("2", 4, 250, "points", "total points"), ("3", 4, -130, "points", "total points")]


def test_a_night_shows_its_rounds_tables_seating_and_totals(club, public_season):
    s = public_season
    night = s.nights.order_by("date").first()
    body = APIClient().get(f"/api/v1/clubs/{club.slug}/leagues/{s.league.slug}/seasons/{s.pk}/nights/{night.pk}/").json()
    assert (body["status"], body["games"], body["games_finished"], body["hands_entered"]) == ("locked", 4, 4, 16)
    assert len(body["checkins"]) == 8
    assert [len(r["tables"]) for r in body["seating"]] == [2, 2]
    table = body["seating"][0]["tables"][0]
    assert [side["label"] for side in table["sides"]] == ["N–S", "E–W"]
    assert table["game"]["public_id"] in set(Result.objects.filter(night=night).values_list("game__public_id", flat=True))


def test_nights_are_paginated_by_cursor_latest_first(club, public_season):
    s = public_season
    api = APIClient()
    first = api.get(f"/api/v1/clubs/{club.slug}/leagues/{s.league.slug}/seasons/{s.pk}/nights/?page_size=2").json()
    second = api.get(first["next"]).json()
    dates = [n["date"] for n in first["results"]] + [n["date"] for n in second["results"]]
    assert dates == ["2026-01-19", "2026-01-12", "2026-01-05"]
    assert second["next"] is None


def queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured.captured_queries)


def list_urls(club, season):
    base = f"/api/v1/clubs/{club.slug}/"
    s = f"leagues/{season.league.slug}/seasons/{season.pk}/"
    return {"clubs": "/api/v1/clubs/", "leagues": base + "leagues/", "seasons": base + f"leagues/{season.league.slug}/seasons/",
            "nights": base + s + "nights/", "players": base + "players/", "standings": base + s + "standings/"}


def test_each_list_costs_the_same_queries_at_3_and_9_nights(club):
    small = sample_season_create(club=club, nights=3, players=8, rounds=2, hands_per_game=2, seed=7)
    large = sample_season_create(club=club, nights=9, players=16, rounds=2, hands_per_game=2, seed=8)
    League.objects.update(is_public=True)
    api = APIClient()
    counts = {name: (queries(api, url), queries(api, list_urls(club, large)[name]))
              for name, url in list_urls(club, small).items()}
    assert counts == {"clubs": (1, 1), "leagues": (3, 3), "seasons": (2, 2), "nights": (3, 3), "players": (3, 3),
                      "standings": (4, 4)}


def test_a_get_carries_an_etag_and_the_same_tag_is_answered_304_in_one_query(club, private, organizer):
    api = member(club)
    url = private_urls(private, club)["standings"]
    first = api.get(url)
    assert first.status_code == 200 and first["ETag"]
    with CaptureQueriesContext(connection) as captured:
        again = api.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert len(captured.captured_queries) == 2  # the session, the season's state


def test_an_entry_gives_its_game_a_new_tag(club, private, organizer):
    api = member(club)
    url = private_urls(private, club)["game game"]
    tag = api.get(url)["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    services.entry_record(game=private["game"], by=organizer,
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    fresh = api.get(url, HTTP_IF_NONE_MATCH=tag)
    assert fresh.status_code == 200 and fresh.json()["hand_count"] == 2


def test_a_list_without_a_cheap_state_is_tagged_by_its_body(club, public_season):
    api = APIClient()
    first = api.get("/api/v1/clubs/")
    assert api.get("/api/v1/clubs/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    Club.objects.create(name="New", slug="new")
    assert api.get("/api/v1/clubs/", HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


def test_anonymous_requests_are_throttled_per_address(club, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    codes = [APIClient().get("/api/v1/clubs/").status_code for _n in range(4)]
    assert codes == [200, 200, 200, 429]
    assert "detail" in APIClient().get("/api/v1/clubs/").json()


def test_a_forwarded_for_header_of_the_clients_own_does_not_escape_the_throttle(club, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "2/minute"})
    codes = [APIClient().get("/api/v1/clubs/", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}").status_code for n in range(3)]
    assert codes == [200, 200, 429]


def test_a_table_link_is_throttled_per_link_whatever_its_address(private, monkeypatch):
    monkeypatch.setattr(TableLinkThrottle, "THROTTLE_RATES", {"table": "2/minute"})
    url = f"/api/v1/tables/{private['game'].access_token}/"
    codes = [APIClient().get(url, REMOTE_ADDR=f"10.0.0.{n}").status_code for n in range(3)]
    assert codes == [200, 200, 429]
    assert APIClient().get(f"/api/v1/tables/{private['crib'].access_token}/").status_code == 200


@pytest.mark.parametrize("path", ["clubs/", "games/", "tables/"])
def test_crafted_addresses_are_answered_404_as_json(path, db):
    for tail in ("x" * 300 + "/", "%00/", "..%2f/", "1" * 40 + "/"):
        response = APIClient().get(f"/api/v1/{path}{tail}")
        assert response.status_code in (400, 404), (path, tail, response.status_code)


def finish(game, organizer, reason=""):
    """Three more hands: N–S reach 1500 and win (docs/rules.md §5)."""
    for _n in range(3):
        services.entry_record(game=game, by=organizer, reason=reason,
                              inputs=PinochleHandInput(**played(0, 400, (300, 60), (200, 50))))


def test_the_change_log_lists_a_locked_nights_change_with_its_reason(club, private, organizer):
    Night.objects.filter(pk=private["night"].pk).update(status=Night.Status.LOCKED)
    services.entry_record(game=private["game"], by=organizer, reason="the sheet came late",
                          inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    url = f"/api/v1/clubs/{club.slug}/leagues/private/changes/"
    assert APIClient().get(url).status_code == 404
    rows = member(club).get(url).json()["results"]
    assert [(r["night"], r["game"], r["by"], r["summary"], r["reason"]) for r in rows] == [
        ("2026-10-01", private["game"].public_id, "org", "hand 2 entered", "the sheet came late")]


def test_the_ratings_table_leaves_out_ratings_of_a_league_its_reader_may_not_read(club, private, organizer,
                                                                                  public_season):
    finish(private["game"], organizer)
    url = f"/api/v1/clubs/{club.slug}/ratings/"
    public = APIClient().get(url).json()
    assert public["family"] == "partnership"
    assert sorted(r["name"] for r in public["rows"]) == [f"Sample player {i:02d}" for i in range(8)]
    assert [r["rank"] for r in public["rows"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    members = member(club).get(url).json()["rows"]
    assert len(members) == 12
    assert {"Ann", "Bo", "Cy", "Di"} <= {r["name"] for r in members}
