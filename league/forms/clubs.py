"""Forms of a club's own settings: the club, its members' roles, invitations."""
from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from league.models import Membership
from league.models.club import time_zone_names
from league.services.clubs import INVITE_DAYS

LANGUAGE_CHOICES = [("", _("Each visitor's own choice")), *settings.LANGUAGES]


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Club name"), max_length=100)
    language = forms.ChoiceField(
        label=_("Default language"), choices=LANGUAGE_CHOICES, required=False,
        help_text=_("The language of this club's pages and printed packets for visitors who have not chosen one."))
    time_zone = forms.ChoiceField(
        label=_("Time zone"), initial="UTC",
        help_text=_("The club's dates and times on its pages, printed sheets and calendar feed."))
    leagues_public = forms.TypedChoiceField(
        label=_("New leagues are"), coerce=lambda v: v == "public", initial="members",
        choices=[("members", _("Members only")), ("public", _("Public"))],
        help_text=_("What the form of a new league offers; each league keeps its own setting."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(name, name) for name in time_zone_names()]


class RoleForm(forms.Form):
    membership = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


class RemoveForm(forms.Form):
    membership = forms.IntegerField(widget=forms.HiddenInput)


class InviteForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices, initial=Membership.Role.MEMBER)
    days = forms.TypedChoiceField(
        label=_("The link stays open for"), coerce=int, initial=7,
        choices=[(d, ngettext_lazy("%(n)d day", "%(n)d days", "n") % {"n": d}) for d in INVITE_DAYS])
    email = forms.EmailField(
        label=_("Email (optional)"), required=False,
        help_text=_("With an address, the link is also sent there; without one, hand the link over yourself."))


class RevokeForm(forms.Form):
    invite = forms.IntegerField(widget=forms.HiddenInput)


RESTORE_MAX_BYTES = 50 * 1024 * 1024
"""The largest backup the settings page restores (a club of many seasons is a few MB)."""


class RestoreForm(forms.Form):
    file = forms.FileField(label=_("Backup file"), help_text=_("The .json file the club's backup download gave."))
    confirm = forms.BooleanField(label=_("Replace this empty club with the club in the file"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > RESTORE_MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than 50 MB."))
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(_("This is not a club backup (not UTF-8 text).")) from None
