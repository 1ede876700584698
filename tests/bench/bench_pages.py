"""Server time of the score pad's pages, against a trivial view in the same run.

    python tests/bench/bench_pages.py [--hands 40] [--repeat 200]

Builds a throwaway SQLite database with a generated season of
``--season-nights`` nights (30: 20,700 hands), a game of ``--hands`` hands, then times
(Django test client, in process): a trivial view that reads one row, the game
page, and posting a hand (rolled back each time so the game keeps its length).
Each case is timed interleaved with the trivial view (A B A B, both warmed
alike: ``measure.interleaved``); prints median and nearest-rank p95 in
milliseconds, the ratio to the trivial view's median measured beside it, the
query count of each page and the load average during the case. Nothing is
asserted: the figures are for reading.
"""
import argparse
import os
import sys
import tempfile

import measure

measure.source_root()
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ["DATABASE_URL"] = "sqlite:///" + os.path.join(tempfile.mkdtemp(), "bench.sqlite3")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--season-nights", type=int, default=30,
                        help="generate a season of this many nights first (20,700 hands at 30)")
    args = parser.parse_known_args()[0]

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.http import HttpResponse
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import path, include

    from league import services
    from league.models import Club, Game, Membership

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create_user("bench", password="pw-bench-1")
    Membership.objects.create(club=club, user=user, role="organizer")
    if args.season_nights:
        from league.sample_season import sample_season_create

        sample_season_create(club=club, nights=args.season_nights, seed=7)
    players = [services.player_get_or_create(club=club, name=n) for n in "NESW"]
    rules = __import__("scoring.pinochle", fromlist=["PinochleRules"]).PinochleRules(target=100000)
    game = services.game_create(club=club, players=players, rules=rules, by=user)
    for i in range(args.hands):
        services.hand_record(game=game, by=user, kind="played", bidder_seat=i % 4, bid=300,
                             trump="SHDC"[i % 4], meld=(120, 60), tricks=(180, 70))

    def trivial(request):
        return HttpResponse(Game.objects.only("pk").get(pk=game.pk).pk)

    urls = type("urls", (), {"urlpatterns": [path("trivial/", trivial), path("", include("config.urls"))]})
    sys.modules["bench_urls"] = urls
    post = {"kind": "played", "dealer": args.hands % 4, "bidder_seat": 0, "bid": 300, "trump": "H",
            "meld_0": 120, "meld_1": 60, "tricks_0": 180, "tricks_1": 70}

    with override_settings(ROOT_URLCONF="bench_urls"):
        client = Client()
        client.force_login(user)
        game_url = f"/g/{game.public_id}/"

        def post_hand():
            with transaction.atomic():
                response = client.post(f"{game_url}hands/", post)
                assert response.status_code == 302, response.status_code
                transaction.set_rollback(True)

        def post_hand_htmx():
            with transaction.atomic():
                response = client.post(f"{game_url}hands/", post, HTTP_HX_REQUEST="true")
                assert response.status_code == 200, response.status_code
                transaction.set_rollback(True)

        def trivial_get():
            return client.get("/trivial/")

        cases = [
            (f"game page ({args.hands} hands)", lambda: client.get(game_url)),
            ("hand entry POST -> stored -> redirect", post_hand),
            ("hand entry POST (htmx) -> stored -> answer", post_hand_htmx),
        ]
        rows = []
        for name, fn in cases:
            counted = []
            with connection.execute_wrapper(lambda execute, *a: counted.append(1) or execute(*a)):
                fn()
            rows.append(measure.row(name, measure.interleaved(fn, trivial_get, args.repeat),
                                    queries=len(counted)))
    measure.report(rows, "bench_pages: floor = a view that reads one row")
    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        with override_settings(ROOT_URLCONF="bench_urls"):
            target = post_hand_htmx if os.environ["BENCH_PROFILE"] == "htmx" else (lambda: client.get(game_url))
            cProfile.runctx("for _ in range(20): target()", globals(), locals(), "/tmp/bench.prof")
        pstats.Stats("/tmp/bench.prof").sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
