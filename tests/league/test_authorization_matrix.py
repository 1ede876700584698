"""The authorization matrix, generated from the URLconf: every URL pattern of
the resolver (the admin's and the unnamed legacy redirects included) ×
anonymous, a member, another club's organizer, another table's link, a
revoked link and a link after the lock, in a members-only league; each page
asked plainly and with the query parameters the site reads, each write sent
with the outbox's key header too. A pattern missing from MATRIX fails; every
write they try leaves every table unchanged."""
import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.test import Client

from league.models import Game, Night, Player, Team

from .test_access_policy import private  # noqa: F401 (fixture)
from .test_authorization import HAND
from .urlmatrix import build, patterns

OPEN, MEMBERS, ORGANIZERS, LINK, ACCOUNT = "anyone", "members", "organizers", "link", "account"
STAFF, REDIRECT = "staff", "redirect"  # the admin (superusers and staff only); the legacy URLs' permanent redirects
ADMIN_MODELS = {
    "auth": ("group", "user"), "axes": ("accessattempt", "accesslog", "accessfailurelog"),
    "league": ("club", "player", "ruleprofile", "game", "hand", "league", "season", "team", "night", "round", "result"),
}
ADMIN = {
    "admin:login": OPEN, "admin:logout": OPEN,  # the admin's own login page (its form refuses non-staff)
    **{f"admin:{n}": STAFF for n in ("index", "password_change", "password_change_done", "autocomplete", "jsi18n",
                                      "view_on_site", "app_list", "auth_user_password_change")},
    **{f"admin:{app}_{model}_{view}": STAFF for app, models in ADMIN_MODELS.items() for model in models
       for view in ("changelist", "add", "history", "delete", "change")},
    **{f"admin/{app}/{model}/<path:object_id>/": STAFF for app, models in ADMIN_MODELS.items() for model in models},
    "admin/(?P<url>.*)$": STAFF,  # the admin's catch-all
}
LEGACY = {
    "(?P<tree>c|r|ct|rt)/(?P<key>[^/]+)/(?P<rest>.*)$": REDIRECT,
    "clubs/<slug:club_slug>/cribbage/new/": REDIRECT, "clubs/<slug:club_slug>/rummy/new/": REDIRECT,
}
MATRIX = {
    **ADMIN, **LEGACY,
    "league:home": OPEN, "league:meld": OPEN, "league:rules_help": OPEN, "league:blank_sheet_pdf": OPEN,
    "league:club_leagues": OPEN, "league:club_ratings": OPEN, "league:cribbage_show": OPEN, "league:cribbage_show_pick": OPEN,
    "league:cribbage_discard": OPEN, "league:cribbage_pegging": OPEN, "login": OPEN, "logout": OPEN,
    "set_language": OPEN, "league:service_worker": OPEN, "league:favicon": OPEN,
    **{n: OPEN for n in ("password_reset", "password_reset_done", "password_reset_confirm", "password_reset_complete")},
    **{n: ACCOUNT for n in ("password_change", "password_change_done")},  # any signed-in account, its own
    "league:casual_new": "casual",  # anyone may start a casual game (rate-limited): a write that is allowed
    "league:club_new": "casual",  # any signed-in account may start a club of its own: a write that is allowed
    "league:invite": LINK,  # an invitation link: the matrix's made-up secret opens nothing
    "league:player_night": LINK,  # a player's night link: the matrix's made-up secret opens nothing
    **{f"league:{n}": MEMBERS for n in (
        "changes", "calendar", "league", "season", "night", "night_board", "night_recap_pdf", "season_standings_pdf", "team",
        "player", "game", "game_history", "hand_history", "game_sheet_pdf")},
    **{f"league:{n}": ORGANIZERS for n in (
        "games_csv", "hands_csv", "night_sheets_pdf", "night_cards_pdf", "game_new", "hand_add",
        "hand_edit", "hand_delete", "hand_confirm", "hand_undo", "table_link_reissue", "club_settings",
        "club_member_role", "club_member_remove", "club_member_unlock", "club_invite_new", "club_invite_revoke",
        "rule_profiles", "rule_profile_new", "rule_profile_edit", "club_backup")},
    **{f"league:{n}": LINK for n in (
        "table", "table_side", "table_hand_add", "table_hand_edit", "table_hand_confirm", "table_hand_counter", "table_hand_undo")},
}
LOGOUTS = ("logout", "admin:logout")  # asked, not posted: a post would sign the persona out for the patterns after
OUTBOX_KEY = {"HTTP_X_OUTBOX_KEY": "matrix-outbox-key-0001"}


def query(w) -> dict:
    """The query parameters the site's pages read, naming real rows."""
    return {"season": w["season"].pk, "page": 1, "per_page": 20, "_export": "csv", "family": "partnership",
            "side": 1, "paper": "a4", "round": 1, "kind": "cribbage", "game": w["game"].public_id, "next": "/",
            "key": "forged-calendar-key", "type": "partnership", "sort": "name"}


PERSONAS = ["anonymous", "member", "organizer of another club", "link of another table", "revoked link",
            "link after the lock"]
REFUSED = (302, 403, 404, 405)
POST = {**HAND, "reason": "r", "action": "lock", "side": "1", "name": "X", "north": "A", "east": "B", "south": "C",
        "west": "D", "player_0": "A", "player_1": "B", "player_2": "C", "player_3": "D", "first_dealer": 0,
        "t0_melds_on_table": 100, "t1_melds_on_table": 50, "version": 1, "form": "night", "date": "2026-10-08",
        "rounds": 2}


def dump():
    """Every row of every table the site keeps (sessions and login times aside)."""
    rows = {m._meta.label: list(m.objects.order_by("pk").values()) for m in apps.get_app_config("league").get_models()}
    rows["users"] = list(get_user_model().objects.order_by("pk").values("pk", "username", "password", "is_superuser"))
    return rows


def test_every_url_pattern_is_in_the_matrix():
    missing = sorted(n for n, _, _ in patterns() if n not in MATRIX)
    assert missing == []


def test_the_matrix_walks_every_pattern_of_the_resolver_the_admins_and_the_unnamed_included():
    walked = [n for n, _, _ in patterns()]
    assert len(walked) == len(set(walked)) == len(MATRIX) >= 176
    assert sum(1 for n in walked if n.startswith(("admin:", "admin/"))) == len(ADMIN)
    assert {n for n in walked if n in LEGACY} == set(LEGACY)


def test_every_matrix_row_is_a_pattern_of_the_resolver():
    assert sorted(set(MATRIX) - {n for n, _, _ in patterns()}) == []


def world_for(private, club, players, other_game):  # noqa: F811
    team = Team.objects.create(season=private["season"], name="T", player_a=players[0], player_b=players[1])
    return {**private, "club": club, "team": team, "player": Player.objects.get(club=club, name=players[0].name),
            "other": other_game}


def game_for(name, w, which="game"):
    """The one URL tree serves every kind: each pattern is tried on the Pinochle, cribbage and rummy games."""
    return w[which]


@pytest.mark.parametrize("who", PERSONAS)
def test_every_pattern_by_everyone_who_may_not(who, private, club, players, organizer, game):  # noqa: F811
    # ``game`` (a casual game of the club, no hands) is "another table" for the link personas.
    Game.objects.filter(pk=game.pk).update(game_type="partnership")
    w = world_for(private, club, players, game)
    client = Client(raise_request_exception=False)
    token = {"anonymous": "not-a-link", "member": "not-a-link", "organizer of another club": "not-a-link"}.get(who)
    if who == "member":
        user = get_user_model().objects.create_user("member", password="pw-member-1")
        from league.models import Membership

        Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
        client.force_login(user)
    elif who == "organizer of another club":
        from league.models import Club, Membership

        user = get_user_model().objects.create_user("stranger", password="pw-stranger-1")
        Membership.objects.create(club=Club.objects.create(name="O", slug="o"), user=user,
                                  role=Membership.Role.ORGANIZER)
        client.force_login(user)
    elif who == "revoked link":
        for g in (w["game"], w["crib"], w["rummy"]):
            Game.objects.filter(pk=g.pk).update(access_token=g.access_token + "x")  # the old QR code stops
    elif who == "link after the lock":
        Night.objects.filter(pk=w["night"].pk).update(status=Night.Status.LOCKED)
    before = dump()
    cases = [(n, r, c, which) for n, r, c in sorted(patterns())
             for which in (("game", "crib", "rummy") if ("public_id" in c or "token" in c) else ("game",))]
    for name, route, conv, which in cases:
        kind = MATRIX[name]
        override = {}
        if "public_id" in conv:
            override["public_id"] = game_for(name, w, which).public_id
        if "token" in conv:
            if who == "link of another table":
                if "number" not in conv:
                    continue  # its own table's page, side and new entries are its own to write
                override["token"] = w["other"].access_token
            elif who in ("revoked link", "link after the lock"):
                override["token"] = game_for(name, w, which).access_token  # the token before any reissue
            else:
                override["token"] = token
        url = build(route, conv, w, override)
        got, asked = client.get(url).status_code, client.get(url, query(w)).status_code
        posted = None if name in LOGOUTS else client.post(url, POST, **OUTBOX_KEY).status_code
        assert got < 500 and asked < 500 and (posted or 0) < 500, (name, url, got, asked, posted)
        may_read = kind in (OPEN, "casual") or (kind == MEMBERS and who == "member") or (
            kind == ACCOUNT and who in ("member", "organizer of another club"))
        if kind == REDIRECT:
            assert (got, asked, posted) == (301, 301, 308), (who, name, url, got, asked, posted)
        elif may_read:
            assert got < 400 or got == 405, (who, name, url, got)
            assert asked < 400 or asked == 405, (who, name, url, "with the query", asked)
        else:
            assert got in REFUSED and asked in REFUSED, (who, name, url, got, asked)
        if kind in (ORGANIZERS, LINK, STAFF):
            assert posted in REFUSED, (who, name, url, posted)
        if kind == "casual":
            before = dump()  # the one write anyone may make: a new casual game of its own
            continue
        assert dump() == before, (who, name, url)
