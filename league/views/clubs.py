"""A club run from its own pages: starting a club, its settings, its members'
roles and invitations (``league.services.clubs``). Everything but starting a
club and accepting an invitation is for the club's organizers
(``league.access.can_manage_club``); others get a 404."""
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league.access import can_manage_club
from league.backup import club_export
from league.forms import attach_errors
from league.forms.clubs import ClubForm, InviteForm, RemoveForm, RestoreForm, RevokeForm, RoleForm
from league.models import Club, Invite
from league.public_url import public_url
from league.services import clubs as services
from league.views.club_locale import club_page


def _managed_club(request, club_slug) -> Club:
    club = get_object_or_404(Club, slug=club_slug)
    if not can_manage_club(request.user, club.pk):
        raise Http404
    return club


@login_required
def club_new(request):
    """Start a club: the signed-in user becomes its first organizer."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(by=request.user, **form.cleaned_data)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            return redirect("league:club_settings", club_slug=club.slug)
    return render(request, "league/club_new.html", {"form": form}, status=400 if form.errors else 200)


def _locked_out(usernames) -> set[str]:
    """Which of ``usernames`` the login throttle (django-axes) refuses from some address now."""
    from axes.models import AccessAttempt
    from django.conf import settings

    return set(AccessAttempt.objects.filter(username__in=usernames, failures_since_start__gte=settings.AXES_FAILURE_LIMIT)
               .values_list("username", flat=True))


def _settings_page(request, club, *, club_form=None, invite_form=None, restore_form=None, errors=(), status=200):
    memberships = list(club.memberships.select_related("user").order_by("user__username"))
    locked = _locked_out([m.user.get_username() for m in memberships])
    for m in memberships:
        m.role_form = RoleForm(initial={"membership": m.pk, "role": m.role}, prefix=f"m{m.pk}")
        m.locked_out = m.user.get_username() in locked
    invites = list(club.invites.filter(used_at__isnull=True, revoked=False).select_related("created_by"))
    for invite in invites:
        invite.link = public_url(request, reverse("league:invite", args=[invite.token]))
        invite.problem = services.invite_problem(invite)
    return render(request, "league/club_settings.html", {
        "club": club, "club_form": club_form or ClubForm(initial={
            "name": club.name, "language": club.language, "time_zone": club.time_zone,
            "leagues_public": "public" if club.leagues_public else "members"}),
        "memberships": memberships, "invites": invites, "invite_form": invite_form or InviteForm(),
        "errors": errors, "empty": services.club_is_empty(club), "restore_form": restore_form or RestoreForm(),
    }, status=status)


@club_page
def club_settings(request, club_slug):
    """The club's settings page: its name and language (POST saves them), its
    members and their roles, its open invitations."""
    club = _managed_club(request, club_slug)
    if request.method == "POST":
        form = ClubForm(request.POST)
        if form.is_valid():
            try:
                services.club_update(club=club, **form.cleaned_data)
            except ValidationError as e:
                attach_errors(form, e)
            else:
                return redirect("league:club_settings", club_slug=club.slug)
        return _settings_page(request, club, club_form=form, status=400)
    return _settings_page(request, club)


def _refused(request, club, error: ValidationError):
    messages = [m for values in error.message_dict.values() for m in values]
    return _settings_page(request, club, errors=messages, status=400)


@require_POST
@club_page
def club_member_role(request, club_slug):
    club = _managed_club(request, club_slug)
    membership = request.POST.get("membership", "")
    form = RoleForm(request.POST, prefix=f"m{membership}" if membership.isdigit() else None)
    if not form.is_valid():
        return _settings_page(request, club, errors=[_("Choose organizer or member.")], status=400)
    try:
        services.membership_set_role(club=club, membership_id=form.cleaned_data["membership"],
                                     role=form.cleaned_data["role"])
    except ValidationError as e:
        return _refused(request, club, e)
    return redirect("league:club_settings", club_slug=club.slug)


@require_POST
@club_page
def club_member_remove(request, club_slug):
    club = _managed_club(request, club_slug)
    form = RemoveForm(request.POST)
    if not form.is_valid():
        return _settings_page(request, club, errors=[_("That person is not a member of this club.")], status=400)
    try:
        services.membership_remove(club=club, membership_id=form.cleaned_data["membership"])
    except ValidationError as e:
        return _refused(request, club, e)
    return redirect("league:club_settings", club_slug=club.slug)


@require_POST
@club_page
def club_member_unlock(request, club_slug):
    """Let a member the login throttle locked out log in again at once (every
    address's failed attempts for that account are forgotten: django-axes' reset)."""
    from axes.utils import reset

    club = _managed_club(request, club_slug)
    form = RemoveForm(request.POST)
    membership = club.memberships.select_related("user").filter(
        pk=form.cleaned_data["membership"]).first() if form.is_valid() else None
    if membership is None:
        return _settings_page(request, club, errors=[_("That person is not a member of this club.")], status=400)
    reset(username=membership.user.get_username())
    return redirect("league:club_settings", club_slug=club.slug)


@require_POST
@club_page
def club_invite_new(request, club_slug):
    club = _managed_club(request, club_slug)
    form = InviteForm(request.POST)
    if form.is_valid():
        try:
            invite = services.invite_create(club=club, by=request.user, **form.cleaned_data)
        except ValidationError as e:
            attach_errors(form, e)
        else:
            if invite.email:
                link = public_url(request, reverse("league:invite", args=[invite.token]))
                context = {"club": club, "invite": invite, "link": link, "by": request.user}
                send_mail(render_to_string("league/invite_subject.txt", context).strip(),
                          render_to_string("league/invite_email.txt", context), None, [invite.email])
            return redirect("league:club_settings", club_slug=club.slug)
    return _settings_page(request, club, invite_form=form, status=400)


@require_POST
@club_page
def club_invite_revoke(request, club_slug):
    club = _managed_club(request, club_slug)
    form = RevokeForm(request.POST)
    if not form.is_valid():
        return _settings_page(request, club, errors=[_("That invitation is not open.")], status=400)
    try:
        services.invite_revoke(club=club, invite_id=form.cleaned_data["invite"])
    except ValidationError as e:
        return _refused(request, club, e)
    return redirect("league:club_settings", club_slug=club.slug)


@club_page
def club_backup(request, club_slug):
    """The club's backup, as ``export_club`` writes it (accounts by username,
    no password hashes), downloaded by an organizer; ``import_club`` restores it."""
    club = _managed_club(request, club_slug)
    stamp = timezone.now().strftime("%Y%m%d-%H%M")
    response = HttpResponse(club_export(club), content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{club.slug}-backup-{stamp}.json"'
    return response


@require_POST
@club_page
def club_restore(request, club_slug):
    """Restore a backup into this empty club (``league.services.clubs.club_restore``)."""
    club = _managed_club(request, club_slug)
    form = RestoreForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            restored = services.club_restore(club=club, text=form.cleaned_data["file"], by=request.user)
        except ValidationError as e:
            form.add_error("file", e.messages)
        else:
            return redirect("league:club_settings", club_slug=restored.slug)
    if not services.club_is_empty(club):  # the page shows no restore form: its errors go on top
        return _settings_page(request, club, errors=[m for ms in form.errors.values() for m in ms], status=400)
    return _settings_page(request, club, restore_form=form, status=400)


@login_required
def invite(request, secret):
    """An invitation: who invites to which club in which role, and a button to
    accept it (POST). A used, expired or withdrawn one says so and joins nothing."""
    found = get_object_or_404(Invite.objects.select_related("club"), token=secret)
    problem = services.invite_problem(found)
    if request.method == "POST" and not problem:
        try:
            services.invite_accept(token=secret, user=request.user)
        except ValidationError as e:
            problem = " ".join(m for values in e.message_dict.values() for m in values)
        else:
            return redirect("league:club_leagues", club_slug=found.club.slug)
    return render(request, "league/invite.html", {"invite": found, "problem": problem},
                  status=400 if problem and request.method == "POST" else 200)
