"""Cribbage forms: a new game and one deal.

Forms check types; the services and ``scoring.cribbage`` check the rules, and
their errors come back under the field the player typed into.
"""
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy as _

from league.forms.base import EntryForm, NewGameBase, player_field, rules_field
from league.models.rules import GameType
from scoring.cards import SUIT_SYMBOLS, SUITS


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_CHOICES = [(r, r) for r in RANKS]
SUIT_CHOICES = [(s, SUIT_SYMBOLS[s]) for s in SUITS]
SHOW_FIELDS = ("pone_hand", "dealer_hand", "crib")


def attach_deal_errors(form: forms.Form, error: ValidationError) -> None:
    """Put a deal service's errors under the fields: a pegging error under the
    player it concerns (its ``code`` is ``player_0`` or ``player_1``), a
    starter error under the starter."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for key, errors in error.error_dict.items():
        for e in errors:
            message = " ".join(e.messages)
            if key == "pegging":
                target = "pegging_1" if e.code == "player_1" else "pegging_0"
            elif key == "starter":
                target = "starter_rank"
            elif key != NON_FIELD_ERRORS and key in form.fields:
                target = key
            else:
                target = None
            form.add_error(target, message)


def _points(label):
    return forms.IntegerField(label=label, required=False, widget=forms.NumberInput(attrs={
        "inputmode": "numeric", "min": 0, "max": 29, "placeholder": "0"}))


class CribbageGameForm(NewGameBase):
    """Two players (from the roster or new), a cribbage rule profile, who deals first."""

    player_0 = player_field(_("Player 1"))
    player_1 = player_field(_("Player 2"))
    rule_profile = rules_field(_("Standard (121, skunk 3)"))
    first_dealer = forms.TypedChoiceField(
        label=_("First dealer"), choices=[(0, _("Player 1")), (1, _("Player 2"))], coerce=int, initial=0,
        widget=forms.RadioSelect,
    )

    PLAYER_FIELDS = ("player_0", "player_1")
    SEAT_FIELDS = PLAYER_FIELDS  # the new-game page lists these
    KIND = GameType.CRIBBAGE

    def twice(self, first):
        return _("Two different players, please.")


class DealForm(EntryForm):
    """One deal in the order it is counted: who dealt, the starter, each
    player's pegging, the pone's hand, the dealer's hand, the crib; and, only
    when both would peg out, who did first."""

    dealer = forms.TypedChoiceField(label=_("Dealer"), choices=[(0, "0"), (1, "1")], coerce=int,
                                    widget=forms.RadioSelect)
    starter_rank = forms.ChoiceField(label=_("Starter rank"), choices=RANK_CHOICES, required=False,
                                     widget=forms.RadioSelect)
    starter_suit = forms.ChoiceField(label=_("Starter suit"), choices=SUIT_CHOICES, required=False,
                                     widget=forms.RadioSelect)
    pegging_0 = _points(_("Pegging"))
    pegging_1 = _points(_("Pegging"))
    pone_hand = _points(_("Pone's hand"))
    dealer_hand = _points(_("Dealer's hand"))
    crib = _points(_("Crib"))
    pegged_out_first = forms.TypedChoiceField(
        label=_("Who pegged out first?"), choices=[(0, "0"), (1, "1")], coerce=int, required=False,
        empty_value=None, widget=forms.RadioSelect,
    )

    def __init__(self, *args, names=("", ""), locked=False, **kwargs):
        super().__init__(*args, locked=locked, **kwargs)
        self.names = list(names)
        players = list(enumerate(self.names))
        self.fields["dealer"].choices = players
        self.fields["pegged_out_first"].choices = players
        for p, name in players:
            self.fields[f"pegging_{p}"].label = _("%(name)s pegged") % {"name": self.short_names[p]}
            self.fields[f"pegging_{p}"].widget.attrs["max"] = 30

    def clean(self):
        data = super().clean()
        rank, suit = data.get("starter_rank"), data.get("starter_suit")
        if bool(rank) != bool(suit) and "starter_rank" not in self.errors:
            self.add_error("starter_rank", _("Pick the starter's rank and suit, or neither."))
        return data

    @property
    def short_names(self) -> list[str]:
        """First names, for the labels of a phone-sized form."""
        return [name.split()[0] if name.split() else name for name in self.names]

    @property
    def starter(self) -> str:
        d = self.cleaned_data
        return f"{d['starter_rank']}{d['starter_suit']}" if d.get("starter_rank") and d.get("starter_suit") else ""

    def service_kwargs(self) -> dict:
        """The cleaned data as a ``CribbageDealInput``'s fields (``kind.entry_input``)."""
        d = self.cleaned_data
        kwargs = {
            "dealer": d["dealer"], "starter": self.starter,
            "pegging": (d.get("pegging_0") or 0, d.get("pegging_1") or 0),
            "pegged_out_first": d.get("pegged_out_first"),
        }
        for name in SHOW_FIELDS:
            kwargs[name] = d.get(name) or 0
        if "reason" in self.fields:
            kwargs["reason"] = d.get("reason") or ""
        return kwargs

    @property
    def needs_pegged_out_first(self) -> bool:
        return bool(self["pegged_out_first"].errors) or self["pegged_out_first"].value() not in (None, "")

    @classmethod
    def initial_for(cls, hand) -> dict:
        """Initial values showing a stored deal (its ``side_rows`` loaded)."""
        rows = {r.side: r for r in hand.side_rows.all()}
        dealer, pone = rows[hand.dealer], rows[1 - hand.dealer]
        initial = {
            "dealer": hand.dealer, "pegging_0": rows[0].pegging, "pegging_1": rows[1].pegging,
            "pone_hand": pone.show, "dealer_hand": dealer.show, "crib": dealer.crib,
            "pegged_out_first": hand.pegged_out_first, "version": hand.version,
        }
        if hand.starter:
            initial["starter_rank"], initial["starter_suit"] = hand.starter[:-1], hand.starter[-1]
        return initial
