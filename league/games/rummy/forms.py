"""Rummy-style Pinochle forms: a new game (four players) and one round.

The round form has one box per component for each team (``t0_…`` N–S,
``t1_…`` E–W). Forms check types only; ``league.games.rummy.services`` and
``scoring.rummy`` check the rules, and their errors come back under the box
of the team they concern.
"""
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy as _

from league.forms.base import EntryForm, NewGameBase, player_field, rules_field
from league.models.rules import GameType
from scoring.rummy.cards import NATURAL_RANKS


TEAMS = (0, 1)
RESCUE_ROWS = (1, 2)
# A team's inputs of a round, as the round form labels them (below)
# and the history page reads them.
NUMBER_FIELDS = (
    ("melds_on_table", _("Melds on the table")),
    ("first_meld", _("First meld (empty: never melded)")),
    ("cards_left", _("Cards left in hand")),
    ("penalties", _("Penalties")),
    ("clean_runs", _("Clean runs")),
    ("semi_clean_runs", _("Semi-clean runs")),
    ("dirty_runs", _("Dirty runs")),
    ("failed_openings", _("Failed barbele openings")),
    ("pinochle_sets", _("Pinochle sets (eleven cards)")),
    ("full_straights", _("Full straights (twelve cards)")),
)
FLAG_FIELDS = (
    ("going_out", _("Went out")),
    ("folded_hand", _("By folding the hand")),
    ("without_wilds", _("Without wilds")),
    ("face_up_card", _("Took the face-up card of the deal")),
)

KIND_CHOICES = [("", "–"), ("set", _("set")), ("run", _("run"))]
RANK_CHOICES = [("", "–")] + [(r, r) for r in NATURAL_RANKS]


def _number(label):
    return forms.IntegerField(label=label, required=False, widget=forms.NumberInput(attrs={
        "inputmode": "numeric", "placeholder": "0", "class": "big-number"}))


def attach_round_errors(form: forms.Form, error: ValidationError) -> None:
    """Put a round service's errors under the boxes: ``t<team>_<field>`` keys
    are the form's own names; a rescue error goes under the team's first
    rescue row."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for key, errors in error.message_dict.items():
        target = key
        if key.endswith("_rescued_wilds"):
            target = f"{key[:2]}_rescue1_count"
        if key == NON_FIELD_ERRORS or target not in form.fields:
            target = None
        for message in errors:
            form.add_error(target, message)


class RummyGameForm(NewGameBase):
    """Four players N, E, S, W (partners opposite) and the game's length."""

    player_0 = player_field(_("North"))
    player_1 = player_field(_("East"))
    player_2 = player_field(_("South"))
    player_3 = player_field(_("West"))
    rule_profile = rules_field(_("Standard (1500 · barbele at 750)"))
    rounds_limit = forms.BooleanField(label=_("Highest total after 8 rounds (instead of first to 1500)"),
                                      required=False)

    PLAYER_FIELDS = ("player_0", "player_1", "player_2", "player_3")
    SEAT_FIELDS = PLAYER_FIELDS  # the new-game page lists these
    KIND = GameType.RUMMY

    def twice(self, first):
        return _("Four different players, please.")

    def rules(self):
        """The chosen profile's rules (8 rounds if asked), else the standard rules; None: the profile's as stored."""
        profile = self.cleaned_data.get("rule_profile")
        if profile is not None:
            return {**profile.options, "rounds_limit": 8} if self.cleaned_data.get("rounds_limit") else None
        return {"rounds_limit": 8} if self.cleaned_data.get("rounds_limit") else {}


class RummyRoundForm(EntryForm):
    """One round: for each team its melds, first meld, failed barbele
    openings, cards left, penalties, how it went out, the face-up card of
    the deal, its special melds, its runs and up to two rescues of wilds."""

    def __init__(self, *args, locked=False, **kwargs):
        super().__init__(*args, locked=locked, **kwargs)
        for t in TEAMS:
            for name, label in NUMBER_FIELDS:
                self.fields[f"t{t}_{name}"] = _number(label)
            self.fields[f"t{t}_first_meld"].widget.attrs["placeholder"] = "–"
            for name, label in FLAG_FIELDS:
                self.fields[f"t{t}_{name}"] = forms.BooleanField(label=label, required=False)
            for i in RESCUE_ROWS:
                self.fields[f"t{t}_rescue{i}_kind"] = forms.ChoiceField(
                    label=_("Rescued from"), choices=KIND_CHOICES, required=False)
                self.fields[f"t{t}_rescue{i}_count"] = _number(_("Wilds rescued"))
                self.fields[f"t{t}_rescue{i}_rank"] = forms.ChoiceField(
                    label=_("Rank of the set"), choices=RANK_CHOICES, required=False)

    def team_fields(self, t: int) -> dict:
        """Bound fields of team ``t`` by component name, for the template."""
        return {name: self[f"t{t}_{name}"] for name in [n for n, _l in NUMBER_FIELDS] + [n for n, _l in FLAG_FIELDS]}

    def rescue_rows(self, t: int) -> list:
        return [(self[f"t{t}_rescue{i}_kind"], self[f"t{t}_rescue{i}_count"], self[f"t{t}_rescue{i}_rank"])
                for i in RESCUE_ROWS]

    @property
    def teams(self) -> list:
        """``[(team, fields, rescue rows)]`` for the template."""
        return [(t, self.team_fields(t), self.rescue_rows(t)) for t in TEAMS]

    def team_inputs(self) -> list[dict]:
        """The cleaned data as a ``RummyRoundInput``'s ``teams`` (``kind.entry_input``)."""
        d, teams = self.cleaned_data, []
        for t in TEAMS:
            inputs = {name: d.get(f"t{t}_{name}") for name, _l in NUMBER_FIELDS}
            inputs.update({name: bool(d.get(f"t{t}_{name}")) for name, _l in FLAG_FIELDS})
            rescues = []
            for i in RESCUE_ROWS:
                kind, count, rank = (d.get(f"t{t}_rescue{i}_{p}") for p in ("kind", "count", "rank"))
                if kind or count:
                    rescues.append([kind or "", 0 if count is None else count, rank or None])
            inputs["rescued_wilds"] = rescues
            teams.append(inputs)
        return teams

    def service_kwargs(self) -> dict:
        kwargs = {"teams": self.team_inputs()}
        if "reason" in self.fields:
            kwargs["reason"] = self.cleaned_data.get("reason") or ""
        return kwargs

    @classmethod
    def initial_for(cls, hand) -> dict:
        """Initial values showing a stored round (its ``side_rows`` loaded)."""
        initial = {"version": hand.version}
        for row in hand.side_rows.all():
            t, detail = row.side, row.detail
            for name, _l in NUMBER_FIELDS + FLAG_FIELDS:
                initial[f"t{t}_{name}"] = detail.get(name)
            for i, rescue in enumerate(detail.get("rescued_wilds") or [], start=1):
                if i in RESCUE_ROWS:
                    kind, count, rank = (list(rescue) + [None])[:3]
                    initial.update({f"t{t}_rescue{i}_kind": kind, f"t{t}_rescue{i}_count": count,
                                    f"t{t}_rescue{i}_rank": rank or ""})
        return initial
