"""Conditional GET for the polled pages (league/conditional.py): a poll with
nothing new is answered 304 with an empty body, any change gives a 200 with
the new content, and the tag differs per viewer."""
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league import services
from league.models import Membership, Night

from .conftest import played
from .test_authorization import everything, world  # noqa: F401 (fixture)
from league.games.pinochle.hand_inputs import PinochleHandInput

HX = {"HTTP_HX_REQUEST": "true"}
FETCH = {"HTTP_SEC_FETCH_MODE": "cors"}  # a script's fetch() of the page (the pad's refresh)


def urls(w):
    club, league, season, night, game = w["club"], w["league"], w["season"], w["night"], w["game"]
    return {
        "game": reverse("league:game", args=[game.public_id]),
        "table": reverse("league:table", args=[game.access_token]),
        "night": reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk]),
        "board": reverse("league:night_board", args=[club.slug, league.slug, season.pk, night.pk]),
        "standings": reverse("league:season", args=[club.slug, league.slug, season.pk]),
    }


def member_client(w, name="member"):
    user = get_user_model().objects.create_user(name, password="pw-m-12345")
    Membership.objects.create(club=w["club"], user=user, role=Membership.Role.MEMBER)
    c = Client()
    c.force_login(user)
    return c


def first(client, url, **headers):
    response = client.get(url, **(headers or FETCH))
    assert response.status_code == 200, url
    assert response["ETag"].startswith('"') and "private" in response["Cache-Control"]
    return response


def test_a_poll_with_nothing_new_is_304_with_an_empty_body(world):  # noqa: F811
    client = member_client(world)
    for name, url in urls(world).items():
        for headers in (FETCH, HX):
            tag = first(client, url, **headers)["ETag"]
            again = client.get(url, HTTP_IF_NONE_MATCH=tag, **headers)
            assert again.status_code == 304, name
            assert again.content == b"", name
            assert again["ETag"] == tag, name


def test_opening_a_page_is_not_a_poll_no_tag_and_no_extra_query(world):  # noqa: F811
    client = member_client(world)
    url = urls(world)["game"]
    client.get(url)
    with CaptureQueriesContext(connection) as opened:
        response = client.get(url, HTTP_SEC_FETCH_MODE="navigate")
    with CaptureQueriesContext(connection) as polled:
        assert client.get(url, **FETCH).status_code == 200
    assert response.status_code == 200 and not response.has_header("ETag")
    assert len(polled) == len(opened) + 1


def test_a_304_costs_the_session_and_one_query(world):  # noqa: F811
    client = member_client(world)
    for name, url in urls(world).items():
        tag = first(client, url)["ETag"]
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
        assert len(queries) == 2, (name, [q["sql"] for q in queries])


def test_after_an_entry_the_game_table_and_night_pages_answer_200_with_the_new_content(world, organizer):  # noqa: F811
    client = member_client(world)
    before = {name: first(client, url, **HX) for name, url in urls(world).items()}
    tags = {name: r["ETag"] for name, r in before.items()}
    services.entry_record(game=world["game"], by=organizer,
                          inputs=PinochleHandInput(**played(1, 250, (40, 120), (60, 190))))
    for name in ("game", "table", "night", "board"):
        response = client.get(urls(world)[name], HTTP_IF_NONE_MATCH=tags[name], **HX)
        assert response.status_code == 200, name
        assert response["ETag"] != tags[name], name
        # E–W made 250: 140 + 120 meld + 190 tricks, the new running total
        assert "450" in response.content.decode() and "450" not in before[name].content.decode(), name
    # the standings count finished games only: an entry mid-game leaves them as they were
    assert client.get(urls(world)["standings"], HTTP_IF_NONE_MATCH=tags["standings"], **HX).status_code == 304


def test_a_finished_game_changes_the_standings_tag(world, organizer):  # noqa: F811
    client = member_client(world)
    url = urls(world)["standings"]
    tag = first(client, url)["ETag"]
    for _ in range(8):
        world["game"].refresh_from_db()
        if world["game"].is_finished:
            break
        services.entry_record(game=world["game"], by=organizer,
                              inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    assert world["game"].is_finished
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_locking_the_night_changes_the_night_tag(world, organizer):  # noqa: F811
    client = member_client(world)
    url = urls(world)["night"]
    tag = first(client, url)["ETag"]
    Night.objects.filter(pk=world["night"].pk).update(status=Night.Status.LOCKED)
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_another_user_gets_another_tag_and_the_full_page(world):  # noqa: F811
    ann, bo = member_client(world, "ann"), member_client(world, "bo")
    for name, url in urls(world).items():
        tag = first(ann, url)["ETag"]
        other = bo.get(url, HTTP_IF_NONE_MATCH=tag)
        assert other.status_code == 200, name
        assert other["ETag"] != tag, name


def test_a_stranger_with_a_members_tag_is_refused_not_confirmed(world):  # noqa: F811
    tag = first(member_client(world), urls(world)["night"])["ETag"]
    stranger = Client().get(urls(world)["night"], HTTP_IF_NONE_MATCH=tag)
    assert stranger.status_code in (403, 404)


def test_another_language_gets_another_tag(world):  # noqa: F811
    client = member_client(world)
    for name, url in urls(world).items():
        tag = first(client, url)["ETag"]
        client.cookies["django_language"] = "th"
        thai = client.get(url, HTTP_IF_NONE_MATCH=tag)
        del client.cookies["django_language"]
        assert thai.status_code == 200, name
        assert thai["ETag"] != tag, name
        assert 'lang="th"' in thai.content.decode() or name == "board"


def test_the_table_links_side_gets_another_tag(world):  # noqa: F811
    phone = Client()
    token = world["game"].access_token
    url = reverse("league:table", args=[token])
    tag = first(phone, url)["ETag"]
    assert phone.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    assert phone.post(reverse("league:table_side", args=[token]), {"side": "1"}).status_code in (200, 302)
    chosen = phone.get(url, HTTP_IF_NONE_MATCH=tag)
    assert chosen.status_code == 200
    assert chosen["ETag"] != tag


def test_the_full_page_and_its_htmx_partial_have_different_tags(world):  # noqa: F811
    client = member_client(world)
    url = urls(world)["board"]
    full, partial = first(client, url), first(client, url, **HX)
    assert full["ETag"] != partial["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=full["ETag"], **HX).status_code == 200
    assert "HX-Request" in partial["Vary"] and "Cookie" in partial["Vary"]


def test_a_write_is_never_answered_304(world, organizer):  # noqa: F811
    client = Client()
    client.force_login(organizer)
    url = urls(world)["night"]
    tag = first(client, url)["ETag"]
    before = everything()
    response = client.post(url, {"action": "nothing"}, HTTP_IF_NONE_MATCH=tag)
    assert response.status_code != 304
    assert everything() == before
