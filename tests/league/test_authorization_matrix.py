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
    "league": ("club", "player", "playermerge", "ruleprofile", "game", "hand", "league", "season", "team", "night",
               "round", "result", "tournament", "stage", "match"),
    "account": ("emailaddress",),  # django-allauth's addresses (sign-up)
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
    "set_language": OPEN, "league:service_worker": OPEN, "league:web_manifest": OPEN, "league:favicon": OPEN,
    **{n: OPEN for n in ("password_reset", "password_reset_done", "password_reset_confirm", "password_reset_complete")},
    **{n: ACCOUNT for n in ("password_change", "password_change_done")},
    # sign-up and its email confirmation (a made-up key confirms nothing); allauth's name for the login page
    **{n: OPEN for n in ("account_signup", "account_email_verification_sent", "account_confirm_email", "account_login")},  # any signed-in account, its own
    "api:tokens": ACCOUNT, "api:token": ACCOUNT,  # its own personal API tokens (organizers make them)
    "league:casual_new": "casual",  # anyone may start a casual game (rate-limited): a write that is allowed
    "league:club_new": "casual",  # any signed-in account may start a club of its own: a write that is allowed
    "league:invite": LINK,  # an invitation link: the matrix's made-up secret opens nothing
    "league:player_night": LINK,  # a player's night link: the matrix's made-up secret opens nothing
    "league:entrant_link": LINK,  # an entrant's own event link: the made-up secret opens nothing
    **{f"league:{n}": MEMBERS for n in (
        "changes", "calendar", "league", "season", "night", "night_board", "night_screen", "night_recap_pdf", "season_standings_pdf", "team",
        "player", "game", "game_history", "hand_history", "game_sheet_pdf", "tournament", "tournament_pdf",
        "tournament_prizes_csv")},
    "league:tournaments": OPEN,  # the club's events a reader may see; the new-event form is the organizers'
    **{f"league:{n}": ORGANIZERS for n in (
        "tournament_manage", "tournament_register", "tournament_stage_new", "tournament_clock", "tournament_advance",
        "tournament_pool_new", "tournament_pool_award", "tournament_withdraw", "tournament_cards_pdf",
        "tournament_late")},
    **{f"league:{n}": ORGANIZERS for n in (
        "games_csv", "hands_csv", "night_sheets_pdf", "night_cards_pdf", "game_new", "hand_add",
        "hand_edit", "hand_delete", "hand_confirm", "hand_undo", "table_link_reissue", "club_settings",
        "club_member_role", "club_member_remove", "club_member_unlock", "club_invite_new", "club_invite_revoke",
        "rule_profiles", "rule_profile_new", "rule_profile_edit", "club_backup",
        "league_settings", "league_role_set", "league_role_remove",
        "roster", "player_rename", "player_merge", "players_import", "club_restore", "season_settings",
        "player_merge_undo",
        "night_checkin", "night_seat", "night_unseat", "night_swap", "night_lock", "night_reopen")},
    **{f"league:{n}": LINK for n in (
        "table", "table_side", "table_hand_add", "table_hand_edit", "table_hand_confirm", "table_hand_counter", "table_hand_undo",
        "table_sheet_pdf")},
    # the JSON API (api/urls.py): the same policy as the pages it mirrors
    **{f"api:{n}": OPEN for n in ("schema", "docs", "clubs", "club", "leagues", "players", "ratings")},
    **{f"api:{n}": MEMBERS for n in ("league", "changes", "seasons", "season", "standings", "nights", "night", "player", "game")},
    **{f"api:{n}": ORGANIZERS for n in (
        "game_entries", "game_entry", "game_entry_confirm", "game_entry_undo", "night_checkins", "night_rounds")},
    **{f"api:{n}": LINK for n in (
        "table", "table_side", "table_entries", "table_entry", "table_entry_confirm", "table_entry_counter",
        "table_entry_undo")},
}
LOGOUTS = ("logout", "admin:logout")  # asked, not posted: a post would sign the persona out for the patterns after
OUTBOX_KEY = {"HTTP_X_OUTBOX_KEY": "matrix-outbox-key-0001"}


def query(w) -> dict:
    """The query parameters the site's pages read, naming real rows."""
    return {"season": w["season"].pk, "page": 1, "per_page": 20, "_export": "csv", "family": "partnership",
            "side": 1, "paper": "a4", "round": 1, "kind": "cribbage", "game": w["game"].public_id, "next": "/",
            "key": "forged-calendar-key", "type": "partnership", "sort": "name"}


PERSONAS = ["anonymous", "member", "organizer of another club", "link of another table", "revoked link",
            "link after the lock", "director of another league", "scorer of another league"]
ROLE_PERSONAS = {"director of another league": "director", "scorer of another league": "scorer"}
"""Members of the club with a role in its other league: in this one they are members, no more."""
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
            "other": other_game, "event": members_only_event(club, players)}


def members_only_event(club, players):
    """A members-only cribbage event of the club with its qualifying round seated."""
    import datetime

    from league.models import RuleProfile
    from league.services import tournaments

    profile = RuleProfile.objects.create(club=club, name="ACC", game_type="cribbage", options={})
    event = tournaments.tournament_create(club=club, name="Members Open", date=datetime.date(2026, 12, 5),
                                          rule_profile=profile, is_public=False, entry_fee=10)
    for p in players:
        tournaments.entrant_register(tournament=event, name=p.name)
    tournaments.stage_start(tournament=event, kind="qualifying", rounds=1)
    tournaments.side_pool_create(tournament=event, name="High hand", pot=20)
    return event


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
    elif who in ROLE_PERSONAS:
        from league import services
        from league.models import LeagueRole, Membership

        user = get_user_model().objects.create_user("roled", password="pw-roled-1")
        Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
        other = services.league_create(club=club, name="Other league", rule_profile=w["league"].rule_profile)
        LeagueRole.objects.create(league=other, user=user, role=ROLE_PERSONAS[who])
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
        member = who == "member" or who in ROLE_PERSONAS
        may_read = kind in (OPEN, "casual") or (kind == MEMBERS and member) or (
            kind == ACCOUNT and (member or who == "organizer of another club"))
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


DIRECTED = {f"league:{n}" for n in (
    "night_sheets_pdf", "night_cards_pdf", "hand_add", "hand_edit", "hand_delete", "hand_confirm", "hand_undo",
    "table_link_reissue", "night_checkin", "night_seat", "night_unseat", "night_swap", "night_lock", "night_reopen",
)} | {f"api:{n}" for n in ("game_entries", "game_entry", "game_entry_confirm", "game_entry_undo")}
"""The organizers' patterns a director of the league uses for its nights and games (the API's as the pages')."""
SCORED = {"league:hand_add", "league:hand_edit"}
"""The organizers' patterns a scorer of the league uses while its night is open."""
RUNS_NIGHTS = {"league:night", "league:season"}
"""Members' pages whose forms a director posts (check-in, seating, lock; a new night)."""


@pytest.mark.parametrize("role", ["director", "scorer"])
def test_every_pattern_by_a_role_of_this_league(role, private, club, players, organizer, game):  # noqa: F811
    """A director or scorer of the league reads what members read, and writes exactly the
    league's nights and games its role allows: every other organizers' pattern is refused and writes nothing."""
    from league.models import LeagueRole, Membership

    Game.objects.filter(pk=game.pk).update(game_type="partnership")
    w = world_for(private, club, players, game)
    user = get_user_model().objects.create_user("roled", password="pw-roled-1")
    Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
    LeagueRole.objects.create(league=w["league"], user=user, role=role)
    client = Client(raise_request_exception=False)
    client.force_login(user)
    allowed = DIRECTED if role == "director" else SCORED
    writes = allowed | (RUNS_NIGHTS if role == "director" else set())
    before = dump()
    # the API's after the pages' (its undo of hand 1, a write the role may make, would 404 the pages' hand 1),
    # the account's own (the log-out) last
    order = lambda p: (0 if p[0].startswith("league:") else 1 if p[0].startswith("api:") else 2, p[0])  # noqa: E731
    for name, route, conv in sorted(patterns(), key=order):
        kind = MATRIX[name]
        if kind in (LINK, REDIRECT) or name == "league:casual_new" or name in LOGOUTS:
            continue  # the links' own patterns, the old addresses, the log-out and the write anyone may make: above
        override = {"token": "not-a-link"} if "token" in conv else {}
        url = build(route, conv, w, override)
        got, posted = client.get(url).status_code, client.post(url, POST).status_code
        assert got < 500 and posted < 500, (name, url, got, posted)
        if kind in (OPEN, MEMBERS, ACCOUNT, "casual") or name in allowed:
            assert got < 400 or got == 405, (role, name, url, got)
        else:
            assert got in REFUSED and posted in REFUSED, (role, name, url, got, posted)
        if name in writes or name == "league:club_new":
            before = dump()  # a write the role may make (a club of its own, too)
            continue
        assert dump() == before, (role, name, url)
