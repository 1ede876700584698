"""Standings and player pages on a season of 3 and of 30 nights, against a trivial view.

    python tests/bench/bench_standings.py [--repeat 30]

Builds a throwaway SQLite database with two generated seasons of progressive
play (40 players, 3 rounds a night, 23 hands a game: 30 nights = 20,700
hands), then times the season's standings page, a player's page and the night
page (Django test client, in process) beside a view that reads one row.
Each page is timed interleaved with the trivial view (``measure.interleaved``);
prints median and nearest-rank p95 in ms, the ratio to the trivial view
measured beside it, the query count, the load average, and the 30-night /
3-night ratio that shows how cost grows with the season.
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

    from django.urls import reverse

    from league.models import Game, Result
    from league.sample_season import sample_season_create

    bench = fixture.Bench()
    club = bench.club
    t0 = time.perf_counter()
    seasons = {3: sample_season_create(club=club, nights=3, seed=3),
               30: sample_season_create(club=club, nights=30, seed=30)}
    print(f"generated seasons in {time.perf_counter() - t0:.1f} s: " + ", ".join(
        f"{n} nights = {sum(Game.objects.filter(table__round__night__season=s).values_list('hand_count', flat=True))} hands"
        for n, s in seasons.items()))
    rows = []
    with bench.urls():
        client = bench.client()

        def trivial_get():
            return client.get("/trivial/")

        for n, season in seasons.items():
            league = season.league
            night = season.nights.order_by("date").last()
            player = Result.objects.filter(season=season).values_list("player_id", flat=True).first()
            pages = {
                "standings": reverse("league:season", args=[club.slug, league.slug, season.pk]),
                "player": reverse("league:player", args=[club.slug, player]) + f"?season={season.pk}",
                "night": reverse("league:night", args=[club.slug, league.slug, season.pk, night.pk]),
            }
            for name, url in pages.items():
                count = fixture.queries(lambda: client.get(url))
                rows.append(measure.row(f"{name}, {n} nights",
                                        measure.interleaved(lambda: client.get(url), trivial_get, args.repeat),
                                        queries=count))
    measure.report(rows, "bench_standings: floor = a view that reads one row")
    by = {r["name"]: r["median"] for r in rows}
    for name in ("standings", "player", "night"):
        print(f"{name}: 30 nights / 3 nights = {by[f'{name}, 30 nights'] / by[f'{name}, 3 nights']:.2f}x time")


if __name__ == "__main__":
    main()
