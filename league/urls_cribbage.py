"""URL patterns of cribbage: games, deals (entered, edited, confirmed, and by
the table's secret link ``ct/`` also counter-entered), the phone's player and
the public calculators (namespaced under ``league:`` by ``league.urls``)."""
from django.urls import path

from league.views import cribbage, cribbage_tools

urlpatterns = [
    path("clubs/<slug:club_slug>/cribbage/new/", cribbage.cribbage_new, name="cribbage_new"),
    path("c/<str:public_id>/", cribbage.cribbage_game, name="cribbage_game"),
    path("c/<str:public_id>/deals/", cribbage.deal_add, name="cribbage_deal_add"),
    path("c/<str:public_id>/deals/<int:number>/", cribbage.deal_edit, name="cribbage_deal_edit"),
    path("c/<str:public_id>/deals/<int:number>/delete/", cribbage.deal_remove, name="cribbage_deal_delete"),
    path("c/<str:public_id>/deals/<int:number>/confirm/", cribbage.deal_confirm_view, name="cribbage_deal_confirm"),
    path("ct/<str:token>/", cribbage.cribbage_table, name="cribbage_table"),
    path("ct/<str:token>/deals/", cribbage.table_deal_add, name="cribbage_table_deal_add"),
    path("ct/<str:token>/deals/<int:number>/", cribbage.table_deal_edit, name="cribbage_table_deal_edit"),
    path("ct/<str:token>/side/", cribbage.table_side, name="cribbage_table_side"),
    path("ct/<str:token>/deals/<int:number>/confirm/", cribbage.table_deal_confirm,
         name="cribbage_table_deal_confirm"),
    path("ct/<str:token>/deals/<int:number>/counter/", cribbage.table_deal_counter,
         name="cribbage_table_deal_counter"),
    path("cribbage/show/", cribbage_tools.show_calculator, name="cribbage_show"),
    path("cribbage/show/pick/", cribbage_tools.show_pick, name="cribbage_show_pick"),
    path("cribbage/discard/", cribbage_tools.discard_helper, name="cribbage_discard"),
    path("cribbage/pegging/", cribbage_tools.pegging_helper, name="cribbage_pegging"),
]
