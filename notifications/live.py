"""A new notification reaches the player's open pages at once, through their own channel-layer group, which every
page's site socket (the lobby socket, static/js/presence.js) listens to (decision 132).

Sent after commit; when Redis is away it is logged and lost, and the bell catches up when its socket is back
(static/js/bell.js asks for the count on every reconnect and when the layer recovers): the notification stands.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)

NEW = "notification.new"  # the consumers' handler: notification_new


def player_group(player_id: int) -> str:
    """Every site socket of one player listens here (several tabs, a phone and a desktop)."""
    return f"player.{player_id}"


def after_commit(what: str, step: Callable[[], object]) -> None:
    """`step` once the current transaction commits (at once outside one); a failure is logged, never raised: the
    change it follows has happened."""

    def run() -> None:
        try:
            step()
        except Exception:
            log.warning("%s not sent after commit (Redis?)", what, exc_info=True)

    transaction.on_commit(run)


def told(player_id: int, item: dict[str, Any], unread: int) -> None:
    """The player's pages: this notification is new (its id, kind, facts and time: each socket writes its text in
    its page's language, notifications.texts), and so many are unread."""
    message = {"type": NEW, "item": item, "unread": unread}
    async_to_sync(get_channel_layer().group_send)(player_group(player_id), message)
