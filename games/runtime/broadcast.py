"""Tell every socket in a room that something changed. Frames carry only "what and which version";
each consumer then reads the state and sends ITS viewer's view (DESIGN.md: per-viewer views)."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer


def room_group(code: str) -> str:
    return f"room.{code}"


def announce(code: str, *, room_version: int | None = None, match_id: int | None = None,
             match_version: int | None = None) -> None:
    layer = get_channel_layer()
    async_to_sync(layer.group_send)(room_group(code), {
        "type": "room.changed", "room_version": room_version,
        "match_id": match_id, "match_version": match_version,
    })
