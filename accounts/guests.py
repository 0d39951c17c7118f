"""A newcomer becomes a guest: the one way in with a nickname only (the guest page, and the invite pages
that ask for the nickname and take the seat in the same click)."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _
from django_ratelimit.core import is_ratelimited  # type: ignore[import-untyped]

from accounts.models import Player
from accounts.nicknames import NicknameError
from accounts.selectors import remember_guest
from accounts.services import player_create_guest

GROUP = "guest-create"


def guest_sign_in(request, *, nickname: str) -> Player:
    """A guest with this nickname, remembered by a fresh session. Raises NicknameError, also when the address
    made too many guests lately (settings.GUEST_CREATION_RATES: one script made 7 a second, and every limit per
    player is multiplied by the players one can make: issue 31)."""
    if not guest_allowed(request):
        raise NicknameError("too_many_guests", _("Too many new players from your connection: wait a minute."))
    player = player_create_guest(nickname=nickname)
    request.session.cycle_key()
    remember_guest(session=request.session, player=player)
    request.player = player
    return player


def guest_allowed(request) -> bool:
    """Count one guest made from this address (django-ratelimit on the Redis cache, the address as every limit
    by address reads it); False once over a budget."""
    over = [
        is_ratelimited(request, group=GROUP, key="ip", rate=rate, increment=True)
        for rate in settings.GUEST_CREATION_RATES
    ]
    return not any(over)
