"""URL patterns of the rummy-style game: games and rounds
(namespaced under ``league:`` by ``league.urls``)."""
from django.urls import path

from league.views import rummy

urlpatterns = [
    path("clubs/<slug:club_slug>/rummy/new/", rummy.rummy_new, name="rummy_new"),
    path("r/<str:public_id>/", rummy.rummy_game, name="rummy_game"),
    path("r/<str:public_id>/rounds/", rummy.round_add, name="rummy_round_add"),
    path("r/<str:public_id>/rounds/<int:number>/", rummy.round_edit, name="rummy_round_edit"),
    path("r/<str:public_id>/rounds/<int:number>/delete/", rummy.round_remove, name="rummy_round_delete"),
]
