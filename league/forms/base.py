"""What every kind's forms share: an entry form's hidden version and expected
number and the locked night's reason; a new-game form's players (from the
roster or new, one seat each) and the club's rule profiles of the kind."""
from django import forms
from django.utils.translation import gettext_lazy as _

from league.games.registry import kind_for
from league.names import normalised, refuse_invisible
from league.models import RuleProfile


class EntryForm(forms.Form):
    """One entry (a hand, a deal, a round): ``version`` is the version an edit was
    rendered with, ``expected_number`` the number a new entry expects; ``reason``
    is asked only on a locked night (``locked``)."""

    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    expected_number = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for changing a locked night"), required=False, max_length=500)

    def __init__(self, *args, locked=False, **kwargs):
        super().__init__(*args, **kwargs)
        if not locked:
            del self.fields["reason"]


class NameField(forms.CharField):
    """A person's or a team's name, on every form that takes one: NFC with its
    spaces collapsed, refused with this field's error when it holds a bidi
    control or an invisible character (``league.names``)."""

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return value
        name = normalised(value)
        refuse_invisible(name)
        return name


class NamesLinesField(forms.CharField):
    """Names one per line (walk-ins): each normalised and checked as ``NameField``'s."""

    def to_python(self, value):
        lines = [normalised(line) for line in (super().to_python(value) or "").splitlines()]
        for name in lines:
            refuse_invisible(name)
        return "\n".join(n for n in lines if n)


def player_field(label) -> NameField:
    return NameField(label=label, max_length=80)


def rules_field(standard) -> forms.ModelChoiceField:
    """The rule profile, ``standard`` naming the choice of none (the kind's standard rules)."""
    return forms.ModelChoiceField(label=_("Rules"), queryset=RuleProfile.objects.none(), required=False,
                                  empty_label=standard)


class NewGameBase(forms.Form):
    """A new game: its players in ``SEAT_FIELDS`` (the roster offered on each),
    the club's rule profiles of ``kind``; a name typed twice is refused
    (:meth:`twice`) under its second seat."""

    SEAT_FIELDS: tuple = ()
    KIND = None  # the game type of the form's kind, when the caller hands none

    def __init__(self, *args, club=None, kind=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.kind = kind = kind or kind_for(self.KIND)
        if club is not None:
            self.fields["rule_profile"].queryset = club.rule_profiles.filter(game_type=kind.code)
        self.seat(kind)
        for name in self.SEAT_FIELDS:
            self.fields[name].widget.attrs.update(list="roster", autocomplete="off")

    def seat(self, kind) -> None:
        """Adapt the seats to ``kind`` (before the roster is offered on them)."""

    def twice(self, first: str) -> str:
        """The message under a name already typed in the field ``first``."""
        raise NotImplementedError

    def clean(self):
        data = super().clean()
        seen = {}
        for field_name in self.SEAT_FIELDS:
            name = " ".join(data.get(field_name, "").split()).lower()
            if name and name in seen:
                self.add_error(field_name, self.twice(seen[name]))
            seen.setdefault(name, field_name)
        return data
