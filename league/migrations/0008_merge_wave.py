"""Joins the two migrations made side by side: the season's ratings options
(0007_ratings) and the standings figures kept at write time (0007_speedwrite)."""
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0007_ratings"),
        ("league", "0007_speedwrite"),
    ]

    operations = []
