"""``Authorization: Bearer ct_…``: a personal API token (:class:`api.models.ApiToken`)
acts as its owner, with the owner's access (league/access.py); a revoked or
unknown token is a 401."""
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from .models import PREFIX, ApiToken, token_hash

KEYWORD = b"bearer"


class BearerTokenAuthentication(BaseAuthentication):
    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != KEYWORD:
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Send one token: Authorization: Bearer ct_…"))
        try:
            secret = parts[1].decode("ascii")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed(_("This token is unknown or revoked.")) from None
        token = None
        if secret.startswith(PREFIX) and len(secret) <= 100:
            token = ApiToken.objects.select_related("user").filter(
                key_hash=token_hash(secret), revoked_at__isnull=True).first()
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("This token is unknown or revoked."))
        now = timezone.now()
        if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)  # at most once a minute
        return token.user, token

    def authenticate_header(self, request):
        return "Bearer"
