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

import fixture
import measure

measure.source_root()
fixture.database()


def main():
    from league.games.pinochle.hand_inputs import PinochleHandInput

    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--season-nights", type=int, default=30,
                        help="generate a season of this many nights first (20,700 hands at 30)")
    args = parser.parse_known_args()[0]

    from django.db import transaction
    from django.http import HttpResponse
    from django.test.utils import override_settings

    from league import services
    from league.models import Game

    bench = fixture.Bench()
    club, user = bench.club, bench.user
    if args.season_nights:
        from league.sample_season import sample_season_create

        sample_season_create(club=club, nights=args.season_nights, seed=7)
    players = [services.player_get_or_create(club=club, name=n) for n in "NESW"]
    rules = __import__("scoring.pinochle", fromlist=["PinochleRules"]).PinochleRules(target=100000)
    game = services.game_create(club=club, players=players, rules=rules, by=user)
    for i in range(args.hands):
        services.entry_record(game=game, by=user,
                              inputs=PinochleHandInput(kind="played", bidder_seat=i % 4, bid=300, trump="SHDC"[i % 4], meld=(120, 60), tricks=(180, 70)))

    def trivial(request):
        return HttpResponse(Game.objects.only("pk").get(pk=game.pk).pk)

    post = {"kind": "played", "dealer": args.hands % 4, "bidder_seat": 0, "bid": 300, "trump": "H",
            "meld_0": 120, "meld_1": 60, "tricks_0": 180, "tricks_1": 70}

    with bench.urls(trivial):
        client = bench.client()
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
            count = fixture.queries(fn)
            rows.append(measure.row(name, measure.interleaved(fn, trivial_get, args.repeat), queries=count))
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
