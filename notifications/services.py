"""The one way anything is told to a player (issue 36): `notify` keeps it for the notification centre."""

from __future__ import annotations

from typing import Any

from accounts.models import Player
from notifications.kinds import KINDS
from notifications.models import Notification


def notify(player: Player, kind: str, **data: Any) -> Notification:
    """Keep a notification of `kind` for `player`, with the facts its text is drawn from."""
    if kind not in KINDS:
        raise ValueError(f"unknown notification kind {kind!r}")
    return Notification.objects.create(player=player, kind=kind, data=data)
