"""The login form: Django's own, refusing an account whose email address was
given at sign-up and is not confirmed yet (django-allauth keeps the
addresses; ``config/settings/base.py`` says how sign-up works). The sign-up
form: allauth's, keeping the address on the account as it was typed."""
from allauth.account.forms import SignupForm as AllauthSignupForm
from allauth.account.models import EmailAddress
from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext_lazy as _


class LoginForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "unconfirmed": _("Confirm your email address first: follow the link we mailed to it when you signed up."),
    }

    def confirm_login_allowed(self, user):
        super().confirm_login_allowed(user)
        addresses = EmailAddress.objects.filter(user=user)
        if addresses.exists() and not addresses.filter(verified=True).exists():
            raise forms.ValidationError(self.error_messages["unconfirmed"], code="unconfirmed")


class SignupForm(AllauthSignupForm):
    """allauth's sign-up, the account's address stored as given ("Nora@Example.org").
    allauth checks it, and keeps its own copy (``EmailAddress``), lowercased: one
    address in any case holds one account."""

    def clean_email(self) -> str:
        compared = super().clean_email()
        given = str(self.data.get(self.add_prefix("email"), "")).strip()  # allauth's field lowercases
        return given if given.lower() == compared else compared

    def save(self, request):
        """allauth stored the account's address lowercased too: store it as given."""
        user = super().save(request)
        given = self.cleaned_data.get("email") or ""
        if given and user.email != given:
            user.email = given
            user.save(update_fields=["email"])
        return user
