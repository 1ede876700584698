"""Editing a rule profile: one labelled form field per rule option of the
profile's game (``PinochleRules``, ``DoubleDeckRules``, ``CribbageRules`` or
``RummyRules``); the rules class
itself validates the choice, so a profile can never hold impossible rules.
Each kind makes its own form with :func:`make_profile_form` (``league/games/``)."""
from dataclasses import fields

from django import forms
from django.utils.translation import gettext_lazy as _

from league.games.registry import kind_for
from league.models import RuleProfile
from league.models.rules import DEFAULT_GAME_TYPE
from scoring.errors import ScoringError
from scoring.pinochle import PinochleRules

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
    "settlement": _("Three-handed scoring"),
    "spades_double": _("A hand played in spades pays double"),
    "high_bids_from": _("Bids go by the higher step from"),
    "high_bid_increment": _("Higher bid step"),
    "display_x10": _("Show scores ×10 on the sheet"),
    "game_stake": _("Stake per game, paid to the winner by each opponent (0: none)"),
    "set_stake": _("Stake per set (thrown in: one, played and lost: two; 0: none)"),
    "stakes_method": _("Stakes are paid"),
    "game_points": _("League game points"),
    "spread": _("A loss records"),
    "past_hole": _("Count past the hole (the winner keeps the whole count past 121)"),
    "rounds_limit": _("Rounds to play (empty: play to the target)"),
    "barbele_at": _("Barbele from a total of"),
    "barbele_minimum": _("Barbele: points needed to open"),
    "barbele_penalty": _("Barbele: a failed opening costs"),
    "going_out_bonus": _("Going out (not by folding) earns"),
    "clean_run_bonus": _("Each clean run earns"),
    "semi_clean_run_bonus": _("Each semi-clean run earns"),
    "dirty_run_bonus": _("Each dirty run earns"),
    "jack_value": _("A jack counts"),
    "face_up_bonus": _("The face-up card of the deal earns"),
    "pinochle_set_value": _("A Pinochle set (eleven cards) is worth"),
    "full_straight_value": _("A full straight (twelve cards) is worth"),
    "barbele_penalty_each": _("Barbele: every failed opening costs the penalty (off: once a round)"),
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
    "settlement": {"cutthroat": _("cut-throat: running totals to the target"),
                   "auction": _("auction: each hand paid in units")},
    "game_points": {"acc": _("win 2, skunk 3 (ACC)"), "double_skunk": _("win 2, skunk 3, double skunk 4"),
                    "no_skunks": _("win 2, skunks ignored")},
    "spread": {"margin": _("minus the margin"), "loser_121": _("121 minus own score")},
    "stakes_method": {"direct": _("by each opponent to the winner"),
                      "pot": _("into a pot the winner takes")},
}


def _option_field(name: str, default, choices, flags, optional=(), least=1) -> forms.Field:
    if name in flags:
        field = forms.BooleanField(required=False)
    elif name in choices:
        labels = CHOICE_LABELS.get(name, {})
        field = forms.TypedChoiceField(
            choices=[(c, labels.get(c, c)) for c in choices[name]], coerce=type(choices[name][0])
        )
    else:
        field = forms.IntegerField(min_value=least, max_value=100_000, required=name not in optional)
    field.label = LABELS.get(name, name)
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
                  optional=(), zero_allowed=()):
    """``optional``: options that may be left empty (None); ``zero_allowed``:
    number options that may be 0 (the others start at 1)."""
    defaults = defaults or {f.name: f.default for f in fields(rules_class)}
    attrs = {
        "__module__": __name__, "rules_class": rules_class, "game_type": game_type,
        "option_names": option_names, "fixed": fixed or {}, "optional": tuple(optional),
        "__doc__": f"A {game_type} rule profile with one field per option.",
        **{n: _option_field(n, defaults[n], choices, flags, optional, 0 if n in zero_allowed else 1)
           for n in option_names},
    }
    return forms.models.ModelFormMetaclass(name, (ProfileForm,), attrs)


def profile_form_for(game_type: str):
    """The profile form of a game type (``GameKind.profile_form``); the default game's for an unknown one."""
    try:
        return kind_for(game_type).profile_form()
    except KeyError:
        return kind_for(DEFAULT_GAME_TYPE).profile_form()
