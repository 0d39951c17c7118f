"""The bell's count in the top bar (templates/base.html), on every page of a player: read only when the template
asks (one query); the socket keeps it up to date afterwards (static/js/bell.js)."""

from __future__ import annotations

import functools
from typing import Any

from notifications.services import unread_count


def bell(request) -> dict[str, Any]:
    player = getattr(request, "player", None)
    if not player:
        return {"bell_unread": None}
    return {"bell_unread": functools.cache(lambda: unread_count(player_id=player.pk))}
