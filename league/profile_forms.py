"""Editing a rule profile: one labelled form field per rule option of the
profile's game (``PinochleRules``, ``DoubleDeckRules``, ``CribbageRules`` or
``RummyRules``); the rules class
itself validates the choice, so a profile can never hold impossible rules.
Each kind makes its own form with :func:`make_profile_form`, passing its
option labels (``league/games/<kind>/profile_labels.py``)."""
from dataclasses import fields

from django import forms
from django.utils.translation import gettext_lazy as _

from league.games.registry import kind_for
from league.models import RuleProfile
from league.models.rules import DEFAULT_GAME_TYPE
from scoring.errors import ScoringError
from scoring.pinochle import PinochleRules

# The one label every game shares; each game passes its own (``league/games/<kind>/profile_labels.py``).
LABELS = {
    "target": _("Game to"),
}


def _option_field(name: str, default, choices, flags, optional=(), least=1, labels=None,
                  choice_labels=None) -> forms.Field:
    if name in flags:
        field = forms.BooleanField(required=False)
    elif name in choices:
        shown = (choice_labels or {}).get(name, {})
        field = forms.TypedChoiceField(
            choices=[(c, shown.get(c, c)) for c in choices[name]], coerce=type(choices[name][0])
        )
    else:
        field = forms.IntegerField(min_value=least, max_value=100_000, required=name not in optional)
    field.label = {**LABELS, **(labels or {})}.get(name, name)
    field.initial = default
    return field


class ProfileForm(forms.ModelForm):
    rules_class = PinochleRules
    game_type = DEFAULT_GAME_TYPE
    option_names: list = []
    fixed: dict = {}  # options the game type sets (three-handed: players=3)
    optional: tuple = ()  # options that may be left empty (rummy: rounds_limit)

    class Meta:
        model = RuleProfile
        fields = ["club", "name"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            current = self.rules_class.from_dict({**(self.instance.options or {}), **self.fixed})
            for name in self.option_names:
                self.initial.setdefault(name, getattr(current, name))

    def clean(self):
        data = super().clean()
        options = {name: data.get(name) for name in self.option_names}
        if any(v is None for n, v in options.items() if n not in self.optional):
            return data
        kept = dict(self.instance.options or {})
        try:
            self.rules = self.rules_class(**{**kept, **options, **self.fixed})
        except ScoringError as e:
            from league.i18n import render

            self.add_error(e.field if e.field in self.fields else None, render(e.message))
        return data

    def save(self, commit=True):
        self.instance.game_type = self.game_type
        self.instance.options = self.rules.as_dict()
        return super().save(commit=commit)


def make_profile_form(name, rules_class, game_type, option_names, choices, flags, fixed=None, defaults=None,
                      optional=(), zero_allowed=(), labels=None, choice_labels=None):
    """``optional``: options that may be left empty (None); ``zero_allowed``:
    number options that may be 0 (the others start at 1); ``labels``: the
    game's field label per option (an option without one shows its name;
    ``target`` is "Game to"), ``choice_labels``: per option, the label of each choice."""
    defaults = defaults or {f.name: f.default for f in fields(rules_class)}
    attrs = {
        "__module__": __name__, "rules_class": rules_class, "game_type": game_type,
        "option_names": option_names, "fixed": fixed or {}, "optional": tuple(optional),
        "__doc__": f"A {game_type} rule profile with one field per option.",
        **{n: _option_field(n, defaults[n], choices, flags, optional, 0 if n in zero_allowed else 1,
                            labels, choice_labels)
           for n in option_names},
    }
    return forms.models.ModelFormMetaclass(name, (ProfileForm,), attrs)


def profile_form_for(game_type: str):
    """The profile form of a game type (``GameKind.profile_form``); the default game's for an unknown one."""
    try:
        return kind_for(game_type).profile_form()
    except KeyError:
        return kind_for(DEFAULT_GAME_TYPE).profile_form()
