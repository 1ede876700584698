"""Personal API tokens: an organizer's (or director's) key for scripts and
devices, made and revoked by its owner; only its SHA-256 is stored (the
secret is 32 random bytes, shown once when it is made)."""
import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

PREFIX = "ct_"


def token_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiToken(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=100)
    key_hash = models.CharField(max_length=64, unique=True)
    shown = models.CharField(max_length=12, help_text="The secret's first characters, to tell tokens apart.")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.name} ({self.shown}…)"

    @classmethod
    def issue(cls, *, user, name: str) -> tuple["ApiToken", str]:
        """A new token of ``user`` and its secret (returned once, never stored)."""
        secret = PREFIX + secrets.token_urlsafe(32)
        return cls.objects.create(user=user, name=name, key_hash=token_hash(secret), shown=secret[:10]), secret
