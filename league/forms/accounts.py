"""The login form: Django's own, refusing an account whose email address was
given at sign-up and is not confirmed yet (django-allauth keeps the
addresses; ``config/settings/base.py`` says how sign-up works)."""
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
