"""Pinochle's forms: a hand (``HandForm``) and a new game (``NewGameForm``).
Forms check types and ranges; the services and ``scoring`` check the rules."""
from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import HandKind
from league.models.rules import GameType
from league.models.game import SEAT_LETTERS, SIDE_LABELS
from league.forms.base import EntryForm, NewGameBase, player_field, rules_field
from scoring.cards import SUIT_SYMBOLS, SUITS


BIG = 100_000
SEAT_CHOICES = [(i, letter) for i, letter in enumerate(SEAT_LETTERS)]
SIDE_CHOICES = [(0, SIDE_LABELS[0]), (1, SIDE_LABELS[1])]
TRUMP_CHOICES = [(s, SUIT_SYMBOLS[s]) for s in SUITS]

class HandForm(EntryForm):
    """One hand in the order the paper sheet asks: dealer, bidder, bid, trump,
    meld and trick points for each side. Throw-in, all passed and renege are
    the ``kind``."""

    kind = forms.TypedChoiceField(
        label=_("Hand"), choices=[c for c in HandKind.choices if c[0] not in (HandKind.DEAL, HandKind.ROUND)], initial=HandKind.PLAYED,
        widget=forms.RadioSelect,
    )
    dealer = forms.TypedChoiceField(label=_("Dealer"), choices=SEAT_CHOICES, coerce=int)
    bidder_seat = forms.TypedChoiceField(
        label=_("Bidder"), choices=SEAT_CHOICES, coerce=int, required=False,
        empty_value=None, widget=forms.RadioSelect,
    )
    bid = forms.IntegerField(label=_("Bid"), required=False, min_value=0, max_value=BIG)
    trump = forms.ChoiceField(
        label=_("Trump"), choices=TRUMP_CHOICES, required=False, widget=forms.RadioSelect
    )
    meld_0 = forms.IntegerField(label=_("N–S meld"), required=False, min_value=0, max_value=BIG)
    meld_1 = forms.IntegerField(label=_("E–W meld"), required=False, min_value=0, max_value=BIG)
    tricks_0 = forms.IntegerField(label=_("N–S tricks"), required=False, min_value=0, max_value=BIG)
    tricks_1 = forms.IntegerField(label=_("E–W tricks"), required=False, min_value=0, max_value=BIG)
    took_trick_0 = forms.BooleanField(label=_("N–S took a trick"), required=False)
    took_trick_1 = forms.BooleanField(label=_("E–W took a trick"), required=False)
    renege_side = forms.TypedChoiceField(
        label=_("Reneged"), choices=SIDE_CHOICES, coerce=int, required=False, empty_value=None,
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(
        label=_("Reason for changing a locked night"), required=False, max_length=500,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args, sheet=None, locked=False, **kwargs):
        super().__init__(*args, locked=locked, **kwargs)
        self.sheet = sheet
        self.sides = 2
        if sheet is not None:
            rules = sheet.rules
            self.sides = rules.sides
            if self.sides == 3:
                self._three_players(sheet)
            letters = sheet.seat_letters if hasattr(sheet, "seat_letters") else SEAT_LETTERS
            names = [s.player.name for s in sheet.seats]
            labels = [f"{letters[i]} {n.split()[0] if n.split() else n}" for i, n in enumerate(names)]
            for name in ("dealer", "bidder_seat"):
                self.fields[name].choices = list(enumerate(labels))
            self.fields["bid"].widget.attrs.update(
                min=rules.min_bid, step=rules.bid_increment, inputmode="numeric"
            )
            for f in self.side_names("meld"):
                self.fields[f].widget.attrs.update(step=rules.meld_step, inputmode="numeric")
            for f in self.side_names("tricks"):
                self.fields[f].widget.attrs.update(
                    max=rules.trick_total, inputmode="numeric", **{"data-total": rules.trick_total}
                )
            if rules.meld_saved_by != "trick":
                for f in self.side_names("took_trick"):
                    del self.fields[f]

    def _three_players(self, sheet):
        """Three-handed: one meld, trick and took-a-trick field per player, labelled by name."""
        names = [s.player.name for s in sheet.seats]
        for side, name in enumerate(names):
            if side == 2:
                self.fields["meld_2"] = forms.IntegerField(required=False, min_value=0, max_value=BIG)
                self.fields["tricks_2"] = forms.IntegerField(required=False, min_value=0, max_value=BIG)
                self.fields["took_trick_2"] = forms.BooleanField(required=False)
            self.fields[f"meld_{side}"].label = _("%(name)s meld") % {"name": name}
            self.fields[f"tricks_{side}"].label = _("%(name)s tricks") % {"name": name}
            self.fields[f"took_trick_{side}"].label = _("%(name)s took a trick") % {"name": name}
        self.fields["renege_side"].choices = list(enumerate(names))
        self.fields["tricks_0"].help_text = _("Trick points total the hand's counters; the bidder's include the widow's.")

    def side_names(self, prefix: str) -> list[str]:
        """``meld_0``, ``meld_1`` (and ``meld_2`` three-handed): one field name per side."""
        return [f"{prefix}_{side}" for side in range(self.sides)]

    def _bound(self, prefix):
        return [self[name] for name in self.side_names(prefix) if name in self.fields]

    @property
    def meld_fields(self):
        return self._bound("meld")

    @property
    def trick_fields(self):
        return self._bound("tricks")

    @property
    def took_fields(self):
        return self._bound("took_trick")

    def clean(self):
        data = super().clean()
        kind = data.get("kind")
        if kind and kind != HandKind.PASSED:
            for name in ("bidder_seat", "bid", "trump"):
                if data.get(name) in (None, "") and name not in self.errors:
                    self.add_error(name, _("Required unless all passed."))
        if kind == HandKind.PLAYED:
            for name in self.side_names("tricks"):
                if data.get(name) is None and name not in self.errors:
                    self.add_error(name, _("Enter the trick points (0 if none)."))
        if kind == HandKind.RENEGE and data.get("renege_side") is None:
            self.add_error("renege_side", _("Say which player reneged.") if self.sides == 3 else _("Say which side reneged."))
        return data

    def service_kwargs(self, extra=()) -> dict:
        """The cleaned data as a ``PinochleHandInput``'s fields (``kind.entry_input``); ``extra``
        names the non-input fields to pass too (``expected_number``, ``reason``)."""
        d = self.cleaned_data
        kwargs = {k: d[k] for k in extra if k in self.fields and d.get(k) not in (None, "")}
        kwargs.update({
            "kind": d["kind"], "dealer": d["dealer"], "bidder_seat": d.get("bidder_seat"),
            "bid": d.get("bid"), "trump": d.get("trump") or "",
            "meld": tuple(d.get(f) or 0 for f in self.side_names("meld")),
            "renege_side": d.get("renege_side"),
        })
        if d["kind"] == HandKind.PLAYED:
            kwargs["tricks"] = tuple(d.get(f) for f in self.side_names("tricks"))
            if "took_trick_0" in self.fields:
                kwargs["took_trick"] = tuple(
                    bool(d.get(f"took_trick_{s}")) or bool(d.get(f"tricks_{s}")) for s in range(self.sides)
                )
        return kwargs

    @classmethod
    def initial_for(cls, hand) -> dict:
        """Initial values that show a stored hand (its ``side_rows`` loaded)."""
        rows = sorted(hand.side_rows.all(), key=lambda r: r.side)
        initial = {
            "kind": hand.kind, "dealer": hand.dealer, "bidder_seat": hand.bidder_seat,
            "bid": hand.bid, "trump": hand.trump, "renege_side": hand.renege_side,
            "version": hand.version,
        }
        for r in rows:
            initial[f"meld_{r.side}"] = r.meld
            initial[f"tricks_{r.side}"] = r.tricks
            initial[f"took_trick_{r.side}"] = bool(r.took_trick)
        return initial


class NewGameForm(NewGameBase):
    """Four players by seat (pick from the roster or type a new name), a rule
    profile and the first dealer."""

    north = player_field(_("North"))
    east = player_field(_("East"))
    south = player_field(_("South"))
    west = player_field(_("West"))
    rule_profile = rules_field(_("Standard (1500 · min 250 by 10)"))
    first_dealer = forms.TypedChoiceField(
        label=_("First dealer"), choices=SEAT_CHOICES, coerce=int, initial=0
    )

    SEAT_FIELDS = ("north", "east", "south", "west")
    KIND = GameType.PARTNERSHIP

    def seat(self, kind):
        if kind.seats == 3:
            # three players, each on their own: seats are numbered, not compass points
            self.SEAT_FIELDS = ("north", "east", "south")
            del self.fields["west"]
            for number, name in enumerate(self.SEAT_FIELDS, start=1):
                self.fields[name].label = _("Player %(n)d") % {"n": number}
            self.fields["first_dealer"].choices = [(0, "1"), (1, "2"), (2, "3")]
        if kind.standard_rules_label:
            self.fields["rule_profile"].empty_label = kind.standard_rules_label

    def twice(self, first):
        return _("This player already sits at %(seat)s.") % {"seat": self.fields[first].label}
