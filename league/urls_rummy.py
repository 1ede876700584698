"""URL patterns of the rummy-style game: games and rounds, by the public link
(``r/``) and by a table's secret link (``rt/``: enter, correct, confirm and
counter-enter rounds, no deleting), namespaced under ``league:`` by ``league.urls``."""
from django.urls import path

from league.views import rummy

urlpatterns = [
    path("clubs/<slug:club_slug>/rummy/new/", rummy.rummy_new, name="rummy_new"),
    path("r/<str:public_id>/", rummy.rummy_game, name="rummy_game"),
    path("r/<str:public_id>/rounds/", rummy.round_add, name="rummy_round_add"),
    path("r/<str:public_id>/rounds/<int:number>/", rummy.round_edit, name="rummy_round_edit"),
    path("r/<str:public_id>/rounds/<int:number>/delete/", rummy.round_remove, name="rummy_round_delete"),
    path("r/<str:public_id>/rounds/<int:number>/confirm/", rummy.round_confirm_view, name="rummy_round_confirm"),
    path("rt/<str:token>/", rummy.rummy_table, name="rummy_table"),
    path("rt/<str:token>/rounds/", rummy.table_round_add, name="rummy_table_round_add"),
    path("rt/<str:token>/rounds/<int:number>/", rummy.table_round_edit, name="rummy_table_round_edit"),
    path("rt/<str:token>/side/", rummy.table_side, name="rummy_table_side"),
    path("rt/<str:token>/rounds/<int:number>/confirm/", rummy.table_round_confirm, name="rummy_table_round_confirm"),
    path("rt/<str:token>/rounds/<int:number>/counter/", rummy.table_round_counter, name="rummy_table_round_counter"),
]
