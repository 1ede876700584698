"""URL patterns of the public cribbage calculators (``CribbageKind.urls``, namespaced
under ``league:`` by ``league.urls``); cribbage games live in the one game tree."""
from django.urls import path

from . import tools as cribbage_tools

urlpatterns = [
    path("cribbage/show/", cribbage_tools.show_calculator, name="cribbage_show"),
    path("cribbage/show/pick/", cribbage_tools.show_pick, name="cribbage_show_pick"),
    path("cribbage/discard/", cribbage_tools.discard_helper, name="cribbage_discard"),
    path("cribbage/pegging/", cribbage_tools.pegging_helper, name="cribbage_pegging"),
]
