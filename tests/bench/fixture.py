"""The set-up the in-process benchmarks share: a throwaway SQLite database,
a club with an organizer, a logged-in test client and a trivial view (the
floor) mounted beside the site's URLs.

    import measure, fixture
    measure.source_root()
    fixture.database()              # a fresh database, then django.setup()
    bench = fixture.Bench()         # migrates; bench.club, bench.user
    with bench.urls(trivial_view):  # /trivial/ and the site
        client = bench.client()
"""
import contextlib
import os
import shutil
import sys
import tempfile


def database(copy_of=None) -> str:
    """Point Django at a fresh SQLite file (a copy of ``copy_of`` if given) and
    the test settings, and set it up; returns the file's path."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    path = os.path.join(tempfile.mkdtemp(), "bench.sqlite3")
    if copy_of is not None:
        shutil.copyfile(copy_of, path)
    os.environ["DATABASE_URL"] = "sqlite:///" + path
    import django

    django.setup()
    return path


class Bench:
    """A migrated database with a club (``club``) and its organizer (``user``)."""

    def __init__(self):
        from django.contrib.auth import get_user_model
        from django.core.management import call_command

        from league.models import Club, Membership

        call_command("migrate", verbosity=0)
        self.club, made = Club.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
        if made:  # else a copy of a kept database (``database(copy_of=...)``): already there
            self.user = get_user_model().objects.create_user("bench", password="pw-bench-1")
            Membership.objects.create(club=self.club, user=self.user, role="organizer")
        else:
            self.user = get_user_model().objects.get(username="bench")

    def trivial(self, request):
        """The floor: a view that reads one row."""
        from django.http import HttpResponse

        from league.models import Club

        return HttpResponse(Club.objects.only("pk").get(pk=self.club.pk).pk)

    @contextlib.contextmanager
    def urls(self, trivial=None):
        """The site's URLs with ``/trivial/`` (``trivial``, default :meth:`trivial`) beside them."""
        from django.test.utils import override_settings
        from django.urls import include, path

        sys.modules["bench_urls"] = type("urls", (), {"urlpatterns": [
            path("trivial/", trivial or self.trivial), path("", include("config.urls"))]})
        with override_settings(ROOT_URLCONF="bench_urls"):
            yield

    def client(self):
        """A test client logged in as the organizer."""
        from django.test import Client

        client = Client()
        client.force_login(self.user)
        return client


def queries(fn) -> int:
    """How many SQL queries one call of ``fn`` makes."""
    from django.db import connection

    counted = []
    with connection.execute_wrapper(lambda execute, *a: counted.append(1) or execute(*a)):
        fn()
    return len(counted)
