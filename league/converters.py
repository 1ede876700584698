"""Path converters of the URLconf.

``<id:name>``: a row's id, 1 to 18 digits. A longer number cannot name a row
(it overflows the database's integers), so such an address matches no
pattern and is answered 404 by the URL resolver, before any view runs.
"""
from django.urls import register_converter

from league.views.params import MAX_DIGITS


class IdConverter:
    regex = f"[0-9]{{1,{MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(value)


register_converter(IdConverter, "id")
