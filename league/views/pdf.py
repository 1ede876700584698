"""Printable PDFs: the views fetch through selectors, render with a
``league.pdf`` document class and return its bytes."""
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from league.games import kind_by_blank_slug
from league.pdf import PAPER_SIZES, BlankSheet, NightRecap, SeasonStandingsReport, TableSheets
from league.access import can_direct_league, require_game_read, require_league_read, require_link_read
from league.public_url import public_url
from league.selectors.boards import load_board
from league.selectors.pdf import (
    club_name_for_print, night_for_print, night_recap_for_print, night_tables_for_print,
    season_for_print, season_report_for_print,
)
from league.night_links import night_cards
from league.views.errors import bad_request
from league.pdf.night_cards import NightLinkCards, NightPacket
from league.views.club_locale import club_page


def _paper(request) -> str | None:
    paper = request.GET.get("paper", "a4").lower()
    return paper if paper in PAPER_SIZES else None


def pdf_response(data: bytes, filename: str) -> HttpResponse:
    """``data`` shown in the browser (to print or save) under ``filename``."""
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response


def _bad_paper(request):
    return bad_request(request, _("Paper must be a4 or letter."))


@require_GET
@club_page
def game_sheet_pdf(request, public_id):
    """The game's score sheet, for a game of any kind; anyone with the game's
    link may read it, as the page. The board's queries whatever its length
    (four for Pinochle and cribbage, three for rummy)."""
    paper = _paper(request)
    if paper is None:
        return _bad_paper(request)
    board = load_board(public_id)
    require_game_read(request, board.game)
    url = public_url(request, reverse("league:game", args=[public_id]))
    data, filename = board.game.kind.sheet_pdf(board, url=url, paper=paper)
    return pdf_response(data, filename)


@require_GET
@club_page
def table_sheet_pdf(request, token):
    """The game's score sheet by its table link: its QR code is the table
    link, so a phone scanning the printed sheet of a casual game opens the
    score pad, not the read-only page. A locked night's sheet links its
    public page (the table link reads it only then)."""
    paper = _paper(request)
    if paper is None:
        return _bad_paper()
    board = load_board(token=token)
    require_link_read(request, board.game, board.locked)
    if board.locked:
        url, label = public_url(request, reverse("league:game", args=[board.game.public_id])), None
    else:
        url, label = public_url(request, reverse("league:table", args=[token])), _("Scan to enter this game's scores")
    data, filename = board.game.kind.sheet_pdf(board, url=url, paper=paper, qr_label=label)
    return pdf_response(data, filename)


@require_GET
def blank_sheet_pdf(request, family):
    """A blank sheet for ``family``; ``?club=<slug>`` prints the club's name on it."""
    if kind_by_blank_slug(family) is None:
        raise Http404(_("No blank sheet for this game."))
    paper = _paper(request)
    if paper is None:
        return _bad_paper(request)
    club_name = club_name_for_print(request.GET.get("club"))
    data = BlankSheet(family, paper=paper, club_name=club_name).render()
    return pdf_response(data, f"blank-{family}-{paper}.pdf")


@require_GET
@club_page
def night_sheets_pdf(request, club_slug, league_slug, season_id, night_id):
    """The night's table score sheets, one page a table: ``?round=N`` for one
    round, else every seated round. Organizers only: each page carries the
    table's secret link."""
    night = night_for_print(club_slug, league_slug, season_id, night_id)
    require_league_read(request, night.season.league)  # a stranger learns nothing of a members-only night
    if not can_direct_league(request.user, night.season.league):
        raise PermissionDenied
    paper = _paper(request)
    if paper is None:
        return _bad_paper(request)
    raw = request.GET.get("round")
    round_number = None
    if raw:
        if not raw.isdigit():
            return bad_request(request, _("Round must be a number."))
        round_number = int(raw)
    tables = night_tables_for_print(night, round_number)
    if not tables:
        raise Http404(_("No table is seated in this round.") if round_number else _("No round is seated yet."))

    def link(game):
        """The table's secret link for phones: the game's page by its table link."""
        return public_url(request, reverse("league:table", args=[game.access_token]))

    if round_number is None:  # the whole night's packet ends with each player's own link
        cards = night_cards(night, lambda path: public_url(request, path))
        data = NightPacket(night, tables, link=link, cards=cards, paper=paper).render()
    else:
        data = TableSheets(night, tables, link=link, round_number=round_number, paper=paper).render()
    part = f"-round-{round_number}" if round_number else ""
    return pdf_response(data, f"sheets-{night.season.league.slug}-{night.date:%Y-%m-%d}{part}.pdf")


@require_GET
@club_page
def night_cards_pdf(request, club_slug, league_slug, season_id, night_id):
    """Each checked-in player's own link for the night as cards to hand out (a QR
    code that opens their table in every round). Organizers only: the links open tables."""
    night = night_for_print(club_slug, league_slug, season_id, night_id)
    require_league_read(request, night.season.league)  # a stranger learns nothing of a members-only night
    if not can_direct_league(request.user, night.season.league):
        raise PermissionDenied
    paper = _paper(request)
    if paper is None:
        return _bad_paper(request)
    cards = night_cards(night, lambda path: public_url(request, path))
    data = NightLinkCards(night, cards=cards, paper=paper).render()
    return pdf_response(data, f"links-{night.season.league.slug}-{night.date:%Y-%m-%d}.pdf")


@require_GET
@club_page
def night_recap_pdf(request, club_slug, league_slug, season_id, night_id):
    """The night's recap: highlights, standings and every table's result; as the night page, for readers."""
    night = night_for_print(club_slug, league_slug, season_id, night_id)
    require_league_read(request, night.season.league)
    paper = _paper(request)
    if paper is None:
        return _bad_paper(request)
    data = NightRecap(night_recap_for_print(night), paper=paper,
                      link=lambda path: public_url(request, path)).render()
    return pdf_response(data, f"recap-{night.season.league.slug}-{night.date:%Y-%m-%d}.pdf")


@require_GET
@club_page
def season_standings_pdf(request, club_slug, league_slug, season_id):
    """The season's standings with the tie-breaks explained; as the season page, for readers."""
    season = season_for_print(club_slug, league_slug, season_id)
    require_league_read(request, season.league)
    paper = _paper(request)
    if paper is None:
        return _bad_paper(request)
    data = SeasonStandingsReport(season_report_for_print(season), paper=paper,
                                 link=lambda path: public_url(request, path)).render()
    return pdf_response(data, f"standings-{season.league.slug}-{season.pk}.pdf")
