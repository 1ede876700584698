"""Server time of the score pad's pages, against a trivial view in the same run.

    python tests/bench/bench_pages.py [--hands 40] [--repeat 200]

Builds a throwaway SQLite database with a generated season of
``--season-nights`` nights (30: 20,700 hands), a game of ``--hands`` hands, then times
(Django test client, in process): a trivial view that reads one row, the game
page, and posting a hand (rolled back each time so the game keeps its length).
Prints median and p95 in milliseconds, the ratio to the trivial view, and the
query count of each page. Nothing is asserted: the figures are for reading.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ["DATABASE_URL"] = "sqlite:///" + os.path.join(tempfile.mkdtemp(), "bench.sqlite3")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--season-nights", type=int, default=30,
                        help="generate a season of this many nights first (20,700 hands at 30)")
    args = parser.parse_args()

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

        cases = [
            ("trivial view (one row)", lambda: client.get("/trivial/")),
            (f"game page ({args.hands} hands)", lambda: client.get(game_url)),
            ("hand entry POST -> stored -> redirect", post_hand),
        ]
        results = []
        for name, fn in cases:
            for _ in range(10):
                fn()
            counted = []
            with connection.execute_wrapper(lambda execute, *a: counted.append(1) or execute(*a)):
                fn()
            times = []
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                fn()
                times.append((time.perf_counter() - t0) * 1000)
            times.sort()
            results.append((name, statistics.median(times), times[int(len(times) * 0.95) - 1], len(counted)))

    base = results[0][1]
    print(f"{'case':42} {'median ms':>10} {'p95 ms':>8} {'x trivial':>9} {'queries':>8}")
    for name, median, p95, queries in results:
        print(f"{name:42} {median:10.2f} {p95:8.2f} {median / base:9.2f} {queries:8d}")
    if os.environ.get("BENCH_PROFILE"):
        import cProfile
        import pstats

        with override_settings(ROOT_URLCONF="bench_urls"):
            cProfile.runctx("for _ in range(20): client.get(game_url)", globals(), locals(), "/tmp/bench.prof")
        pstats.Stats("/tmp/bench.prof").sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
