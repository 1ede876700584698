from django.urls import include, path

import league.converters  # noqa: F401 (registers <id:...>)

from league.views import (
    calendar, clubs, exports, games, league_settings, leagues, nights, pages, people, players, ratings, rules,
)

app_name = "league"

# One URL tree for every kind of game: /g/<public_id>/ (public link) and
# /t/<token>/ (table link), each entry (hand, deal or round) under hands/<n>/.
urlpatterns = [
    path("", pages.home, name="home"),
    path("help/rules/", pages.rules_help, name="rules_help"),
    path("clubs/<slug:club_slug>/games/new/", games.game_new, name="game_new"),
    path("g/<str:public_id>/", games.game_detail, name="game"),
    path("g/<str:public_id>/hands/", games.hand_add, name="hand_add"),
    path("g/<str:public_id>/hands/<id:number>/", games.hand_edit, name="hand_edit"),
    path("g/<str:public_id>/hands/<id:number>/delete/", games.hand_delete, name="hand_delete"),
    path("g/<str:public_id>/hands/<id:number>/confirm/", games.hand_confirm, name="hand_confirm"),
    path("g/<str:public_id>/hands/<id:number>/undo/", games.hand_undo, name="hand_undo"),
    path("g/<str:public_id>/hands/<id:number>/history/", games.hand_history, name="hand_history"),
    path("g/<str:public_id>/history/", games.game_history, name="game_history"),
    path("g/<str:public_id>/link/", games.table_link_reissue, name="table_link_reissue"),
    path("t/<str:token>/", games.table_detail, name="table"),
    path("t/<str:token>/side/", games.table_side, name="table_side"),
    path("t/<str:token>/hands/", games.hand_add, name="table_hand_add"),
    path("t/<str:token>/hands/<id:number>/", games.table_hand_edit, name="table_hand_edit"),
    path("t/<str:token>/hands/<id:number>/confirm/", games.table_hand_confirm, name="table_hand_confirm"),
    path("t/<str:token>/hands/<id:number>/counter/", games.table_hand_counter, name="table_hand_counter"),
    path("t/<str:token>/hands/<id:number>/undo/", games.hand_undo, name="table_hand_undo"),
    path("clubs/new/", clubs.club_new, name="club_new"),
    path("clubs/<slug:club_slug>/settings/", clubs.club_settings, name="club_settings"),
    path("clubs/<slug:club_slug>/settings/members/role/", clubs.club_member_role, name="club_member_role"),
    path("clubs/<slug:club_slug>/settings/members/remove/", clubs.club_member_remove, name="club_member_remove"),
    path("clubs/<slug:club_slug>/settings/members/unlock/", clubs.club_member_unlock, name="club_member_unlock"),
    path("clubs/<slug:club_slug>/settings/invites/", clubs.club_invite_new, name="club_invite_new"),
    path("clubs/<slug:club_slug>/settings/invites/revoke/", clubs.club_invite_revoke, name="club_invite_revoke"),
    path("clubs/<slug:club_slug>/settings/backup.json", clubs.club_backup, name="club_backup"),
    path("clubs/<slug:club_slug>/settings/restore/", clubs.club_restore, name="club_restore"),
    path("invite/<str:secret>/", clubs.invite, name="invite"),
    path("clubs/<slug:club_slug>/roster/", players.roster, name="roster"),
    path("clubs/<slug:club_slug>/roster/rename/", players.player_rename, name="player_rename"),
    path("clubs/<slug:club_slug>/roster/merge/", players.player_merge, name="player_merge"),
    path("clubs/<slug:club_slug>/roster/merge/undo/", players.player_merge_undo, name="player_merge_undo"),
    path("clubs/<slug:club_slug>/roster/import/", players.players_import, name="players_import"),
    path("clubs/<slug:club_slug>/rules/", rules.rule_profiles, name="rule_profiles"),
    path("clubs/<slug:club_slug>/rules/new/", rules.rule_profile_new, name="rule_profile_new"),
    path("clubs/<slug:club_slug>/rules/<id:profile_id>/", rules.rule_profile_edit, name="rule_profile_edit"),
    path("clubs/<slug:club_slug>/leagues/", leagues.club_leagues, name="club_leagues"),
    path("clubs/<slug:club_slug>/ratings/", ratings.club_ratings_page, name="club_ratings"),
    path("clubs/<slug:club_slug>/export/games.csv", exports.games_csv, name="games_csv"),
    path("clubs/<slug:club_slug>/export/hands.csv", exports.hands_csv, name="hands_csv"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/", leagues.league_detail, name="league"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/changes/", leagues.league_changes, name="changes"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/settings/", league_settings.league_settings,
         name="league_settings"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<int:season_id>/settings/", league_settings.season_settings,
         name="season_settings"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/settings/roles/", league_settings.league_role_set,
         name="league_role_set"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/settings/roles/remove/", league_settings.league_role_remove,
         name="league_role_remove"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/nights.ics", calendar.league_calendar, name="calendar"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/", leagues.season_detail, name="season"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/",
         nights.night_detail, name="night"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/board/",
         nights.night_board, name="night_board"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/screen/",
         nights.night_screen, name="night_screen"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/checkin/",
         nights.night_checkin, name="night_checkin"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/seat/",
         nights.night_seat, name="night_seat"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/unseat/",
         nights.night_unseat, name="night_unseat"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/swap/",
         nights.night_swap, name="night_swap"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/lock/",
         nights.night_lock, name="night_lock"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/reopen/",
         nights.night_reopen, name="night_reopen"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/teams/<id:team_id>/",
         people.team_detail, name="team"),
    path("clubs/<slug:club_slug>/players/<id:player_id>/", people.player_detail, name="player"),
]

from league.urls_pdf import urlpatterns as pdf_urlpatterns  # noqa: E402

urlpatterns += pdf_urlpatterns

from league.games import kinds  # noqa: E402

# each kind's own pages (the Pinochle meld counter, the cribbage calculators), in the league namespace (GameKind.urls)
urlpatterns += [path("", include(urls)) for urls in dict.fromkeys(k.urls for k in kinds() if k.urls)]

from league.urls_legacy import urlpatterns as legacy_urlpatterns  # noqa: E402

urlpatterns += legacy_urlpatterns

from league.urls_hall import urlpatterns as hall_urlpatterns  # noqa: E402

urlpatterns += hall_urlpatterns

from league.urls_tournaments import urlpatterns as tournament_urlpatterns  # noqa: E402

urlpatterns += tournament_urlpatterns
