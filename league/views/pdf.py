"""Printable PDFs: the views fetch through selectors, render with a
``league.pdf`` document class and return its bytes."""
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.pdf import PAPER_SIZES, BlankSheet, CompletedGameSheet
from league.selectors.pdf import club_name_for_print, game_sheet_for_print


def _paper(request) -> str | None:
    paper = request.GET.get("paper", "a4").lower()
    return paper if paper in PAPER_SIZES else None


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """``data`` shown in the browser (to print or save) under ``filename``."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response


def _bad_paper():
    return HttpResponseBadRequest(_("Paper must be a4 or letter."), content_type="text/plain; charset=utf-8")


@require_GET
def game_sheet_pdf(request, public_id):
    """The game's score sheet; anyone with the game's link may read it, as the page."""
    paper = _paper(request)
    if paper is None:
        return _bad_paper()
    sheet = game_sheet_for_print(public_id)
    url = request.build_absolute_uri(reverse("league:game", args=[public_id]))
    data = CompletedGameSheet(sheet, url=url, paper=paper).render()
    return pdf_response(data, f"score-sheet-{public_id}.pdf")


@require_GET
def blank_sheet_pdf(request, family):
    """A blank sheet for ``family``; ``?club=<slug>`` prints the club's name on it."""
    if family not in BlankSheet.FAMILIES:
        raise Http404(_("No blank sheet for this game."))
    paper = _paper(request)
    if paper is None:
        return _bad_paper()
    club_name = club_name_for_print(request.GET.get("club"))
    data = BlankSheet(family, paper=paper, club_name=club_name).render()
    return pdf_response(data, f"blank-{family}-{paper}.pdf")
