"""The JSON API (docs/api.md) on a season of 3 and of 300 nights, against a trivial view.

    python tests/bench/bench_api.py [--repeat 30]

Builds a throwaway SQLite database with two generated seasons (8 players, 2
rounds a night, 4 hands a game), then times, interleaved with a view that
reads one row (``measure.interleaved``): the season's standings and its nights
list through the API, a game, and each of them answered 304 to its ETag.
Prints median and p95 in ms, the ratio to the floor, the query count, the
load average, and the 300-night / 3-night ratio of each.
"""
import argparse
import time

import fixture
import measure

measure.source_root()
fixture.database()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_known_args()[0]

    from league.models import League, Result
    from league.sample_season import sample_season_create

    bench = fixture.Bench()
    club = bench.club
    t0 = time.perf_counter()
    seasons = {n: sample_season_create(club=club, nights=n, players=8, rounds=2, hands_per_game=4, seed=n)
               for n in (3, 300)}
    League.objects.update(is_public=True)
    print(f"generated seasons in {time.perf_counter() - t0:.1f} s")
    rows = []
    with bench.urls():
        client = bench.client()

        def trivial_get():
            return client.get("/trivial/")

        for n, season in seasons.items():
            base = f"/api/v1/clubs/{club.slug}/leagues/{season.league.slug}/seasons/{season.pk}/"
            game = Result.objects.filter(season=season).order_by("-night__date").values_list(
                "game__public_id", flat=True).first()
            urls = {"standings": base + "standings/", "nights": base + "nights/", "game": f"/api/v1/games/{game}/"}
            for name, url in urls.items():
                tag = client.get(url)["ETag"]
                for label, get in ((name, lambda: client.get(url)),
                                   (f"{name} 304", lambda: client.get(url, HTTP_IF_NONE_MATCH=tag))):
                    count = fixture.queries(get)
                    rows.append(measure.row(f"{label}, {n} nights", measure.interleaved(get, trivial_get, args.repeat),
                                            queries=count))
    measure.report(rows, "bench_api: floor = a view that reads one row")
    by = {r["name"]: r["median"] for r in rows}
    for name in ("standings", "standings 304", "nights", "nights 304", "game", "game 304"):
        print(f"{name}: 300 nights / 3 nights = {by[f'{name}, 300 nights'] / by[f'{name}, 3 nights']:.2f}x time")


if __name__ == "__main__":
    main()
