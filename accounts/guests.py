"""A newcomer becomes a guest: the one way in with a nickname only (the guest page, and the invite pages
that ask for the nickname and take the seat in the same click)."""

from __future__ import annotations

from accounts.models import Player
from accounts.selectors import remember_guest
from accounts.services import player_create_guest


def guest_sign_in(request, *, nickname: str) -> Player:
    """A guest with this nickname, remembered by a fresh session. Raises NicknameError."""
    player = player_create_guest(nickname=nickname)
    request.session.cycle_key()
    remember_guest(session=request.session, player=player)
    request.player = player
    return player
