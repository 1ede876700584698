"""URL patterns of the Pinochle family's own page, the meld counter (``PinochleKind.urls``,
namespaced under ``league:`` by ``league.urls``); Pinochle games live in the one game tree."""
from django.urls import path

from . import meld

urlpatterns = [
    path("meld/", meld.meld_counter, name="meld"),
]
