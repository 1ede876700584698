"""Forms of an event: the event itself, an entrant, a stage, a side pool and its winners.
They check types and ranges; ``league.services.tournaments`` and
``scoring.tournament`` check the rules."""
from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import RuleProfile, Tournament
from league.tournament_stages import stage_kinds


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    rule_profile = forms.ModelChoiceField(
        label=_("Rules"), queryset=RuleProfile.objects.none(),
        help_text=_("The game and its rules: every game of the event is played on them."))
    is_public = forms.BooleanField(label=_("Public event page"), required=False, initial=True)
    entry_fee = forms.IntegerField(label=_("Entry fee"), min_value=0, max_value=10**9, initial=0,
                                   help_text=_("A whole amount of the club's currency, paid by each entrant."))
    unit = forms.IntegerField(label=_("Smallest amount paid out"), min_value=1, max_value=10**6, initial=1,
                              help_text=_("Every prize is a multiple of it (5: prizes in fives)."))
    payout_shares = forms.CharField(
        label=_("Payout by place"), max_length=200, initial="50, 30, 20",
        help_text=_("Each paid place's share, best first, separated by commas: 50, 30, 20."))
    qualifier_share = forms.ChoiceField(label=_("Qualifiers for the playoffs"), choices=Tournament.Share.choices,
                                        help_text=_("Any fraction rounded up: 13 entrants, one in four: 4 qualify."))

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is not None:
            self.fields["rule_profile"].queryset = club.rule_profiles.all()

    def clean_payout_shares(self):
        text = self.cleaned_data["payout_shares"]
        parts = [p.strip() for p in text.replace("，", ",").split(",") if p.strip()]
        if not parts or not all(p.isdigit() for p in parts) or len(parts) > 50:
            raise forms.ValidationError(_("Enter whole numbers separated by commas, like 50, 30, 20."))
        return [int(p) for p in parts]


class EntrantForm(forms.Form):
    name = forms.CharField(label=_("Player"), max_length=80)
    partner = forms.CharField(label=_("Partner"), max_length=80, required=False)

    def __init__(self, *args, partners=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.auto_id = "id_entrant_%s"  # beside the side pool's form (its own "name") during qualifying
        if not partners:
            del self.fields["partner"]
        else:
            self.fields["partner"].required = True


class LateForm(forms.Form):
    """An entrant of a playoff match who has not appeared, and for how long."""

    entrant = forms.TypedChoiceField(label=_("Not at the table"), coerce=int)
    minutes = forms.IntegerField(label=_("Minutes late"), min_value=0, max_value=600,
                                 help_text=_("A game forfeited after five minutes, another every fifteen."))

    def __init__(self, *args, state=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [(ms.entrant.number, ms.entrant.name) for ms in state.sides]
        self.auto_id = f"id_late{state.match.number}_%s"


class StageForm(forms.Form):
    kind = forms.ChoiceField(label=_("Stage"))
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=20, initial=3,
                                help_text=_("Qualifying: every round is seated now, the movement printed in advance."))
    best_of = forms.IntegerField(label=_("Games a match"), min_value=1, max_value=9, initial=1,
                                 help_text=_("Playoffs: best of this many games (1, 3, 5...)."))
    minutes = forms.IntegerField(label=_("Minutes a round"), min_value=1, max_value=600, required=False,
                                 help_text=_("Empty: no time limit. Otherwise the round clock shows when time is up."))

    def __init__(self, *args, next_kind=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k.code, k.label) for k in stage_kinds()]
        if next_kind:
            self.fields["kind"].initial = next_kind


class SidePoolForm(forms.Form):
    name = forms.CharField(label=_("Pool"), max_length=100, help_text=_("Skunk bank, high hand, a jackpot..."))
    pot = forms.IntegerField(label=_("Pot"), min_value=0, max_value=10**9)


class PoolWinnersForm(forms.Form):
    winners = forms.ModelMultipleChoiceField(label=_("Winners"), queryset=None, required=False,
                                             widget=forms.CheckboxSelectMultiple,
                                             help_text=_("They split the pot equally."))

    def __init__(self, *args, pool=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winners"].queryset = pool.tournament.entrants.select_related("player", "partner")
        self.fields["winners"].label_from_instance = lambda e: e.name
        self.auto_id = f"id_pool{pool.number}_%s"
        if not self.is_bound:
            self.initial["winners"] = [e.pk for e in pool.winners.all()]
