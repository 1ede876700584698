"""The URLs of events (docs/tournaments.md): ``/clubs/<club>/events/`` and each event under ``e/<slug>/``."""
from django.urls import path

import league.converters  # noqa: F401 (registers <id:...>)

from league.views import tournaments

EVENT = "clubs/<slug:club_slug>/e/<slug:event_slug>/"

urlpatterns = [
    path("clubs/<slug:club_slug>/events/", tournaments.club_tournaments, name="tournaments"),
    path(EVENT, tournaments.tournament_detail, name="tournament"),
    path(EVENT + "event.pdf", tournaments.tournament_pdf, name="tournament_pdf"),
    path(EVENT + "tables.pdf", tournaments.tournament_cards_pdf, name="tournament_cards_pdf"),
    path(EVENT + "prizes.csv", tournaments.tournament_prizes_csv, name="tournament_prizes_csv"),
    path(EVENT + "manage/", tournaments.tournament_manage, name="tournament_manage"),
    path(EVENT + "entrants/", tournaments.tournament_register, name="tournament_register"),
    path(EVENT + "entrants/<id:number>/withdraw/", tournaments.tournament_withdraw, name="tournament_withdraw"),
    path(EVENT + "stages/", tournaments.tournament_stage_new, name="tournament_stage_new"),
    path(EVENT + "stages/<id:number>/clock/", tournaments.tournament_clock, name="tournament_clock"),
    path(EVENT + "stages/<id:number>/advance/", tournaments.tournament_advance, name="tournament_advance"),
    path(EVENT + "stages/<id:number>/late/", tournaments.tournament_late, name="tournament_late"),
    path(EVENT + "pools/", tournaments.tournament_pool_new, name="tournament_pool_new"),
    path(EVENT + "pools/<id:number>/", tournaments.tournament_pool_award, name="tournament_pool_award"),
    path("ev/<str:secret>/", tournaments.entrant_link, name="entrant_link"),
]
