"""Token auth by a fixed header check: `Authorization: Token <PEER_TOKEN>` stands for one user.

The user is read on every request (one query by email, as DRF's TokenAuthentication reads its token
joined to its user), so /me and every row pay one authentication query, as ours do when a session
is not cached.
"""
import hmac

from django.conf import settings
from rest_framework import authentication, exceptions

from shop.models import User


class FixedTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Token"

    def authenticate(self, request):
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if not header:
            return None
        expected = f"{self.keyword} {settings.PEER_TOKEN}"
        if not hmac.compare_digest(header, expected):
            raise exceptions.AuthenticationFailed("Invalid token.")
        try:
            user = User.objects.select_related("company").get(email=settings.PEER_USER_EMAIL, is_active=True)
        except User.DoesNotExist:
            raise exceptions.AuthenticationFailed("No such user.")
        return (user, None)

    def authenticate_header(self, request):
        return self.keyword
