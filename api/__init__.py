"""The JSON API under ``/api/v1/`` (Django REST framework; docs/api.md).

Reads go through the same selectors and the same access policy
(:mod:`league.access`) as the pages; writes through the same entry forms and
services as the score pad. Nothing here holds a rule of its own.
"""
