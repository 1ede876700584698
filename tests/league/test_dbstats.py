"""Bulk loaders leave PostgreSQL's planner statistics true to the rows they
wrote (league/dbstats.py): a table autovacuum last saw empty is otherwise
planned as one row, and the first pages after the load crawl."""
import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.backup import club_export, club_import
from league.models import Club, HandSide
from league.sample_season import sample_season_create


def planner_rows(model) -> float:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = %s", [model._meta.db_table])
        return cursor.fetchone()[0]


def analyzed(ctx) -> list[str]:
    return [q["sql"] for q in ctx.captured_queries if q["sql"].startswith("ANALYZE")]


def test_sample_season_refreshes_the_planner_statistics_of_what_it_wrote(club):
    with CaptureQueriesContext(connection) as ctx:
        sample_season_create(club=club, nights=1, players=8, rounds=3, hands_per_game=23, seed=3)
    assert HandSide.objects.count() == 1 * 3 * 2 * 23 * 2  # nights × rounds × tables × hands × sides
    if connection.vendor == "postgresql":
        assert len(analyzed(ctx)) == 1 and '"league_handside"' in analyzed(ctx)[0]
        assert planner_rows(HandSide) == 276
    else:  # SQLite keeps no such statistics: nothing to refresh
        assert analyzed(ctx) == []


@pytest.mark.django_db(transaction=True)
def test_club_import_refreshes_the_planner_statistics_of_what_it_restored():
    club = Club.objects.create(name="Riverside", slug="riverside")
    sample_season_create(club=club, nights=1, players=8, rounds=1, hands_per_game=5, seed=4)
    text = club_export(club)
    call_command("flush", "--noinput")
    with CaptureQueriesContext(connection) as ctx:
        club_import(text)
    assert HandSide.objects.count() == 1 * 1 * 2 * 5 * 2
    if connection.vendor == "postgresql":
        assert len(analyzed(ctx)) == 1 and '"league_handside"' in analyzed(ctx)[0]
        assert planner_rows(HandSide) == 20
    else:
        assert analyzed(ctx) == []
