"""Chinese (zh_Hant): Django's formats, digits grouped by thousands, and the
weekday dates of club nights written the Chinese way (2026年12月3日（星期四）)."""
from django.conf.locale.zh_Hant.formats import *  # noqa: F401,F403

WEEKDAY_DATE_FORMAT = "Y年n月j日（l）"
WEEKDAY_MONTH_DAY_FORMAT = "n月j日（l）"
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
