"""The chat socket, /ws/chat/<room|party>/<CODE>/ (issue 36): live messages of one private room's or group's
chat, filtered for its viewer here, on the server. A page reads the history over HTTP (chat.views) each time
this socket opens; frames it takes: say, mute, report, ping. Thin: every write is a chat.services call.

Its own socket rather than the room's: a group has no room socket, and what a room's socket sends is the same
frame for everyone in the room, where chat's must be filtered per viewer (docs/decisions.md 159)."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext_noop as _

from chat import services
from chat.errors import ChatRefusal
from chat.places import KINDS, Place, place_of
from chat.selectors import unheard
from games.kit.errors import GameError
from games.runtime.consumers import MAX_FRAME_BYTES, NO_PLAYER, NO_ROOM, SiteSocket, admitted, refuse, socket_language
from games.runtime.errors import error_text
from games.runtime.frames import Bucket, parse_frame
from toolkit.database_threads import in_database_thread


def page_language(scope: dict[str, Any]) -> str:
    """The language of the page that opened the socket (its `?lang=`: a page's language may come from the
    browser's Accept-Language, which the socket's handshake does not carry the same way), else the cookie's."""
    from urllib.parse import parse_qs

    from django.conf import settings

    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    return asked if asked in dict(settings.LANGUAGES) else socket_language(scope)


class ChatConsumer(SiteSocket):
    async def connect(self) -> None:
        self.player = self.scope.get("player")
        kwargs = self.scope["url_route"]["kwargs"]
        if self.player is None:
            await refuse(self, NO_PLAYER)
            return
        if not await admitted(self, self.player.pk):
            return
        self.place: Place | None = None
        if kwargs["kind"] not in KINDS:
            await refuse(self, NO_ROOM)
            return
        try:
            self.place = await in_database_thread(place_of)(kwargs["kind"], kwargs["code"], self.player)
        except ChatRefusal:
            await refuse(self, NO_ROOM)  # not in it, or no chat there: nothing of it is sent
            return
        self.language = page_language(self.scope)
        self.bucket = Bucket()
        await self.channel_layer.group_add(self.place.group, self.channel_name)
        await self.join_node()
        await self.accept()

    async def disconnect(self, code: int) -> None:
        self.drain_forgotten()
        place = getattr(self, "place", None)
        if place is None:
            return
        await self.leave_node()
        await self.channel_layer.group_discard(place.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            await self.send_refusal(ChatRefusal("slow_down"))
            return
        frame = parse_frame(text_data, MAX_FRAME_BYTES)
        if frame is None:
            await self.send_refusal(GameError("malformed", _("That frame is not a JSON object with a type.")))
            return
        kind, ref = frame.get("type"), frame.get("ref")
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "say":
            await self.call(services.message_post, ref, text=frame.get("text"))
        elif kind == "mute":
            await self.call(services.mute_set, ref, muted_id=frame.get("player_id"), on=frame.get("on") is not False)
        elif kind == "report":
            await self.call(
                services.report_file,
                ref,
                message_id=frame.get("message_id"),
                reason=frame.get("reason"),
                note=frame.get("note", ""),
            )
        else:
            await self.send_refusal(GameError("unknown_type", _("Unknown frame type.")))

    async def call(self, service: Any, ref: Any, **arguments: Any) -> None:
        def run() -> None:
            with translation.override(self.language):  # a refusal's date in the reader's language
                service(place=self.place, player=self.player, **arguments)

        try:
            await in_database_thread(run)()
        except GameError as refusal:
            await self.send_refusal(refusal, ref)
            return
        await self.send_json({"type": "ok", "ref": ref[:64] if isinstance(ref, str) else None})

    # -- from the chat's group ------------------------------------------------------------------------

    async def chat_message(self, event: dict[str, Any]) -> None:
        """A message said: sent unless its author is someone this viewer blocked or muted (read now: a block
        made a moment ago counts; chat is slow, a read per message per viewer is cheap)."""
        message = event["message"]
        if message["author_id"] != self.player.pk and message["author_id"] in await in_database_thread(unheard)(
            self.player.pk
        ):
            return
        await self.send_json({"type": "message", "message": message})

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "hidden", "id": event["id"]})

    async def send_refusal(self, refusal: GameError, ref: Any = None) -> None:
        with translation.override(self.language):
            text = error_text(refusal)
        frame: dict[str, Any] = {"type": "error", "code": refusal.code, "message": text}
        if isinstance(ref, str):
            frame["ref"] = ref[:64]
        await self.send_json(frame)

    async def send_json(self, payload: dict[str, Any]) -> None:
        import json

        await self.send(text_data=json.dumps(payload, ensure_ascii=False))
