"""Reactions (issue 36): a fixed few emotes, sent on the room's own socket and shown at once to everyone in
the room, by the sender's seat; never stored (docs/decisions.md 158, 159).

Only a seated person reacts (guests too): a reaction is said by a seat, drawn by it on every board, and a
room's spectators (anyone with the link) reacting would cover the players' boards with strangers' bubbles.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext_noop as _

from chat import limits
from games.models import Seat
from games.runtime import extra_frames
from toolkit.database_threads import in_database_thread

FRAME = "react"
# The emotes, by name: the page shows them, the frames carry the name (nothing a client makes up is shown).
EMOTES: dict[str, str] = {
    "thumbs": "👍",
    "clap": "👏",
    "wow": "😮",
    "phew": "😅",
    "fire": "🔥",
    "gg": "GG",
}


def _seat_of(room_id: int, player_id: int) -> int | None:
    seat = Seat.objects.filter(Q(room_id=room_id) & Q(player_id=player_id)).values_list("index", flat=True).first()
    return seat


async def on_reaction(socket: Any, frame: dict[str, Any]) -> None:
    """A `react` frame from the room socket: {"type": "react", "emote": name}."""
    emote = frame.get("emote")
    if not isinstance(emote, str) or emote not in EMOTES:
        await socket.send_error("bad_emote", _("That reaction does not exist."))
        return
    if not await limits.may_async("react", socket.player.pk):
        await socket.send_error("reacting_fast", _("You are reacting too fast. Wait a moment."))
        return
    seat = await in_database_thread(_seat_of)(socket.room_id, socket.player.pk)
    if seat is None:
        await socket.send_error("not_seated", _("Only the players at the table can react."))
        return
    await extra_frames.to_room(
        socket.channel_layer,
        socket.code,
        {
            "type": "reaction",
            "emote": emote,
            "seat": seat,
            "player_id": socket.player.pk,
            "nickname": socket.player.nickname,
        },
    )
