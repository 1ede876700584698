"""Editing a rule profile: one form field per ``PinochleRules`` option, each
labelled in the club's words; ``PinochleRules`` itself validates the choice."""
from dataclasses import fields

from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import RuleProfile
from scoring.errors import ScoringError
from scoring.pinochle import PinochleRules
from scoring.pinochle.rules import CHOICES, FLAGS

LABELS = {
    "target": _("Game to"),
    "min_bid": _("Minimum bid"),
    "bid_increment": _("Bid increment"),
    "all_pass": _("When all four pass"),
    "trick_scheme": _("Counter values"),
    "round_tricks": _("Round trick points to tens (7 and up goes up)"),
    "meld_saved_by": _("Defenders keep their meld when they take"),
    "bidder_needs_trick": _("Bidders also need a trick to keep their meld"),
    "throw_in_defenders": _("On a throw-in the defenders score"),
    "double_run": _("Double run in trump"),
    "double_arounds": _("Double arounds"),
    "double_pinochle": _("Double pinochle"),
    "extra_card_marries": _("An extra K or Q marries the run's partner"),
    "tie": _("Both sides reach the target on one hand"),
    "must_bid_out": _("A side must bid out to win"),
    "negative_target_loses": _("A side at minus the target loses"),
    "passing": _("Cards passed between partners"),
}
CHOICE_LABELS = {
    "all_pass": {"redeal": _("redeal, no score"), "dealer_stuck": _("dealer is stuck with the minimum")},
    "trick_scheme": {"A": _("A: A, 10, K = 10 (250)"), "A10": _("A÷10: counters 1, meld ÷10 (25)"),
                     "B": _("B: 11/10/4/3/2 (250)"), "C": _("C: 10/10/5/5 (250)")},
    "meld_saved_by": {"points": _("a counter (trick points)"), "trick": _("any trick")},
    "throw_in_defenders": {"meld": _("their meld"), "meld_plus_tricks": _("their meld + all trick points"),
                           "nothing": _("nothing")},
    "double_arounds": {"x10": _("×10 (1000 aces)"), "x2": _("×2 (200 aces)")},
    "tie": {"bidder": _("the bidders win"), "higher": _("the higher total wins")},
    "passing": {0: _("none"), 3: "3", 4: "4"},
}


def _option_field(name: str, default) -> forms.Field:
    if name in FLAGS:
        field = forms.BooleanField(required=False)
    elif name in CHOICES:
        labels = CHOICE_LABELS.get(name, {})
        field = forms.TypedChoiceField(
            choices=[(c, labels.get(c, c)) for c in CHOICES[name]], coerce=type(CHOICES[name][0])
        )
    else:
        field = forms.IntegerField(min_value=1, max_value=100_000)
    field.label = LABELS.get(name, name)
    field.initial = default
    return field


OPTION_NAMES = [f.name for f in fields(PinochleRules)]


class _RuleProfileFormBase(forms.ModelForm):
    class Meta:
        model = RuleProfile
        fields = ["club", "name", "game_type"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            current = PinochleRules.from_dict(self.instance.options or {})
            for name in OPTION_NAMES:
                self.initial.setdefault(name, getattr(current, name))

    def clean(self):
        data = super().clean()
        options = {name: data.get(name) for name in OPTION_NAMES}
        if any(v is None for v in options.values()):
            return data
        try:
            self.rules = PinochleRules(**options)
        except ScoringError as e:
            from league.i18n import render

            self.add_error(e.field if e.field in self.fields else None, render(e.message))
        return data

    def save(self, commit=True):
        self.instance.options = self.rules.as_dict()
        return super().save(commit=commit)


RuleProfileForm = forms.models.ModelFormMetaclass(
    "RuleProfileForm",
    (_RuleProfileFormBase,),
    {
        "__module__": __name__,
        "__doc__": "A rule profile with one field per ``PinochleRules`` option.",
        **{f.name: _option_field(f.name, f.default) for f in fields(PinochleRules)},
    },
)
