"""An event's pages (docs/tournaments.md): the club's events with the form
for a new one, the public event page (entrants, movement, standings, bracket,
prize table), the director's page (registration, stages, the round clock,
advancing) and its forms' targets, the printed movement and bracket.

Who may do what is the one access policy's (``league.access``): the event is
read like a league; only the club's organizers direct it."""
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.access import can_manage_club, can_read_tournament, require_tournament_read
from league.conditional import event_etag, polled
from league.forms import attach_errors
from league.forms.tournaments import (
    EntrantForm, LateForm, PoolWinnersForm, SidePoolForm, StageForm, TournamentForm,
)
from league.models import Club, Match, SidePool, Stage, Tournament
from league.selectors.tournaments import PLAYOFF, QUALIFYING, event_view, match_state
from league.services import tournaments as services
from league.services.tournaments import per_side
from league.views.club_locale import club_page


def _event(request, club_slug, event_slug) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club", "rule_profile"),
                                   club__slug=club_slug, slug=event_slug)
    require_tournament_read(request, tournament)
    return tournament


def _directed(request, club_slug, event_slug) -> Tournament:
    tournament = _event(request, club_slug, event_slug)
    if not can_manage_club(request.user, tournament.club_id):
        raise PermissionDenied
    return tournament


@club_page
def club_tournaments(request, club_slug):
    """The club's events it lets the reader see; for its organizers, the form of a new one."""
    club = get_object_or_404(Club, slug=club_slug)
    manage = can_manage_club(request.user, club.pk)
    events = [t for t in club.tournaments.select_related("rule_profile") if manage or can_read_tournament(request.user, t)]
    form = TournamentForm(request.POST or None, club=club) if manage else None
    if request.method == "POST":
        if not manage:
            raise PermissionDenied
        if form.is_valid():
            try:
                tournament = services.tournament_create(club=club, by=request.user, **form.cleaned_data)
            except ValidationError as e:
                attach_errors(form, e)
            else:
                return redirect("league:tournament_manage", club_slug=club.slug, event_slug=tournament.slug)
    return render(request, "league/tournaments/list.html", {"club": club, "events": events, "form": form},
                  status=400 if form is not None and form.errors else 200)


@polled(event_etag)
@club_page
def tournament_detail(request, club_slug, event_slug):
    """The public event page; it refreshes itself for the hall's screen (its htmx
    poll answers 304 while nothing changed: ``@polled(event_etag)``)."""
    tournament = _event(request, club_slug, event_slug)
    template = "league/tournaments/_event.html" if request.htmx else "league/tournaments/detail.html"
    return render(request, template, {
        "t": tournament, "view": event_view(tournament), "director": False,
        "can_manage": can_manage_club(request.user, tournament.club_id),
    })


def _next_kind(view) -> str | None:
    if view.tournament.status == Tournament.Status.FINISHED:
        return None
    if view.qualifying is None:
        return QUALIFYING
    if view.playoff is None:
        return PLAYOFF
    return None


def _late_round(tournament) -> int | None:
    """The round a late entrant checked in now would play from, or None (registration closed)."""
    try:
        return services.late_round(tournament)
    except ValidationError:
        return None


def _manage(request, tournament, *, entrant_form=None, stage_form=None, pool_form=None, winners_forms=None,
            late_forms=None, status=200):
    from league.public_url import public_url
    from league.tournament_links import entrant_secret

    view = event_view(tournament)
    partners = per_side(tournament.kind) == 2
    late = None if tournament.status == Tournament.Status.REGISTRATION else _late_round(tournament)
    registering = tournament.status == Tournament.Status.REGISTRATION or late is not None
    next_kind = _next_kind(view)
    stage = view.current_stage
    if entrant_form is None and registering:
        entrant_form = EntrantForm(partners=partners)
    playoff_round = []
    if stage is not None and stage.kind == PLAYOFF and not stage.finished and view.bracket_rounds:
        rnd, states = view.bracket_rounds[-1]
        playoff_round = [(state, (late_forms or {}).get(state.match.number) or LateForm(state=state), rnd.number)
                         for state in states if not state.decided]
    if stage_form is None and next_kind and (stage is None or stage.finished):
        stage_form = StageForm(next_kind=next_kind)
    return render(request, "league/tournaments/manage.html", {
        "t": tournament, "view": view, "director": True, "entrant_form": entrant_form if registering or (entrant_form is not None and entrant_form.is_bound) else None,
        "late_round": late, "late_forms": playoff_round,
        "withdrawable": [e for e in view.entrants if e.withdrawn_round is None] if registering else [],
        "stage_form": stage_form if next_kind and (stage is None or stage.finished) else None,
        "stage": stage if stage is not None and not stage.finished else None,
        "pool_form": pool_form or SidePoolForm(),
        "winners_forms": [(pool, (winners_forms or {}).get(pool.number) or PoolWinnersForm(pool=pool))
                          for pool, _shares in view.pools],
        "entrant_links": [(e, public_url(request, reverse("league:entrant_link", args=[entrant_secret(e.pk)])))
                          for e in view.entrants] if view.stages else [],
    }, status=status)


@polled(event_etag)
@club_page
def tournament_manage(request, club_slug, event_slug):
    """The director's page: registration, the next stage, the round clock and advancing."""
    return _manage(request, _directed(request, club_slug, event_slug))


@require_POST
@club_page
def tournament_register(request, club_slug, event_slug):
    tournament = _directed(request, club_slug, event_slug)
    form = EntrantForm(request.POST, partners=per_side(tournament.kind) == 2)
    if form.is_valid():
        try:
            entrant = services.entrant_register(tournament=tournament, by=request.user, **form.cleaned_data)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            messages.success(request, _registered(entrant))
            return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)
    return _manage(request, tournament, entrant_form=form, status=400)


@require_POST
@club_page
def tournament_withdraw(request, club_slug, event_slug, number):
    """Take an entry back before the first stage."""
    tournament = _directed(request, club_slug, event_slug)
    entrant = get_object_or_404(tournament.entrants.select_related("player", "partner"), number=number)
    try:
        forfeits_from = services.entrant_withdraw(entrant=entrant, by=request.user)
    except ValidationError as e:
        return _refused(request, tournament, e)
    if forfeits_from is None:
        messages.success(request, _("%(name)s is withdrawn.") % {"name": entrant.name})
    else:
        messages.success(request, _("%(name)s is withdrawn: their games from round %(n)d are forfeited.")
                         % {"name": entrant.name, "n": forfeits_from})
    return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)


def _registered(entrant) -> str:
    if entrant.joins_round:
        return _("%(name)s is entrant %(number)d and plays from round %(round)d.") % {
            "name": entrant.name, "number": entrant.number, "round": entrant.joins_round}
    return _("%(name)s is entrant %(number)d.") % {"name": entrant.name, "number": entrant.number}


@require_POST
@club_page
def tournament_late(request, club_slug, event_slug, number):
    """A playoff match's entrant who has not appeared (the form's round and match): the
    minutes late, and the games they forfeit."""
    tournament = _directed(request, club_slug, event_slug)
    stage = _stage(tournament, number)
    round_text, match_text = request.POST.get("round", ""), request.POST.get("match", "")
    if not (round_text.isdigit() and match_text.isdigit()):
        raise Http404
    round_number, match_number = int(round_text), int(match_text)
    match = get_object_or_404(Match.objects.prefetch_related("sides__entrant__player", "sides__entrant__partner"),
                              round__stage=stage, round__number=round_number, number=match_number)
    state = match_state(match, stage.best_of)
    form = LateForm(request.POST, state=state)
    if form.is_valid():
        try:
            services.match_late(stage=stage, round_number=round_number, match_number=match_number,
                                entrant_number=form.cleaned_data["entrant"], minutes=form.cleaned_data["minutes"])
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)
    return _manage(request, tournament, late_forms={match_number: form}, status=400)


@require_POST
@club_page
def tournament_stage_new(request, club_slug, event_slug):
    tournament = _directed(request, club_slug, event_slug)
    form = StageForm(request.POST)
    if form.is_valid():
        try:
            services.stage_start(tournament=tournament, by=request.user, **form.cleaned_data)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)
    return _manage(request, tournament, stage_form=form, status=400)


def _stage(tournament, number) -> Stage:
    return get_object_or_404(Stage, tournament=tournament, number=number)


def _refused(request, tournament, error: ValidationError):
    for message in error.messages:
        messages.error(request, message)
    return _manage(request, tournament, status=400)


@require_POST
@club_page
def tournament_clock(request, club_slug, event_slug, number):
    """The round clock's buttons: start the round, call the last hand, call time."""
    tournament = _directed(request, club_slug, event_slug)
    stage = _stage(tournament, number)
    number_text = request.POST.get("round", "")
    rnd = stage.round_set.filter(number=int(number_text)).first() if number_text.isdigit() else None
    if rnd is None:
        raise Http404
    try:
        services.round_clock(stage_round=rnd, action=request.POST.get("action", ""))
    except ValidationError as e:
        return _refused(request, tournament, e)
    return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)


@require_POST
@club_page
def tournament_advance(request, club_slug, event_slug, number):
    """Move the stage on: the next game of undecided matches, the next round, the end."""
    tournament = _directed(request, club_slug, event_slug)
    stage = _stage(tournament, number)
    try:
        said = services.stage_advance(stage=stage, by=request.user)
    except ValidationError as e:
        return _refused(request, tournament, e)
    messages.success(request, said)
    return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)


@require_POST
@club_page
def tournament_pool_new(request, club_slug, event_slug):
    """A new side pool with its pot."""
    tournament = _directed(request, club_slug, event_slug)
    form = SidePoolForm(request.POST)
    if form.is_valid():
        try:
            services.side_pool_create(tournament=tournament, **form.cleaned_data)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)
    return _manage(request, tournament, pool_form=form, status=400)


@require_POST
@club_page
def tournament_pool_award(request, club_slug, event_slug, number):
    """Name a side pool's winners."""
    tournament = _directed(request, club_slug, event_slug)
    pool = get_object_or_404(SidePool, tournament=tournament, number=number)
    form = PoolWinnersForm(request.POST, pool=pool)
    if form.is_valid():
        try:
            services.side_pool_award(pool=pool, winners=form.cleaned_data["winners"])
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:tournament_manage", club_slug=club_slug, event_slug=event_slug)
    return _manage(request, tournament, winners_forms={pool.number: form}, status=400)


@club_page
def tournament_prizes_csv(request, club_slug, event_slug):
    """The prize table and the side pools as CSV: one row per prize paid (or, before the
    end, per paid place), text a spreadsheet would run as a formula neutralised."""
    from league.views.exports import header_row, streamed_csv

    tournament = _event(request, club_slug, event_slug)
    view = event_view(tournament)
    if view.prize_table:
        rows = [["prize", rank, entrant.name, amount] for rank, entrant, amount in view.prize_table if amount]
    else:
        rows = [["prize", place, "", amount] for place, amount in view.prizes]
    rows += [[pool.name, 1, entrant.name, amount] for pool, shares in view.pools for entrant, amount in shares]
    header = header_row(request, ["pool", "place", "entrant", "amount"])  # in the reader's language, or ?header=codes
    return streamed_csv(f"{tournament.slug}-prizes.csv", header, rows)


def entrant_link(request, secret):
    """``/ev/<secret>/``: an entrant's own link, opening the table of their next game."""
    from league.tournament_links import entrant_of, next_table

    entrant = entrant_of(secret)
    if entrant is None:
        raise Http404
    url = next_table(entrant)
    if url is not None:
        return redirect(url)
    return render(request, "league/tournaments/entrant_link.html", {"entrant": entrant, "t": entrant.tournament})


@club_page
def tournament_cards_pdf(request, club_slug, event_slug):
    """A card per game of the current stage with the QR code of its table link, for the tables.
    The director's: the links write."""
    from league.pdf.tournament import TableCards
    from league.public_url import public_url

    tournament = _directed(request, club_slug, event_slug)
    view = event_view(tournament)
    if view.current_stage is None:
        raise Http404
    paper = "letter" if request.GET.get("paper") == "letter" else "a4"
    pdf = TableCards(view, view.current_stage, link=lambda path: public_url(request, path), paper=paper).render()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}-tables.pdf"'
    return response


@club_page
def tournament_pdf(request, club_slug, event_slug):
    """The movement and bracket on one printed page for the wall."""
    tournament = _event(request, club_slug, event_slug)
    from league.pdf.tournament import EventSheet

    paper = "letter" if request.GET.get("paper") == "letter" else "a4"
    pdf = EventSheet(event_view(tournament), paper=paper).render()
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}.pdf"'
    return response
