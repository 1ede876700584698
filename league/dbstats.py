"""Planner statistics after a bulk write.

PostgreSQL plans a query from the row counts ANALYZE last saw. A table that
autovacuum found empty (say after a large transaction rolled back) is planned
as if it held one row until autovacuum looks again, so the first queries after
a bulk load of thousands of hands can choose nested loops over sequential
scans and take minutes instead of milliseconds. The bulk loaders (the sample
season, a club import) call :func:`analyze` on the tables they filled, inside
their own transaction: ANALYZE counts the rows that transaction inserted.
SQLite has no such planner statistics to refresh; there it does nothing.
"""
from django.db import connection


def analyze(*models) -> None:
    """Refresh PostgreSQL's planner statistics of ``models``' tables."""
    if connection.vendor != "postgresql" or not models:
        return
    quote = connection.ops.quote_name
    tables = ", ".join(sorted({quote(m._meta.db_table) for m in models}))
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {tables}")
