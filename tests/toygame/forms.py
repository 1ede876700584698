"""Toy Tally's forms: a new game (four players, N–S against E–W), one hand, a rule profile.

Forms check types only; the engine (``engine.py``, through ``entries.py``)
checks the rules and its error comes back under the box it names.
"""
from dataclasses import fields

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy as _

from league.forms.base import EntryForm, NewGameBase, player_field, rules_field
from league.profile_forms import make_profile_form

from . import CODE
from .engine import ToyRules


def _score(label):
    return forms.IntegerField(label=label, required=False, widget=forms.NumberInput(attrs={
        "inputmode": "numeric", "placeholder": "0", "class": "big-number"}))


def attach_errors(form: forms.Form, error: ValidationError) -> None:
    """A service's errors under the boxes they name (else above the form)."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for key, messages in error.message_dict.items():
        target = key if key != NON_FIELD_ERRORS and key in form.fields else None
        for message in messages:
            form.add_error(target, message)


class ToyGameForm(NewGameBase):
    """Four players N, E, S, W: North and South against East and West."""

    player_0 = player_field(_("North"))
    player_1 = player_field(_("East"))
    player_2 = player_field(_("South"))
    player_3 = player_field(_("West"))
    rule_profile = rules_field(_("Standard (first to 50)"))
    first_dealer = forms.TypedChoiceField(label=_("First dealer"), coerce=int, initial=0,
                                          choices=[(0, _("North")), (1, _("East")), (2, _("South")), (3, _("West"))])

    SEAT_FIELDS = ("player_0", "player_1", "player_2", "player_3")

    def twice(self, first):
        return _("Four different players, please.")


class ToyHandForm(EntryForm):
    """One hand: each side's score (0 to 30), or a misdeal."""

    score_0 = _score(_("N–S score"))
    score_1 = _score(_("E–W score"))
    misdeal = forms.BooleanField(label=_("Misdeal (scores nothing)"), required=False)

    def service_kwargs(self) -> dict:
        d = self.cleaned_data
        return {"scores": (d.get("score_0"), d.get("score_1")), "misdeal": bool(d.get("misdeal"))}

    @classmethod
    def initial_for(cls, hand) -> dict:
        """A stored hand's values (its ``side_rows`` loaded)."""
        initial = {"version": hand.version, "misdeal": hand.kind == "passed"}
        for row in hand.side_rows.all():
            initial[f"score_{row.side}"] = row.detail.get("score", 0)
        return initial


ToyProfileForm = make_profile_form("ToyProfileForm", ToyRules, CODE, [f.name for f in fields(ToyRules)], {}, ())
