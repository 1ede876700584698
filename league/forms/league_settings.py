"""Forms of a league's settings page: its settings and its directors and scorers."""
from django import forms
from django.utils.translation import gettext_lazy as _

from league.forms.leagues import PRECEDENCE_SLOTS, LeagueForm, SeasonForm
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


class SeasonSettingsForm(SeasonForm):
    """Every setting of a season, as a new season's form asks them, filled with the season's own."""

    def __init__(self, *args, season=None, **kwargs):
        super().__init__(*args, league=season.league, **kwargs)
        if not self.is_bound:
            for name in ("name", "starts_on", "ends_on", "seed_by_rating", "handicap_per_point", "handicap_cap"):
                self.initial[name] = getattr(season, name)
            for i in range(1, PRECEDENCE_SLOTS + 1):
                self.fields[f"precedence_{i}"].initial = ""
            for i, entry in enumerate(season.precedence, start=1):
                key, _sep, arg = str(entry).partition(":")
                if i <= PRECEDENCE_SLOTS:
                    self.initial[f"precedence_{i}"] = key
                    if arg.isdigit():
                        self.initial["best_n"] = int(arg)
