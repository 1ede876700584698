from django.urls import path

from league.views import games, meld, pages

app_name = "league"

urlpatterns = [
    path("", pages.home, name="home"),
    path("meld/", meld.meld_counter, name="meld"),
    path("clubs/<slug:club_slug>/games/new/", games.game_new, name="game_new"),
    path("g/<str:public_id>/", games.game_detail, name="game"),
    path("g/<str:public_id>/hands/", games.hand_add, name="hand_add"),
    path("g/<str:public_id>/hands/<int:number>/", games.hand_edit, name="hand_edit"),
    path("g/<str:public_id>/hands/<int:number>/delete/", games.hand_delete, name="hand_delete"),
]

from league.urls_pdf import urlpatterns as pdf_urlpatterns  # noqa: E402

urlpatterns += pdf_urlpatterns
