"""URL patterns of the printable PDFs (namespaced under ``league:`` by ``league.urls``)."""
from django.urls import path

import league.converters  # noqa: F401 (registers <id:...>)

from league.views import pdf

urlpatterns = [
    path("g/<str:public_id>/sheet.pdf", pdf.game_sheet_pdf, name="game_sheet_pdf"),
    path("t/<str:token>/sheet.pdf", pdf.table_sheet_pdf, name="table_sheet_pdf"),
    path("sheets/blank/<slug:family>.pdf", pdf.blank_sheet_pdf, name="blank_sheet_pdf"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/sheets.pdf",
         pdf.night_sheets_pdf, name="night_sheets_pdf"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/links.pdf",
         pdf.night_cards_pdf, name="night_cards_pdf"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/n/<id:night_id>/recap.pdf",
         pdf.night_recap_pdf, name="night_recap_pdf"),
    path("clubs/<slug:club_slug>/l/<slug:league_slug>/s/<id:season_id>/standings.pdf",
         pdf.season_standings_pdf, name="season_standings_pdf"),
]
