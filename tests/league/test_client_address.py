"""The client behind a trusted proxy (league/client_address.py): the login
throttle and the casual-game limit count the client, not the proxy, and a
client's own X-Forwarded-For is never believed."""
import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache, caches
from django.test import Client, RequestFactory, override_settings

from league.client_address import client_address

from .rendered_forms import open_form

LOGIN = "/accounts/login/"
PROXY = {"REMOTE_ADDR": "127.0.0.1"}
SEATS = {"north": "Ann", "east": "Bo", "south": "Cy", "west": "Di"}
BEHIND_ONE_PROXY = {"CLUBTALLY_PROXY_COUNT": 1, "CLUBTALLY_PROXY_ADDRESSES": ["127.0.0.1"]}


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear(), caches["limits"].clear()
    yield
    cache.clear(), caches["limits"].clear()


def log_in(client, username, password, **meta):
    form = open_form(client, LOGIN, **meta).form(has="username").update(username=username, password=password)
    return form.submit(client, **meta)


@override_settings(AXES_ENABLED=True, **BEHIND_ONE_PROXY)
def test_a_strangers_failed_logins_behind_the_proxy_do_not_lock_the_organizer_out(db):
    get_user_model().objects.create_user("org", password="right-pass-123")
    stranger = {**PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.5"}
    codes = [log_in(Client(), "org", f"wrong-{i}", **stranger).status_code for i in range(6)]
    assert codes == [200, 200, 200, 200, 429, 429]
    organizer = {**PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    answer = log_in(Client(), "org", "right-pass-123", **organizer)
    assert (answer.status_code, answer["Location"]) == (302, "/")


@override_settings(AXES_ENABLED=True, **BEHIND_ONE_PROXY)
def test_the_stranger_behind_the_proxy_is_locked_out_by_their_own_address(db):
    get_user_model().objects.create_user("org", password="right-pass-123")
    stranger = {**PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.5"}
    for i in range(5):
        log_in(Client(), "org", f"wrong-{i}", **stranger)
    assert log_in(Client(), "org", "right-pass-123", **stranger).status_code == 429


@override_settings(CASUAL_GAMES_PER_HOUR=3, **BEHIND_ONE_PROXY)
def test_the_casual_limit_counts_each_client_behind_the_proxy(db):
    one = {**PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.9"}
    codes = [Client().post("/casual/new/", SEATS, **one).status_code for _ in range(4)]
    assert codes == [302, 302, 302, 429]
    other = {**PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.10"}
    assert Client().post("/casual/new/", SEATS, **other).status_code == 302


@override_settings(CASUAL_GAMES_PER_HOUR=3, **BEHIND_ONE_PROXY)
def test_a_forwarded_for_sent_by_a_client_that_is_not_the_proxy_is_ignored(db):
    codes = [Client().post("/casual/new/", SEATS, REMOTE_ADDR="203.0.113.9",
                           HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code for i in range(4)]
    assert codes == [302, 302, 302, 429]


@override_settings(CASUAL_GAMES_PER_HOUR=3)
def test_without_a_proxy_count_forwarded_for_is_ignored(db):
    codes = [Client().post("/casual/new/", SEATS, **PROXY, HTTP_X_FORWARDED_FOR=f"198.51.100.{i}").status_code
             for i in range(4)]
    assert codes == [302, 302, 302, 429]


@pytest.mark.parametrize("count, forwarded, expected", [
    (1, "203.0.113.5", "203.0.113.5"),
    (1, "10.0.0.1, 203.0.113.5", "203.0.113.5"),  # the client's own first entry is not believed
    (2, "10.0.0.1, 203.0.113.5, 192.0.2.1", "203.0.113.5"),
    (2, "203.0.113.5", "203.0.113.5"),
    (1, "not-an-address", "127.0.0.1"),
    (1, "", "127.0.0.1"),
])
def test_the_client_is_the_address_the_outermost_trusted_proxy_saw(count, forwarded, expected):
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR=forwarded)
    with override_settings(CLUBTALLY_PROXY_COUNT=count, CLUBTALLY_PROXY_ADDRESSES=["127.0.0.1"]):
        assert client_address(request) == expected


DATABASE_LIMITS = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
                   "limits": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
                              "LOCATION": "clubtally_limits"}}


def test_without_redis_the_limits_live_in_the_database_cache_table():
    from config.settings import base

    if not base.CLUBTALLY_REDIS_URL:
        assert base.CACHES["limits"] == DATABASE_LIMITS["limits"]


@override_settings(CACHES=DATABASE_LIMITS, CASUAL_GAMES_PER_HOUR=3)
def test_two_workers_share_the_casual_limit(db):
    from django.core.management import call_command

    call_command("createcachetable", "clubtally_limits", verbosity=0)
    one = {"REMOTE_ADDR": "203.0.113.9"}
    assert [Client().post("/casual/new/", SEATS, **one).status_code for _ in range(2)] == [302, 302]
    other_worker = caches.create_connection("limits")  # another process's own cache object, the same table
    assert other_worker.get("casual-games:203.0.113.9") == 2
    other_worker.incr("casual-games:203.0.113.9")  # its game, started on the other worker
    assert Client().post("/casual/new/", SEATS, **one).status_code == 429


@override_settings(AXES_ENABLED=True)
def test_an_organizer_lets_a_locked_out_member_log_in_again(club, organizer, _fresh_cache):
    from league.models import Membership

    member = get_user_model().objects.create_user("ann", password="right-pass-123")
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    for i in range(5):
        log_in(Client(), "ann", f"wrong-{i}")
    assert log_in(Client(), "ann", "right-pass-123").status_code == 429
    desk = Client()
    desk.force_login(organizer)
    page = open_form(desk, f"/clubs/{club.slug}/settings/")
    assert "Locked out after wrong passwords." in page.response.content.decode()
    answer = page.form("unlock-" + str(member.memberships.get().pk)).submit(desk)
    assert (answer.status_code, answer["Location"]) == (302, f"/clubs/{club.slug}/settings/")
    assert 'data-testid="locked-out-ann"' not in desk.get(f"/clubs/{club.slug}/settings/").content.decode()
    assert log_in(Client(), "ann", "right-pass-123").status_code == 302
