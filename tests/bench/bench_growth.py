"""How the pages' cost grows with the season: 3 nights against 300, each read
the first after a result changed.

    python tests/bench/bench_growth.py [--repeat 15] [--big 300]

Builds a throwaway SQLite database with two generated seasons of the same
40 players (3 and ``--big`` nights, 4 hands a game: the Result rows grow with
the nights, the hands do not matter here), then, for each season, times:
the standings selector, the season page, a player's page and the home page,
each right after a result of that season is written again (``results_sync``
on one of its games, untimed: the read is the first after a change, as on a
club night). Each case is interleaved with a view that reads one row. Prints
the figures, the query counts and, per page, the ratio big / small (the
goal: within 2x, the query counts equal).
"""
import argparse

import fixture
import measure

measure.source_root()
fixture.database()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--big", type=int, default=300)
    args = parser.parse_known_args()[0]

    from django.db import transaction
    from django.urls import reverse

    from league.models import Game, Result
    from league.sample_season import sample_season_create
    from league.selectors.standings import standings
    from league.services.results import results_sync

    bench = fixture.Bench()
    club = bench.club
    sizes = (3, args.big)
    seasons = {n: sample_season_create(club=club, nights=n, hands_per_game=4, seed=n) for n in sizes}
    rows = []
    with bench.urls():
        client = bench.client()
        for n, season in seasons.items():
            game = Game.objects.filter(table__round__night__season=season).order_by("pk").last()
            player = Result.objects.filter(game=game).values_list("player_id", flat=True).first()

            def change(game=game):
                with transaction.atomic():
                    results_sync(game)

            cases = {
                "standings selector": lambda season=season: standings(season).rows,
                "season page": lambda: client.get(reverse("league:season", args=[club.slug, season.league.slug,
                                                                                    season.pk])),
                "player page": lambda: client.get(reverse("league:player", args=[club.slug, player])
                                                  + f"?season={season.pk}"),
                "home page": lambda: client.get(reverse("league:home")),
            }
            results = Result.objects.filter(season=season).count()
            for name, fn in cases.items():
                change()
                count = fixture.queries(fn)
                rows.append(measure.row(f"{name}, {n} nights ({results:,} results)",
                                        measure.interleaved(fn, lambda: client.get("/trivial/"), args.repeat,
                                                            prepare=change), queries=count))
    measure.report(rows, "bench_growth: the first read after a change; floor = a view that reads one row")
    by = {r["name"].split(" (")[0]: r for r in rows}
    for name in ("standings selector", "season page", "player page", "home page"):
        small, big = by[f"{name}, {sizes[0]} nights"], by[f"{name}, {sizes[1]} nights"]
        print(f"{name}: {sizes[1]} nights / {sizes[0]} nights = {big['median'] / small['median']:.2f}x time,"
              f" queries {small['queries']} -> {big['queries']}")


if __name__ == "__main__":
    main()
