"""Forms of league play: leagues, seasons, teams, nights, check-in, seat swaps."""
from django import forms
from django.utils.translation import gettext_lazy as _

from league.forms.base import NameField, NamesLinesField
from league.forms.widgets import CheckboxList, NameChoices
from league.i18n import render
from league.models import DEFAULT_PRECEDENCE, League, LeagueFormat, Player, RuleProfile, Team
from league.models.game import SEAT_LETTERS
from scoring.standings import METRICS


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    rule_profile = forms.ModelChoiceField(label=_("Rules"), queryset=RuleProfile.objects.none())
    format = forms.ChoiceField(
        label=_("Format"), choices=LeagueFormat.choices,
        help_text=_("Cribbage and three-handed leagues are individual; partnership, double-deck and rummy "
                    "leagues play fixed partnerships or progressive."),
    )
    is_public = forms.BooleanField(label=_("Public standings and results"), required=False)
    confirmation = forms.BooleanField(
        label=_("The other side confirms each hand"), required=False,
        help_text=_("Standings count a game only when every hand is confirmed."))
    bye_scoring = forms.ChoiceField(label=_("A bye scores"), choices=League.ByeScoring.choices)
    odd_players = forms.ChoiceField(
        label=_("Odd players"), choices=League.OddPlayers.choices, initial=League.OddPlayers.SIT_OUT,
        help_text=_("Progressive partnership Pinochle can seat the players left over at a cut-throat table "
                    "of three."),
    )

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is not None:
            self.fields["rule_profile"].queryset = club.rule_profiles.all()


PRECEDENCE_SLOTS = 6
"""How many ranking metrics a season's form offers, in order."""


class SeasonForm(forms.Form):
    """A new season. Its ranking precedence is chosen in order, one metric a
    slot ("Rank by", "then by"...), each offered by its translated name; the
    best-N metric takes its N from its own field. ``cleaned_data["precedence"]``
    is the list of metric keys ``season_create`` takes (``best_n:3``)."""

    name = forms.CharField(label=_("Name"), max_length=100)
    starts_on = forms.DateField(label=_("Starts"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    ends_on = forms.DateField(label=_("Ends"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    best_n = forms.IntegerField(
        label=_("Nights counted for best N"), min_value=1, max_value=100, required=False,
        help_text=_("Only when the precedence ranks on the best N nights: how many nights count."))
    seed_by_rating = forms.BooleanField(label=_("Seed each night's first round by rating"), required=False)
    handicap_per_point = forms.IntegerField(
        label=_("Handicap points per rating point"), min_value=0, max_value=100, initial=0,
        help_text=_("0: no handicap. A handicap is its own column; raw points never change."))
    handicap_cap = forms.IntegerField(label=_("Largest handicap a game"), min_value=0, max_value=1000, initial=50)

    field_order = ["name", "starts_on", "ends_on", *[f"precedence_{i}" for i in range(1, PRECEDENCE_SLOTS + 1)],
                   "best_n"]

    def __init__(self, *args, league=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(key, render(metric.label)) for key, metric in METRICS.items()]
        for i in range(1, PRECEDENCE_SLOTS + 1):
            self.fields[f"precedence_{i}"] = forms.ChoiceField(
                label=_("Rank by") if i == 1 else _("then by"), required=i == 1,
                choices=choices if i == 1 else [("", "–"), *choices])
        self.order_fields(self.field_order)
        default = league.rule_profile.kind.default_precedence() if league is not None else None
        for i, entry in enumerate(default or DEFAULT_PRECEDENCE, start=1):
            key, _sep, arg = str(entry).partition(":")
            if i <= PRECEDENCE_SLOTS and key in METRICS:
                self.fields[f"precedence_{i}"].initial = key
                if arg.isdigit():
                    self.fields["best_n"].initial = int(arg)

    def clean(self):
        cleaned = super().clean()
        precedence, seen = [], set()
        for i in range(1, PRECEDENCE_SLOTS + 1):
            key = cleaned.pop(f"precedence_{i}", "")
            if not key:
                continue
            if key in seen:
                self.add_error(f"precedence_{i}", _("%(metric)s is chosen above already; choose each metric once.")
                               % {"metric": render(METRICS[key].label)})
                continue
            seen.add(key)
            if METRICS[key].parameter:
                n = cleaned.get("best_n")
                if not n:
                    self.add_error("best_n", _("Say how many nights count for %(metric)s.")
                                   % {"metric": render(METRICS[key].label)})
                    continue
                key = f"{key}:{n}"
            precedence.append(key)
        cleaned.pop("best_n", None)
        cleaned["precedence"] = precedence
        return cleaned


class TeamForm(forms.Form):
    player_a = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    player_b = forms.ModelChoiceField(label=_("Partner"), queryset=Player.objects.none())
    name = NameField(label=_("Team name"), max_length=100, required=False)

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is not None:
            for f in ("player_a", "player_b"):
                self.fields[f].queryset = club.players.filter(active=True)


class NightForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=20, initial=3)


class NamesField(forms.ModelMultipleChoiceField):
    """Its choices are the rows' ``(pk, name)`` (``NameChoices``): players and teams show their name."""

    iterator = NameChoices


class CheckInForm(forms.Form):
    """Tick who is here (the roster, or the season's teams) and add walk-ins by
    name; unticking someone who is not yet seated checks them out.

    ``present``: the ids checked in now, when the caller has read them.

    A walk-in typed close to a name on the roster ("Bob Smyth", the roster
    has "Bob Smith") is asked about first: the form offers the roster's name
    and, to add the walk-in as typed anyway, a box to tick."""

    players = NamesField(
        label=_("Players"), queryset=Player.objects.none(), required=False,
        widget=CheckboxList,
    )
    teams = NamesField(
        label=_("Teams"), queryset=Team.objects.none(), required=False,
        widget=CheckboxList,
    )
    walk_ins = NamesLinesField(
        label=_("Walk-ins"), required=False, help_text=_("New players' names, one per line."),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, night=None, present=None, **kwargs):
        super().__init__(*args, **kwargs)
        league = night.season.league
        if present is None:
            present = list(night.checkins.values_list("team_id" if league.is_fixed else "player_id", flat=True))
        self.initial.setdefault("teams" if league.is_fixed else "players", present)
        if league.format == LeagueFormat.FIXED:
            self.fields["teams"].queryset = night.season.teams.select_related("player_a", "player_b")
            del self.fields["players"], self.fields["walk_ins"]
        else:
            self.fields["players"].queryset = league.club.players.filter(active=True)
            del self.fields["teams"]
            self.close = {}
            if self.is_bound and (self.data.get("walk_ins") or "").strip():
                from league.services.players import close_matches

                typed = [n.strip() for n in self.data["walk_ins"].splitlines() if n.strip()]
                self.close = close_matches(league.club, typed)
                if self.close:
                    self.fields["walk_ins_as_typed"] = forms.BooleanField(
                        label=_("Add the walk-ins as typed: they are new players"), required=False)

    def clean(self):
        cleaned = super().clean()
        if getattr(self, "close", None) and not cleaned.get("walk_ins_as_typed"):
            for name, matches in self.close.items():
                self.add_error("walk_ins", _("%(name)s is close to %(matches)s on the roster: tick that player "
                                             "above instead, or add the walk-in as typed.") % {
                    "name": name, "matches": ", ".join(matches)})
        return cleaned

    def walk_in_names(self) -> list[str]:
        return [n.strip() for n in self.cleaned_data.get("walk_ins", "").splitlines() if n.strip()]


SEAT_CHOICES = [(i, letter) for i, letter in enumerate(SEAT_LETTERS)]


class SwapSeatsForm(forms.Form):
    first_table = forms.IntegerField(label=_("Table"), min_value=1)
    first_seat = forms.TypedChoiceField(label=_("Seat"), choices=SEAT_CHOICES, coerce=int)
    second_table = forms.IntegerField(label=_("with table"), min_value=1)
    second_seat = forms.TypedChoiceField(label=_("seat"), choices=SEAT_CHOICES, coerce=int)


class NightReopenForm(forms.Form):
    """Reopen a locked night: the reason goes to the league's public change log."""

    reason = forms.CharField(label=_("Reason (for the change log)"), max_length=200)
