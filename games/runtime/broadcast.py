"""Tell every socket in a room that something changed. Frames carry only "what and which version";
each consumer then reads the state and sends ITS viewer's view (DESIGN.md: per-viewer views).

Everything a service does after its transaction committed (a broadcast, a task enqueued, a lobby page
told) goes through `after_commit`: the change has happened, so a failure there (Redis down, the broker
refusing) is logged with its reference and recovered later, by the sweeper (timers, bots) and by the
clients' resync on reconnect (views), never turned into an error for the player who made the change.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def room_group(code: str) -> str:
    return f"room.{code}"


def announce(code: str, *, room_version: int | None = None, match_id: int | None = None,
             match_version: int | None = None) -> None:
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(room_group(code), {
        "type": "room.changed", "room_version": room_version,
        "match_id": match_id, "match_version": match_version,
    })


def safely(what: str, ref: str, step: Callable[[], object]) -> bool:
    """Run one post-commit step; a failure is logged (with `ref`, e.g. "match 12") and swallowed."""
    try:
        step()
    except Exception:
        log.exception("%s failed after commit (%s); the sweeper and the clients' resync recover it", what, ref)
        return False
    return True


def after_commit(what: str, ref: str, step: Callable[[], object]) -> None:
    """`step` once the current transaction commits (at once outside one), never raising."""
    transaction.on_commit(lambda: safely(what, ref, step))
