"""Forms of a club's roster page: rename, merge two players, import a list."""
from django import forms
from django.utils.translation import gettext_lazy as _

from django.forms import Textarea
from league.models import Player

IMPORT_MAX_BYTES = 1_000_000
"""The largest list accepted (about 20,000 players)."""


class RenameForm(forms.Form):
    """A player's name and details, one row of the roster."""

    player = forms.IntegerField(widget=forms.HiddenInput)
    name = forms.CharField(label=_("Name"), max_length=200)
    email = forms.EmailField(label=_("Email"), required=False)
    member = forms.BooleanField(label=_("Member"), required=False)
    active = forms.BooleanField(label=_("Active"), required=False,
                                help_text=_("Inactive players are not offered at check-in; their results stay."))


class MergeForm(forms.Form):
    keep = forms.ModelChoiceField(label=_("Keep this player"), queryset=Player.objects.none())
    gone = forms.ModelChoiceField(
        label=_("and merge this one into them"), queryset=Player.objects.none(),
        help_text=_("Every game, result and rating of the second player becomes the first's; the second "
                    "player's name is removed. Standings and ratings are worked out again."))
    confirm = forms.BooleanField(label=_("They are one person: merge them (this cannot be undone)"))

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("keep", "gone"):
            self.fields[name].queryset = club.players.order_by("name") if club is not None else Player.objects.none()


class ImportForm(forms.Form):
    file = forms.FileField(label=_("A CSV or XLSX file"), required=False,
                           help_text=_("Columns: name, then optionally email and member (yes / no). A first "
                                       "row naming the columns is read as the header."))
    text = forms.CharField(label=_("or paste the list"), required=False, widget=Textarea(attrs={"rows": 6}),
                           help_text=_("One player a line: name, email, member."))

    def clean(self):
        from league.services.players import rows_of_xlsx

        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload:
            if upload.size > IMPORT_MAX_BYTES:
                self.add_error("file", _("The file is larger than 1 MB."))
                return cleaned
            data = upload.read()
            if upload.name.lower().endswith(".xlsx"):
                try:
                    cleaned["text"] = rows_of_xlsx(data)
                except Exception:  # noqa: BLE001 (any unreadable workbook is the same answer)
                    self.add_error("file", _("This is not a readable XLSX workbook."))
            else:
                try:
                    cleaned["text"] = data.decode("utf-8-sig")
                except UnicodeDecodeError:
                    self.add_error("file", _("Save the CSV as UTF-8 and try again."))
        if not self.errors and not (cleaned.get("text") or "").strip():
            self.add_error("text", _("Choose a file or paste the list."))
        return cleaned


class ImportConfirmForm(forms.Form):
    """The preview's confirmation: the list again, and which of its lines to add."""

    text = forms.CharField(widget=forms.HiddenInput, max_length=IMPORT_MAX_BYTES)
    lines = forms.TypedMultipleChoiceField(label=_("Add"), coerce=int, required=False, choices=(),
                                           widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, rows=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["lines"].choices = [(r.line, r.name) for r in rows if r.importable]
