"""A club's rule profiles on its own pages: the list, a new profile of any game
(or a copy of one), and editing one, each option a field of the profile's
game (``league.profile_forms``, the rules class validating every choice),
with a summary of what the profile means. For the club's organizers; others
get a 404. A game copies its profile's rules when it starts, so an edit
never changes a game already started; an edit is a line in the change log of
every league playing the profile."""
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from league.access import can_manage_club
from league.games import kind_for, kinds
from league.models import Club, RuleProfile
from league.profile_forms import profile_form_for
from league.rules_text import rules_summary
from league.services.league_settings import log_league_change
from league.views.club_locale import club_page


def _managed_club(request, club_slug) -> Club:
    club = get_object_or_404(Club, slug=club_slug)
    if not can_manage_club(request.user, club.pk):
        raise Http404
    return club


def _profile_form(profile: RuleProfile, data=None, initial=None):
    """The profile's game's form without the club field: the page's club is the profile's."""
    form = profile_form_for(profile.game_type)(data, instance=profile, initial=initial)
    del form.fields["club"]
    return form


def _name_taken(form, profile: RuleProfile) -> bool:
    name = form.cleaned_data.get("name")
    taken = RuleProfile.objects.filter(club_id=profile.club_id, name=name).exclude(pk=profile.pk).exists()
    if taken:
        form.add_error("name", _("The club has a rule profile called %(name)s already.") % {"name": name})
    return taken


def _log_edit(request, profile: RuleProfile) -> None:
    """An edited profile is a line in the change log of every league playing it."""
    summary = _("Rule profile %(name)s edited: %(summary)s") % {"name": profile.name, "summary": profile.summary}
    for league in profile.leagues.order_by("pk"):
        log_league_change(league=league, by=request.user, summary=summary)


def _edit(request, club, profile: RuleProfile, initial=None):
    """GET shows the form; POST with ``preview`` shows the posted rules' summary
    and saves nothing; POST saves."""
    is_new = profile.pk is None
    before = None if is_new else RuleProfile.objects.get(pk=profile.pk)  # the form changes ``profile`` as it checks
    form = _profile_form(profile, request.POST if request.method == "POST" else None, initial=initial)
    summary = None if is_new else profile.summary
    if request.method == "POST":
        if form.is_valid() and not _name_taken(form, profile):
            if "preview" in request.POST:
                summary = rules_summary(form.rules)
            else:
                with transaction.atomic():
                    saved = form.save()
                    if before is not None and (before.name, before.options) != (saved.name, saved.options):
                        _log_edit(request, saved)
                return redirect("league:rule_profiles", club_slug=club.slug)
    status = 400 if request.method == "POST" and form.errors else 200
    return render(request, "league/rule_profile_edit.html", {
        "club": club, "profile": profile, "form": form, "summary": summary, "is_new": is_new,
        "kind": kind_for(profile.game_type),
    }, status=status)


@club_page
def rule_profiles(request, club_slug):
    """The club's profiles, each with its game and summary, and a new one of each game."""
    club = _managed_club(request, club_slug)
    profiles = list(club.rule_profiles.all())
    return render(request, "league/rule_profiles.html", {"club": club, "profiles": profiles, "kinds": kinds()})


@club_page
def rule_profile_new(request, club_slug):
    """A new profile of ``?kind=`` (partnership by default), or a copy of ``?copy=<id>``."""
    club = _managed_club(request, club_slug)
    source, initial = None, None
    copy = request.GET.get("copy", "")
    if copy:
        if not copy.isdigit():
            raise Http404
        source = get_object_or_404(RuleProfile, club=club, pk=int(copy))
    if source is not None:
        profile = RuleProfile(club=club, game_type=source.game_type, options=dict(source.options))
        rules = source.rules()
        initial = {"name": _("Copy of %(name)s") % {"name": source.name}}
        initial.update({n: getattr(rules, n) for n in profile_form_for(source.game_type).option_names})
    else:
        try:
            kind = kind_for(request.GET.get("kind", "partnership"))
        except KeyError:
            raise Http404 from None
        profile = RuleProfile(club=club, game_type=kind.code)
    return _edit(request, club, profile, initial=initial)


@club_page
def rule_profile_edit(request, club_slug, profile_id):
    club = _managed_club(request, club_slug)
    profile = get_object_or_404(RuleProfile, club=club, pk=profile_id)
    return _edit(request, club, profile)
