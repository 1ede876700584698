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
import os
import tempfile

import measure

measure.source_root()
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
os.environ["DATABASE_URL"] = "sqlite:///" + os.path.join(tempfile.mkdtemp(), "bench.sqlite3")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_known_args()[0]

    import sys

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.http import HttpResponse
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import include, path, reverse

    from league.models import Club, Membership
    from league.sample_season import sample_season_create

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Bench", slug="bench")
    user = get_user_model().objects.create_user("bench", password="pw-bench-1")
    Membership.objects.create(club=club, user=user, role="organizer")
    sample_season_create(club=club, nights=args.nights, seed=7)

    def trivial(request):
        return HttpResponse(Club.objects.only("pk").get(pk=club.pk).pk)

    sys.modules["bench_urls"] = type("urls", (), {"urlpatterns": [path("trivial/", trivial),
                                                                  path("", include("config.urls"))]})
    rows = []
    with override_settings(ROOT_URLCONF="bench_urls"):
        client = Client()
        client.force_login(user)

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
