"""A club's roster page, for its organizers (others get a 404): rename a
player, merge two players who are one person, import a list of players with
a preview that stores nothing until it is confirmed (``league.services.players``)."""
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from league.access import can_manage_club
from league.forms import attach_errors
from league.forms.players import ImportConfirmForm, ImportForm, MergeForm, RenameForm
from league.models import Club
from league.services import players as services
from league.views.club_locale import club_page


def _managed_club(request, club_slug) -> Club:
    club = get_object_or_404(Club, slug=club_slug)
    if not can_manage_club(request.user, club.pk):
        raise Http404
    return club


def _page(request, club, *, rename=None, merge_form=None, import_form=None, errors=(), status=200):
    players = list(club.players.order_by("name"))
    for p in players:
        p.rename_form = RenameForm(initial={"player": p.pk, "name": p.name, "email": p.email, "member": p.member,
                                            "active": p.active}, auto_id=f"rename-{p.pk}-%s")
        if rename is not None and rename.data.get("player") == str(p.pk):
            rename.auto_id = f"rename-{p.pk}-%s"
            p.rename_form = rename
    merges = list(club.player_merges.filter(undone_at__isnull=True).select_related("kept", "by")[:20])
    return render(request, "league/roster.html", {
        "club": club, "players": players, "merge_form": merge_form or MergeForm(club=club),
        "import_form": import_form or ImportForm(), "merges": merges, "errors": errors,
    }, status=status)


@club_page
def roster(request, club_slug):
    """The club's players: rename, merge, import."""
    return _page(request, _managed_club(request, club_slug))


@require_POST
@club_page
def player_rename(request, club_slug):
    club = _managed_club(request, club_slug)
    form = RenameForm(request.POST)
    if form.is_valid():
        try:
            d = form.cleaned_data
            services.player_rename(club=club, player_id=d["player"], name=d["name"], email=d["email"],
                                   member=d["member"], active=d["active"])
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:roster", club_slug=club.slug)
    return _page(request, club, rename=form, status=400)


@require_POST
@club_page
def player_merge(request, club_slug):
    club = _managed_club(request, club_slug)
    form = MergeForm(request.POST, club=club)
    if form.is_valid():
        try:
            keep = services.player_merge(club=club, keep_id=form.cleaned_data["keep"].pk,
                                         gone_id=form.cleaned_data["gone"].pk, by=request.user)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            messages.success(request, _("Merged into %(name)s.") % {"name": keep.name})
            return redirect("league:roster", club_slug=club.slug)
    return _page(request, club, merge_form=form, status=400)


@require_POST
@club_page
def player_merge_undo(request, club_slug):
    """Undo one of the club's merges: the merged player back with everything moved."""
    club = _managed_club(request, club_slug)
    merge_id = request.POST.get("merge", "")
    try:
        if not merge_id.isdigit():
            raise ValidationError({"merge": [_("That merge is not in this club, or was undone already.")]})
        gone = services.player_merge_undo(club=club, merge_id=int(merge_id), by=request.user)
    except ValidationError as e:
        return _page(request, club, errors=[m for ms in e.message_dict.values() for m in ms], status=400)
    messages.success(request, _("%(name)s is back.") % {"name": gone.name})
    return redirect("league:roster", club_slug=club.slug)


@require_POST
@club_page
def players_import(request, club_slug):
    """``preview`` (a file or pasted list): the rows and what each would do,
    nothing stored; ``confirm``: the chosen new rows added."""
    club = _managed_club(request, club_slug)
    if request.POST.get("step") == "confirm":
        text = request.POST.get("text", "")
        rows = services.import_preview(club, text)
        form = ImportConfirmForm(request.POST, rows=rows)
        if form.is_valid():
            added = services.players_import(club=club, text=form.cleaned_data["text"], lines=form.cleaned_data["lines"])
            messages.success(request, ngettext("%(n)d player added.", "%(n)d players added.", len(added)) % {
                "n": len(added)})
            return redirect("league:roster", club_slug=club.slug)
        return render(request, "league/roster_import.html", {"club": club, "rows": rows, "form": form}, status=400)
    form = ImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, club, import_form=form, status=400)
    text = form.cleaned_data["text"]
    rows = services.import_preview(club, text)
    confirm = ImportConfirmForm(rows=rows, initial={
        "text": text, "lines": [r.line for r in rows if r.status == services.NEW]})
    return render(request, "league/roster_import.html", {"club": club, "rows": rows, "form": confirm})
