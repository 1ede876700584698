"""How the pages' cost grows with the season: 3 nights against 300, each read
the first after a result changed.

    python tests/bench/bench_growth.py [--repeat 15] [--big 300] [--keep DIR] [--profile NAME]

Builds a throwaway SQLite database with two generated seasons of the same
40 players (3 and ``--big`` nights, 4 hands a game: the Result rows grow with
the nights, the hands do not matter here), then, for each season, times:
the standings selector, the season page, a player's page and the home page,
each right after a result of that season is written again (``results_sync``
on one of its games, untimed: the read is the first after a change, as on a
club night). Each case is interleaved with a view that reads one row; the
result write itself (``results_sync`` of one game: its results, the
standings' figures, the ratings) with a transaction that updates one row. Prints
the figures, the query counts and, per case, the ratio big / small (the
goal: reads within 2x, the result write within 1.2x, the query counts equal).

Each season is its own club's (ratings are kept per club and a write
re-derives them from the changed game on: with both seasons in one club,
rewriting a result of the 3-night season re-derived the 300-night
season's ratings, untimed but most of an hour).

``--keep DIR``: the generated database is kept in ``DIR`` (named after the
seasons' sizes and ``sample_season.py``) and a later run starts from a copy
of it, migrated forward to this checkout's schema (a copy made by a
checkout with migrations this one lacks is not used), every season's kept
figures then derived again by this checkout's ``figures_rebuild`` (what
``manage.py rescore`` does), so they are this code's figures. Building 300
nights takes minutes. ``--profile NAME`` (a case name's first word) prints a
cProfile of one first read after a change of the big season instead of
measuring.
"""
import argparse
import hashlib
import os
import shutil
import sqlite3
from pathlib import Path

import fixture
import measure

root = measure.source_root()


LAYOUT = b"one club per season"


def _kept_name(sizes) -> str:
    digest = hashlib.sha256((root / "league" / "sample_season.py").read_bytes() + LAYOUT).hexdigest()[:12]
    return f"growth-{'-'.join(map(str, sizes))}-{digest}.sqlite3"


def _usable(kept: Path) -> bool:
    """Whether this checkout can migrate ``kept`` forward (it holds no migration unknown here)."""
    ours = {p.stem for p in (root / "league" / "migrations").glob("0*.py")}
    with sqlite3.connect(kept) as db:
        theirs = {name for (name,) in db.execute("SELECT name FROM django_migrations WHERE app = 'league'")}
    return theirs <= ours


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--big", type=int, default=300)
    parser.add_argument("--keep", default="")
    parser.add_argument("--profile", default="")
    args = parser.parse_known_args()[0]
    sizes = (3, args.big)
    kept = Path(args.keep) / _kept_name(sizes) if args.keep else None
    reuse = kept is not None and kept.exists() and _usable(kept)
    path = fixture.database(copy_of=kept if reuse else None)

    from django.db import transaction
    from django.urls import reverse

    from league.models import Club, Game, Membership, Result, Season
    from league.sample_season import sample_season_create
    from league.selectors.standings import standings
    from league.services.figures import figures_rebuild
    from league.services.results import results_sync

    bench = fixture.Bench()
    if reuse:
        seasons = dict(zip(sizes, Season.objects.select_related("league__club").order_by("pk")))
        with transaction.atomic():
            for season in seasons.values():
                figures_rebuild(season.pk)
    else:
        seasons = {}
        for n in sizes:
            club = bench.club if n == sizes[0] else Club.objects.create(name=f"Bench {n}", slug=f"bench-{n}")
            Membership.objects.get_or_create(club=club, user=bench.user, defaults={"role": "organizer"})
            seasons[n] = sample_season_create(club=club, nights=n, hands_per_game=4, seed=n)
        if kept is not None:
            os.makedirs(kept.parent, exist_ok=True)
            shutil.copyfile(path, kept)
    rows = []
    with bench.urls():
        client = bench.client()
        for n, season in seasons.items():
            club = season.league.club
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
            if args.profile:
                if n != sizes[-1]:
                    continue
                import cProfile
                import pstats

                fn = next(fn for name, fn in cases.items() if name.startswith(args.profile))
                change()
                fn()  # warm: the first request sets up the URLs, templates and translations
                change()
                profile = cProfile.Profile()
                profile.runcall(fn)
                stats = pstats.Stats(profile).sort_stats("cumulative")
                stats.print_stats(45)
                stats.print_stats(r"/league/|/scoring/", 40)  # this project's own functions
                return
            results = Result.objects.filter(season=season).count()

            def write_floor(club=club):
                with transaction.atomic():
                    Club.objects.filter(pk=club.pk).update(name=club.name)

            count = fixture.queries(change)
            rows.append(measure.row(f"result write, {n} nights ({results:,} results)",
                                    measure.interleaved(change, write_floor, args.repeat), queries=count))
            for name, fn in cases.items():
                change()
                count = fixture.queries(fn)
                rows.append(measure.row(f"{name}, {n} nights ({results:,} results)",
                                        measure.interleaved(fn, lambda: client.get("/trivial/"), args.repeat,
                                                            prepare=change), queries=count))
    measure.report(rows, "bench_growth: the first read after a change; floor = a view that reads one row")
    by = {r["name"].split(" (")[0]: r for r in rows}
    for name in ("result write", "standings selector", "season page", "player page", "home page"):
        small, big = by[f"{name}, {sizes[0]} nights"], by[f"{name}, {sizes[1]} nights"]
        print(f"{name}: {sizes[1]} nights / {sizes[0]} nights = {big['median'] / small['median']:.2f}x time,"
              f" queries {small['queries']} -> {big['queries']}")


if __name__ == "__main__":
    main()
