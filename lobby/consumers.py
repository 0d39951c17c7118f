"""The lobby socket: tells a connected player who the server takes them for.

It is the first socket every page opens, so it is also where presence will live.
Close codes: 4401 when the connection has no player (no session, no guest).
"""

import json

from channels.generic.websocket import AsyncWebsocketConsumer

from lobby.queue import player_group

NO_PLAYER = 4401
MAX_FRAME_BYTES = 4096


class LobbyConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.player = self.scope.get("player")
        if self.player is None:
            await self.close(code=NO_PLAYER)
            return
        await self.accept()
        await self.channel_layer.group_add(player_group(self.player.pk), self.channel_name)
        await self.send_json({"type": "hello", "player": self.public_player()})

    async def disconnect(self, code):
        if getattr(self, "player", None) is not None:
            await self.channel_layer.group_discard(player_group(self.player.pk), self.channel_name)

    async def lobby_matched(self, event):
        """The queue found an opponent while this player waited: their page goes to the table."""
        await self.send_json({"type": "matched", "url": event["url"]})

    def public_player(self) -> dict:
        return {"nickname": self.player.nickname, "tag": self.player.tag, "guest": self.player.is_guest}

    async def receive(self, text_data=None, bytes_data=None):
        if text_data is None or len(text_data) > MAX_FRAME_BYTES:
            await self.send_error("bad_frame", "Frames are JSON text of at most 4 KiB.")
            return
        try:
            frame = json.loads(text_data)
        except json.JSONDecodeError:
            await self.send_error("bad_json", "That frame is not JSON.")
            return
        if not isinstance(frame, dict) or frame.get("type") != "ping":
            await self.send_error("unknown_type", "Unknown frame type.")
            return
        await self.send_json({"type": "pong"})

    async def send_error(self, code: str, message: str):
        await self.send_json({"type": "error", "code": code, "message": message})

    async def send_json(self, payload: dict):
        await self.send(text_data=json.dumps(payload))
