"""Thai: Django's formats plus the weekday dates of club nights (พฤ. 3 ธ.ค. 2026)."""
from django.conf.locale.th.formats import *  # noqa: F401,F403

WEEKDAY_DATE_FORMAT = "D j M Y"
WEEKDAY_MONTH_DAY_FORMAT = "D j M"
