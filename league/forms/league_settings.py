"""Forms of a league's settings page: its settings and its directors and scorers."""
from django import forms
from django.utils.translation import gettext_lazy as _

from league.forms.leagues import LeagueForm
from league.models import LeagueRole


class LeagueSettingsForm(LeagueForm):
    """Every setting of a league, as a new league's form asks them, filled with the league's own."""

    def __init__(self, *args, league=None, **kwargs):
        super().__init__(*args, club=league.club, **kwargs)
        if not self.is_bound:
            for name in self.fields:
                value = getattr(league, name)
                self.initial[name] = value.pk if name == "rule_profile" else value


class LeagueRoleForm(forms.Form):
    """Make one of the club's members director or scorer of the league."""

    user = forms.TypedChoiceField(label=_("Member"), coerce=int, choices=())
    role = forms.ChoiceField(label=_("Role in this league"), choices=LeagueRole.Role.choices,
                             help_text=_("A director runs the league's nights and corrects its games, locked "
                                         "nights too with a reason; a scorer enters for any of its tables while "
                                         "the night is open."))

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is not None:
            self.fields["user"].choices = [
                (m.user_id, m.user.get_username())
                for m in club.memberships.select_related("user").order_by("user__username")]


class LeagueRoleRemoveForm(forms.Form):
    role = forms.IntegerField(widget=forms.HiddenInput)
