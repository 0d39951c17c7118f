"""Who is playing in this request or websocket: the one place that answers it."""

from __future__ import annotations

from accounts.models import Player
from accounts.services import player_for_user

GUEST_SESSION_KEY = "guest_player_id"


def player_from_session(*, user, session) -> Player | None:
    """A logged-in user's Player, else the guest Player tied to this browser session, else None."""
    if user is not None and user.is_authenticated:
        return player_for_user(user=user)
    player_id = session.get(GUEST_SESSION_KEY) if session is not None else None
    if player_id is None:
        return None
    # A guest whose row later got an account must log in as that account to be that player.
    return Player.objects.filter(pk=player_id, user__isnull=True).first()


def remember_guest(*, session, player: Player) -> None:
    session[GUEST_SESSION_KEY] = player.pk


def player_is_verified(*, player: Player) -> bool:
    """A registered player with at least one verified e-mail address (allauth's verification)."""
    from allauth.account.models import EmailAddress

    return player.user_id is not None and EmailAddress.objects.filter(user_id=player.user_id, verified=True).exists()
