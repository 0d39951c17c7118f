"""The room socket, the same for every game: thin (DESIGN.md). It authenticates, checks frames,
calls the one service path, answers errors to the sender only, and on every announcement sends its
own viewer the room and the engine's view for that viewer. Protocol: docs/protocol.md."""

from __future__ import annotations

import json
import time

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext

from games.models import Match, Room
from games.runtime import broadcast, presence
from games.runtime.engine import gettext_noop as _
from games.runtime.errors import IllegalMove
from games.runtime.matches import match_act
from games.runtime.views import match_snapshot, room_snapshot

NO_PLAYER, NO_ROOM, FLOODING = 4401, 4404, 4429
MAX_FRAME_BYTES = 2048
# A token bucket per socket: a person types a few frames a second at most.
BUCKET_SIZE, REFILL_PER_SECOND = 20, 5.0
# After being told to slow down this many times, the socket is closed.
STRIKES_BEFORE_CLOSE = 20


class RoomConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.player = self.scope.get("player")
        self.code = self.scope["url_route"]["kwargs"]["code"].upper()
        if self.player is None:
            await self.close(code=NO_PLAYER)
            return
        self.room_id = await self._room_id()
        if self.room_id is None:
            await self.close(code=NO_ROOM)
            return
        self.language = self._language()
        self.tokens, self.refilled_at, self.strikes = float(BUCKET_SIZE), time.monotonic(), 0
        self.sent_match_version = None
        await self.channel_layer.group_add(broadcast.room_group(self.code), self.channel_name)
        await self.accept()
        await presence.arrive(self.code, self.player.pk)
        # Others see this player come online; this socket gets its own snapshots straight away and skips
        # the echo of its own arrival (one full snapshot less per connect: the soak's connect bursts).
        await broadcast_async(self.code, arrival=self.channel_name)
        await self.send_snapshots()

    async def disconnect(self, code):
        if getattr(self, "room_id", None) is None:
            return
        await self.channel_layer.group_discard(broadcast.room_group(self.code), self.channel_name)
        await presence.leave(self.code, self.player.pk)
        await broadcast_async(self.code)

    # -- from the client --------------------------------------------------------------------------

    async def receive(self, text_data=None, bytes_data=None):
        if not self._take_token():
            self.strikes += 1
            if self.strikes >= STRIKES_BEFORE_CLOSE:
                await self.close(code=FLOODING)
                return
            await self.send_error("slow_down", _("You are sending too fast. Slow down."))
            return
        frame = self._parse(text_data)
        if frame is None:
            await self.send_error("malformed", _("That frame is not a JSON object with a type."))
            return
        kind = frame.get("type")
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "sync":
            await self.send_snapshots(force=True)
        elif kind == "act":
            await self.act(frame)
        else:
            await self.send_error("unknown_type", _("Unknown frame type."))

    async def act(self, frame: dict):
        action, match_id, ref = frame.get("action"), frame.get("match_id"), frame.get("ref")
        if not isinstance(action, dict) or not isinstance(match_id, int) or isinstance(match_id, bool):
            await self.send_error("malformed", _("An act frame needs a match_id and an action object."), ref)
            return
        try:
            await database_sync_to_async(self._act)(match_id, action)
        except IllegalMove as error:
            await self.send_error(error.code, error.message, ref, error.params)
            return
        if isinstance(ref, str):
            await self.send_json({"type": "ok", "ref": ref[:64]})

    def _act(self, match_id: int, action: dict) -> None:
        if not Match.objects.filter(pk=match_id, room_id=self.room_id).exists():
            raise IllegalMove("no_match", _("There is no match in progress."))
        match_act(match_id=match_id, player=self.player, action=action)

    # -- from the room's group ----------------------------------------------------------------------

    async def room_changed(self, event):
        if event.get("arrival") == self.channel_name:
            return  # this socket's own arrival: it sent itself fresh snapshots when it connected
        # A move or a clock step announces the match's version and no room version: the room is as it was,
        # so only the match frame is rebuilt (the room snapshot was most of the work per move: the soak,
        # docs/performance.md). Room changes carry a room version; arrivals and departures carry none.
        if event.get("match_id") is not None and event.get("room_version") is None:
            await self.send_match_snapshot(event["match_id"])
        else:
            await self.send_snapshots()

    async def send_match_snapshot(self, match_id: int):
        match = await database_sync_to_async(self._match_snapshot)(match_id)
        if match is not None and match["v"] != self.sent_match_version:
            self.sent_match_version = match["v"]
            await self.send_json(match)

    async def send_snapshots(self, force: bool = False):
        online = await presence.online(self.code)
        room, match = await database_sync_to_async(self._snapshots)(online)
        await self.send_json({"type": "room", "v": room["_version"], "room": room["room"]})
        if match is not None and (force or match["v"] != self.sent_match_version):
            self.sent_match_version = match["v"]
            await self.send_json(match)

    def _snapshots(self, online: set[int]):
        room = Room.objects.get(pk=self.room_id)
        invite = self._invite_url(room.code)
        snapshot = room_snapshot(room, self.player, invite_url=invite, online=online)
        match = None
        if snapshot["match_id"]:
            match = match_snapshot(Match.objects.get(pk=snapshot["match_id"]), self.player)
        return {"_version": room.version, "room": snapshot}, match

    def _match_snapshot(self, match_id: int):
        match = Match.objects.filter(pk=match_id, room_id=self.room_id).first()
        return None if match is None else match_snapshot(match, self.player)

    # -- helpers ------------------------------------------------------------------------------------

    async def send_error(self, code: str, message: str, ref=None, params=None):
        with translation.override(self.language):
            text = gettext(message)
        if params:
            text = text % params
        frame = {"type": "error", "code": code, "message": text}
        if isinstance(ref, str):
            frame["ref"] = ref[:64]
        await self.send_json(frame)

    async def send_json(self, payload: dict):
        await self.send(text_data=json.dumps(payload, ensure_ascii=False))

    def _take_token(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BUCKET_SIZE, self.tokens + (now - self.refilled_at) * REFILL_PER_SECOND)
        self.refilled_at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    @staticmethod
    def _parse(text_data) -> dict | None:
        if not text_data or len(text_data) > MAX_FRAME_BYTES:
            return None
        try:
            frame = json.loads(text_data)
        except json.JSONDecodeError:
            return None
        return frame if isinstance(frame, dict) and isinstance(frame.get("type"), str) else None

    @database_sync_to_async
    def _room_id(self) -> int | None:
        open_rooms = Room.objects.filter(code=self.code).exclude(status=Room.CLOSED)
        return open_rooms.values_list("pk", flat=True).first()

    def _language(self) -> str:
        from django.conf import settings

        cookies = {}
        for name, value in self.scope.get("headers", []):
            if name == b"cookie":
                for part in value.decode("latin-1").split(";"):
                    key, _sep, val = part.strip().partition("=")
                    cookies[key] = val
        language = cookies.get(settings.LANGUAGE_COOKIE_NAME)
        return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE

    def _invite_url(self, code: str) -> str:
        headers = dict(self.scope.get("headers", []))
        host = headers.get(b"host", b"localhost").decode("latin-1")
        scheme = "https" if self.scope.get("scheme") == "wss" else "http"
        return f"{scheme}://{host}/r/{code}/"


async def broadcast_async(code: str, arrival: str | None = None) -> None:
    from channels.layers import get_channel_layer

    await get_channel_layer().group_send(broadcast.room_group(code), {"type": "room.changed", "arrival": arrival})
