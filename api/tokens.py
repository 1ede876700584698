"""Personal API tokens, made and revoked by their owner while signed in to the
site (a token makes no token): a club's organizer (or a superuser) makes one
for a script or a device; its secret is answered once and only its hash is
kept (:mod:`api.models`)."""
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from league.access import organizer_club_ids

from .models import ApiToken
from .views import ApiList, ApiView


class TokenSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=100)
    shown = serializers.CharField(read_only=True, help_text="The secret's first characters.")
    created_at = serializers.DateTimeField(read_only=True)
    last_used_at = serializers.DateTimeField(read_only=True, allow_null=True)


class NewTokenSerializer(TokenSerializer):
    token = serializers.CharField(read_only=True, help_text="The secret, shown this once: "
                                  "send it as 'Authorization: Bearer <token>'.")


class TokenList(ApiList):
    """The signed-in account's tokens (never their secrets); POST makes one (organizers only)."""

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsAuthenticated]
    serializer_class = TokenSerializer
    ordering = "-created_at", "-pk"

    def get_queryset(self):
        return ApiToken.objects.filter(user=self.request.user, revoked_at__isnull=True)

    @extend_schema(request=TokenSerializer, responses={201: NewTokenSerializer})
    def post(self, request):
        user = request.user
        if not (user.is_superuser or organizer_club_ids(user)):
            raise PermissionDenied(_("Only a club's organizers make API tokens."))
        given = TokenSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        token, secret = ApiToken.issue(user=user, name=given.validated_data["name"])
        token.token = secret
        return Response(NewTokenSerializer(token).data, status=status.HTTP_201_CREATED)


class TokenDetail(ApiView):
    """Revoke one of the account's tokens: it stops working at once."""

    authentication_classes = [SessionAuthentication]
    permission_classes = [IsAuthenticated]
    serializer_class = TokenSerializer

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, token_id):
        token = get_object_or_404(ApiToken, pk=token_id, user=request.user, revoked_at__isnull=True)
        ApiToken.objects.filter(pk=token.pk).update(revoked_at=timezone.now())
        return Response(status=status.HTTP_204_NO_CONTENT)
