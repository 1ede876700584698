"""CPU per request of the main pages and of a hand's write under production
settings, against floors measured in the same run, at the size clubs reach.

    python tests/bench/bench_main_pages.py [--season-nights 30] [--tables 30] [--repeat 60]
                                           [--writes 30] [--profile PAGE]

A throwaway SQLite database with a generated season (``sample_season``,
30 nights by default) and tonight's open night of ``--tables`` tables (30:
120 players checked in, every table's game 3 hands in, the first one 40),
the organizer logged in; production settings (``config.settings.production``:
manifest static files collected into a temporary folder, no DEBUG). Times in
process (Django test client):

- the reads, each interleaved with the read floor (a view that reads one
  row, ``measure``): home, the game page, the table link's pad, the live
  board and its htmx partial, the polls answered 304, the night page, a
  player page, the season's standings;
- the writes, each interleaved with the write floor (a POST whose view
  updates one row in a transaction): a hand entered on the game page (plain
  form post and htmx), and the hand that finishes a game (a game of a second
  open night made one hand from its target before each, untimed): its
  result, the standings' figures and the ratings written with it.

Every row prints its query count. ``--profile PAGE`` (a case name's first
word, e.g. ``board``) prints cProfile's top functions of 30 requests of that
page or write (the finishing hand: as many as ``--tables`` allows, up to 30, its
untimed preparation left out). Nothing is asserted: the figures are for reading (docs/performance.md).
"""
import argparse
import os
import sys
import tempfile

import measure

ROOT = measure.source_root()
TMP = tempfile.mkdtemp()
os.environ["DATABASE_URL"] = "sqlite:///" + os.path.join(TMP, "bench.sqlite3")
os.environ.update(DJANGO_SECRET_KEY="bench-" + "x" * 40, DJANGO_ALLOWED_HOSTS="testserver,127.0.0.1",
                  DJANGO_SSL_REDIRECT="0", DJANGO_HSTS_SECONDS="0", DJANGO_SECURE_COOKIES="0")
with open(os.path.join(TMP, "bench_settings.py"), "w") as f:
    f.write(f"from config.settings.production import *  # noqa\nSTATIC_ROOT = {os.path.join(TMP, 'static')!r}\n"
            "LOGGING = {'version': 1, 'disable_existing_loggers': False}\n")
sys.path.insert(0, TMP)
os.environ["DJANGO_SETTINGS_MODULE"] = "bench_settings"
os.environ.pop("CLUBTALLY_REDIS_URL", None)


HAND = {"kind": "played", "bidder_seat": "0", "bid": "300", "trump": "H", "meld_0": "120", "meld_1": "60",
        "tricks_0": "180", "tricks_1": "70"}  # side 0 makes 300


def _hands(game, user, n):
    from league import services
    from league.games.pinochle.hand_inputs import PinochleHandInput

    for i in range(n):
        services.entry_record(game=game, by=user, inputs=PinochleHandInput(
            kind="played", bidder_seat=i % 4, bid=300, trump="SHDC"[i % 4], meld=(120, 60), tricks=(180, 70)))


def _open_night(season, date, players, tables, rounds, user):
    from league import services
    from league.models import Game

    night = services.night_create(season=season, date=date, rounds=3)
    services.night_check_in(night=night, players=players[:4 * tables])
    for _ in range(rounds):
        services.round_seat(night=night, by=user)
    games = list(Game.objects.filter(table__round__night=night).order_by("table__round__number", "table__number"))
    for game in games:
        Game.objects.filter(pk=game.pk).update(rules={**game.rules, "target": 100000})
    return night, [Game.objects.get(pk=g.pk) for g in games]


def build(nights: int, hands: int, tables: int):
    import datetime

    from django.contrib.auth import get_user_model

    from league import services
    from league.models import Club, Membership, Result
    from league.sample_season import sample_season_create

    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create_user("bench", password="pw-bench-1")
    Membership.objects.create(club=club, user=user, role="organizer")
    season = sample_season_create(club=club, nights=nights, seed=7)
    league = season.league
    players = list(club.players.order_by("pk"))
    players += [services.player_get_or_create(club=club, name=f"Guest {i:03d}") for i in range(4 * tables - len(players))]
    # tonight: an open night of the same season, every table's game 3 hands in, the first one ``hands``
    night, games = _open_night(season, season.ends_on, players, tables, 1, user)
    game = games[0]
    _hands(game, user, hands)
    for other in games[1:]:
        _hands(other, user, 3)
    # the games the finishing hand ends: another open night, two rounds, each game 3 hands in
    _, finishing = _open_night(season, season.ends_on - datetime.timedelta(days=1), players, tables, 2, user)
    for other in finishing:
        _hands(other, user, 3)
    # the game hands are written to: its own table of a third night, so tonight's pages stay as they are
    _, (writing, *_) = _open_night(season, season.ends_on - datetime.timedelta(days=2), players, 1, 1, user)
    _hands(writing, user, 3)
    player = Result.objects.filter(season=season, player__isnull=False).first().player
    base = f"/clubs/{club.slug}/l/{league.slug}/s/{season.pk}/"
    return user, {
        "home": "/",
        "game page": f"/g/{game.public_id}/",
        "table page": f"/t/{game.access_token}/",
        "live board": f"{base}n/{night.pk}/board/",
        "night page": f"{base}n/{night.pk}/",
        "player page": f"/clubs/{club.slug}/players/{player.pk}/",
        "standings": base,
    }, game, writing, finishing


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--season-nights", type=int, default=30)
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--writes", type=int, default=30)
    parser.add_argument("--profile", default="")
    args = parser.parse_known_args()[0]

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.http import HttpResponse
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import include, path

    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    from django.db import transaction
    from django.views.decorators.http import require_POST

    user, pages, game, writing, finishing = build(args.season_nights, args.hands, args.tables)
    from league.models import Club, Game

    def trivial(request):
        return HttpResponse(Game.objects.only("pk").get(pk=game.pk).pk)

    @require_POST
    def write(request):
        with transaction.atomic():
            Club.objects.filter(pk=game.club_id).update(name=request.POST.get("name", ""))
        return HttpResponse(status=204)

    sys.modules["bench_urls"] = type("urls", (), {"urlpatterns": [path("trivial/", trivial), path("write/", write),
                                                                  path("", include("config.urls"))]})
    with override_settings(ROOT_URLCONF="bench_urls"):
        client = Client()
        client.force_login(user)
        phone = Client()  # the table link's phone, side chosen
        phone.get(pages["table page"])
        phone.post(pages["table page"] + "side/", {"side": "0"})
        board = pages["live board"]
        tags = {}
        cases = {name: (lambda url=url: client.get(url)) for name, url in pages.items()}
        cases["table page"] = lambda: phone.get(pages["table page"])
        cases["live board (htmx poll, changed)"] = lambda: client.get(board, HTTP_HX_REQUEST="true")
        cases["live board (htmx poll, 304)"] = lambda: client.get(board, HTTP_HX_REQUEST="true",
                                                                  HTTP_IF_NONE_MATCH=tags["board"])
        cases["game page (poll, 304)"] = lambda: client.get(pages["game page"], HTTP_IF_NONE_MATCH=tags["game"])
        for fn in list(cases.values())[:-2]:  # every page once (the CSRF cookie, the session, caches)
            fn()
        tags["board"] = client.get(board, HTTP_HX_REQUEST="true").get("ETag", "")  # none before this change
        tags["game"] = client.get(pages["game page"], HTTP_SEC_FETCH_MODE="cors").get("ETag", "")

        def floor():
            return client.get("/trivial/")

        def write_floor():
            return client.post("/write/", {"name": "Bench"})

        def hand_to(target, **headers):
            def enter():
                number = Game.objects.values_list("hand_count", flat=True).get(pk=target.pk) + 1
                answer = client.post(f"/g/{target.public_id}/hands/",
                                     {**HAND, "dealer": str((number - 1) % 4), "expected_number": str(number)},
                                     **headers)
                assert answer.status_code in (200, 302), answer.status_code
                return answer
            return enter

        pool = iter(finishing)
        current = []

        def next_to_finish():
            """Untimed: the next game of the pool, its target set so that the next hand reaches it."""
            target = next(pool)
            side0 = target.sides.get(side=0).total
            Game.objects.filter(pk=target.pk).update(rules={**target.rules, "target": side0 + 1})
            current[:] = [target]

        def finishing_hand():
            return hand_to(current[0])()

        writes = {
            "hand entry (plain post)": (hand_to(writing), None),
            "hand entry (htmx)": (hand_to(writing, HTTP_HX_REQUEST="true"), None),
            "finishing hand (plain post)": (finishing_hand, next_to_finish),
        }

        if args.profile:
            import cProfile
            import pstats

            named = {**{name: (fn, None) for name, fn in cases.items()}, **writes}
            target, prepare = next(case for name, case in named.items() if name.startswith(args.profile))
            runs = 30 if prepare is None else min(30, len(finishing) - 3)  # a finishing hand: one game each
            profile = cProfile.Profile()
            for i in range(runs + 3):  # 3 untimed first
                if prepare:
                    prepare()
                if i >= 3:
                    profile.enable()
                target()
                profile.disable()
            profile.dump_stats(os.path.join(TMP, "p.prof"))
            stats = pstats.Stats(os.path.join(TMP, "p.prof"))
            stats.sort_stats("cumulative").print_stats(45)
            stats.sort_stats("tottime").print_stats(25)
            return
        rows = []
        for name, fn in cases.items():
            status = fn().status_code
            counted = []
            with connection.execute_wrapper(lambda execute, *a: counted.append(1) or execute(*a)):
                fn()
            rows.append(measure.row(name, measure.interleaved(fn, floor, args.repeat), status=status,
                                    queries=len(counted)))
        for name, (fn, prepare) in writes.items():
            if prepare:
                prepare()
            counted = []
            with connection.execute_wrapper(lambda execute, *a: counted.append(1) or execute(*a)):
                status = fn().status_code
            if prepare:
                assert Game.objects.get(pk=current[0].pk).is_finished
            rows.append(measure.row(name + " / write floor", measure.interleaved(fn, write_floor, args.writes, warm=2,
                                                                                 prepare=prepare),
                                    status=status, queries=len(counted)))
        counted = []
        with connection.execute_wrapper(lambda execute, *a: counted.append(1) or execute(*a)):
            write_floor()
        rows.append(measure.row("write floor / read floor", measure.interleaved(write_floor, floor, args.repeat),
                                queries=len(counted)))
    measure.report(rows, f"bench_main_pages: production settings, {args.season_nights} nights, tonight "
                         f"{args.tables} tables; read floor = a view that reads one row, write floor = a POST "
                         f"that updates one row")


if __name__ == "__main__":
    main()
