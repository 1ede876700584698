"""CPU per request of the main pages under production settings, against a floor.

    python tests/bench/bench_main_pages.py [--season-nights 3] [--repeat 60] [--profile PAGE]

A throwaway SQLite database with a generated season (``sample_season``), a
40-hand game at one of its tables, the organizer logged in; production
settings (``config.settings.production``: manifest static files collected into
a temporary folder, no DEBUG). Times in process (Django test client), each
page interleaved with the floor (a view that reads one row, ``measure``):
home, the game page, the table link's pad, the live board and its htmx
partial, the board poll answered 304, the night page, a player page, the
season's standings. ``--profile PAGE`` (a case name's first word, e.g.
``board``) prints cProfile's top functions of 30 requests of that page.
Nothing is asserted: the figures are for reading (docs/performance.md).
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


def build(nights: int, hands: int):
    from django.contrib.auth import get_user_model

    from league.games.inputs import PinochleHandInput

    from league import services
    from league.models import Club, Game, Membership, Result
    from league.sample_season import sample_season_create

    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create_user("bench", password="pw-bench-1")
    Membership.objects.create(club=club, user=user, role="organizer")
    season = sample_season_create(club=club, nights=nights, seed=7)
    league = season.league
    # tonight: an open night of the same season, its first table's game 40 hands long
    night = services.night_create(season=season, date=season.ends_on, rounds=3)
    services.night_check_in(night=night, players=list(club.players.all()[:16]))
    services.round_seat(night=night, by=user)
    game = Game.objects.filter(table__round__night=night).order_by("pk").first()
    Game.objects.filter(pk=game.pk).update(rules={**game.rules, "target": 100000})
    game.refresh_from_db()
    for i in range(hands):
        services.entry_record(game=game, by=user,
                              inputs=PinochleHandInput(kind="played", bidder_seat=i % 4, bid=300, trump="SHDC"[i % 4], meld=(120, 60), tricks=(180, 70)))
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
    }, game


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=60)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--season-nights", type=int, default=3)
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
    user, pages, game = build(args.season_nights, args.hands)
    from league.models import Game

    def trivial(request):
        return HttpResponse(Game.objects.only("pk").get(pk=game.pk).pk)

    sys.modules["bench_urls"] = type("urls", (), {"urlpatterns": [path("trivial/", trivial),
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

        if args.profile:
            import cProfile
            import pstats

            target = next(fn for name, fn in cases.items() if name.startswith(args.profile))
            for _ in range(5):
                target()
            cProfile.runctx("for _ in range(30): target()", globals(), locals(), os.path.join(TMP, "p.prof"))
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
    measure.report(rows, f"bench_main_pages: production settings, {args.season_nights} nights, "
                         f"floor = a view that reads one row")


if __name__ == "__main__":
    main()
