"""Dates in the active locale's own order. Django's named formats have no
"date with weekday", so config/formats/<locale>/formats.py adds
``WEEKDAY_DATE_FORMAT`` and ``WEEKDAY_MONTH_DAY_FORMAT``; a locale without
them falls back to the English pattern."""
from django.utils import formats
from django.utils.translation import get_language

FALLBACK = {"WEEKDAY_DATE_FORMAT": "D j M Y", "WEEKDAY_MONTH_DAY_FORMAT": "D j M"}


def locale_format(name: str) -> str:
    for module in formats.get_format_modules(get_language()):
        if hasattr(module, name):
            return getattr(module, name)
    return FALLBACK[name]


def weekday_date(value, year: bool = True) -> str:
    """``Thu 3 Dec 2026`` / ``2026年12月3日（星期四）`` / ``พฤ. 3 ธ.ค. 2026``."""
    if not value:
        return ""
    return formats.date_format(value, locale_format("WEEKDAY_DATE_FORMAT" if year else "WEEKDAY_MONTH_DAY_FORMAT"))
