"""A service's ``ValidationError`` (keyed by service argument) attached back to
the form field the player typed into, so every error shows where it belongs;
the version an edit form was rendered with."""
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy as _

# service argument -> form fields that show its errors
SERVICE_FIELDS = {
    "meld": ("meld_0", "meld_1", "meld_2"),
    "tricks": ("tricks_0", "tricks_1", "tricks_2"),
    "took_trick": ("took_trick_0", "took_trick_1", "took_trick_2"),
}


def attach_errors(form: forms.Form, error: ValidationError) -> None:
    """Add a service's ``ValidationError`` to ``form`` under the matching fields."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for key, errors in error.message_dict.items():
        targets = SERVICE_FIELDS.get(key, (key,))
        targets = [t for t in targets if t in form.fields] or [None]
        for message in errors:
            form.add_error(targets[0] if key != NON_FIELD_ERRORS else None, message)


def edit_version(form: forms.Form) -> int:
    """The version an edit form was rendered with: required on every edit, so a
    stale page (or a post that lost its hidden field) is refused, never applied."""
    version = form.cleaned_data.get("version")
    if version is None:
        raise ValidationError(_("This form does not say which version it changes: reload the page and "
                                "make the change again."))
    return version
