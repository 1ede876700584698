"""The API's URLs, version 1 (``/api/v1/``; docs/api.md). The URL arguments are
named as the pages' (``club_slug``, ``season_id``, ``public_id``, ``token``...):
the site's conditional GET (``league.conditional``) knows them by those names."""
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

import league.converters  # noqa: F401 (registers <id:...>)

from . import entries, nights, tokens, views

app_name = "api"

SEASON = "clubs/<slug:club_slug>/leagues/<slug:league_slug>/seasons/<id:season_id>/"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("tokens/", tokens.TokenList.as_view(), name="tokens"),
    path("tokens/<id:token_id>/", tokens.TokenDetail.as_view(), name="token"),
    path("clubs/", views.ClubList.as_view(), name="clubs"),
    path("clubs/<slug:club_slug>/", views.ClubDetail.as_view(), name="club"),
    path("clubs/<slug:club_slug>/leagues/", views.LeagueList.as_view(), name="leagues"),
    path("clubs/<slug:club_slug>/leagues/<slug:league_slug>/", views.LeagueDetail.as_view(), name="league"),
    path("clubs/<slug:club_slug>/leagues/<slug:league_slug>/seasons/", views.SeasonList.as_view(), name="seasons"),
    path("clubs/<slug:club_slug>/leagues/<slug:league_slug>/changes/", views.ChangeList.as_view(), name="changes"),
    path(SEASON, views.SeasonDetail.as_view(), name="season"),
    path(SEASON + "standings/", views.StandingsView.as_view(), name="standings"),
    path(SEASON + "nights/", views.NightList.as_view(), name="nights"),
    path(SEASON + "nights/<id:night_id>/", views.NightDetail.as_view(), name="night"),
    path(SEASON + "nights/<id:night_id>/checkins/", nights.NightCheckIns.as_view(), name="night_checkins"),
    path(SEASON + "nights/<id:night_id>/rounds/", nights.NightRounds.as_view(), name="night_rounds"),
    path("clubs/<slug:club_slug>/ratings/", views.RatingsView.as_view(), name="ratings"),
    path("clubs/<slug:club_slug>/players/", views.PlayerList.as_view(), name="players"),
    path("clubs/<slug:club_slug>/players/<id:player_id>/", views.PlayerDetail.as_view(), name="player"),
    path("games/<str:public_id>/", views.GameDetail.as_view(), name="game"),
    path("games/<str:public_id>/hands/", entries.GameEntries.as_view(), name="game_entries"),
    path("games/<str:public_id>/hands/<id:number>/", entries.GameEntry.as_view(), name="game_entry"),
    path("games/<str:public_id>/hands/<id:number>/confirm/", entries.GameEntryConfirm.as_view(),
         name="game_entry_confirm"),
    path("games/<str:public_id>/hands/<id:number>/undo/", entries.GameEntryUndo.as_view(), name="game_entry_undo"),
    path("tables/<str:token>/", views.TableGame.as_view(), name="table"),
    path("tables/<str:token>/side/", entries.TableSide.as_view(), name="table_side"),
    path("tables/<str:token>/hands/", entries.TableEntries.as_view(), name="table_entries"),
    path("tables/<str:token>/hands/<id:number>/", entries.TableEntry.as_view(), name="table_entry"),
    path("tables/<str:token>/hands/<id:number>/confirm/", entries.TableEntryConfirm.as_view(),
         name="table_entry_confirm"),
    path("tables/<str:token>/hands/<id:number>/counter/", entries.TableEntryCounter.as_view(),
         name="table_entry_counter"),
    path("tables/<str:token>/hands/<id:number>/undo/", entries.TableEntryUndo.as_view(), name="table_entry_undo"),
]
