"""Frames of the room socket that are not game state, handled by an app above the runtime (issue 36: a
reaction, chat's): the app registers a handler for its frame type when it loads (AppConfig.ready), the room
socket hands it such frames, and what the app sends the whole room comes back through the room's group as a
`room.extra` message that every socket passes on as it is. The runtime imports none of those apps (the import
layers), and nothing here touches a match: the one service path (matches.py) stays the only writer of play.

A handler gets the socket (its `player`, `room_id`, `code`, `send_json`, `send_error`) and the frame.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from games.runtime import broadcast

Handler = Callable[[Any, dict[str, Any]], Awaitable[None]]

_handlers: dict[str, Handler] = {}

# The runtime's own frames: an app may not take them over.
RESERVED = frozenset({"ping", "sync", "act", "claim", "rematch"})


def register(frame_type: str, handler: Handler) -> None:
    if frame_type in RESERVED:
        raise ValueError(f"the room socket's own frame type {frame_type!r} cannot be registered")
    _handlers[frame_type] = handler


def handler_for(frame_type: Any) -> Handler | None:
    return _handlers.get(frame_type) if isinstance(frame_type, str) else None


async def to_room(channel_layer: Any, code: str, frame: dict[str, Any]) -> None:
    """Send every socket of the room this frame, the same for each (nothing in it is per viewer)."""
    await channel_layer.group_send(broadcast.room_group(code), {"type": "room.extra", "frame": frame})
