"""The club's CSV exports on a 30-night season, against a trivial view in the same run.

    python tests/bench/bench_exports.py [--nights 30] [--repeat 3]

Builds a throwaway SQLite database with a generated season (30 nights of 40
players: 1,800 games, 20,700 hands, 41,400 side rows), then times the
organizer's hands CSV and games CSV through the Django test client, the
whole body read, each interleaved with a view that reads one row
(``measure.interleaved``). Prints median, nearest-rank p95, the ratio, the
row count and the load average. Nothing is asserted.
"""
import argparse

import fixture
import measure

measure.source_root()
fixture.database()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_known_args()[0]

    from django.urls import reverse

    from league.sample_season import sample_season_create

    bench = fixture.Bench()
    club = bench.club
    sample_season_create(club=club, nights=args.nights, seed=7)
    rows = []
    with bench.urls():
        client = bench.client()

        def body(url):
            response = client.get(url)
            assert response.status_code == 200
            if getattr(response, "streaming", False):
                return b"".join(response.streaming_content)
            return response.content

        for name in ("hands", "games"):
            url = reverse(f"league:{name}_csv", args=[club.slug])
            lines = body(url).count(b"\n") - 1
            rows.append(measure.row(f"{name} CSV, {args.nights} nights ({lines:,} rows)",
                                    measure.interleaved(lambda: body(url), lambda: client.get("/trivial/"),
                                                        args.repeat, warm=1)))
    measure.report(rows, "bench_exports: floor = a view that reads one row")


if __name__ == "__main__":
    main()
