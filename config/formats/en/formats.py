"""English: Django's formats plus the weekday dates of club nights
(``league.formatting.weekday_date``)."""
from django.conf.locale.en.formats import *  # noqa: F401,F403

WEEKDAY_DATE_FORMAT = "D j M Y"  # Thu 3 Dec 2026
WEEKDAY_MONTH_DAY_FORMAT = "D j M"  # Thu 3 Dec
