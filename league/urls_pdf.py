"""URL patterns of the printable PDFs (namespaced under ``league:`` by ``league.urls``)."""
from django.urls import path

from league.views import pdf

urlpatterns = [
    path("g/<str:public_id>/sheet.pdf", pdf.game_sheet_pdf, name="game_sheet_pdf"),
    path("sheets/blank/<slug:family>.pdf", pdf.blank_sheet_pdf, name="blank_sheet_pdf"),
]
