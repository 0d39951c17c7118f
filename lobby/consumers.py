"""The lobby socket: tells a connected player who the server takes them for.

It is the first socket every page opens, so it is also where presence will live.
Close codes: 4401 when the connection has no player (no session, no guest).

Besides `ping`, a page may send `{"type": "watch", "topic": "lobby"}`: the lobby page does, and from then
on gets `lobby_changed` whenever queues, offers or open rooms change. Every socket gets `matched` (go to
this room) and `group_changed` (the player's group changed) through the player's own group, and (issue 36) is the
player's site socket: its heartbeat says they are on the site (notifications.online) and it carries their new
notifications (`notification`: the unread count and the notification in the page's language) to the bell
(static/js/bell.js; decision 132: the socket every page already opens, not a second one).
"""

import json
import logging

from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from games.runtime.consumers import (
    FLOODING,
    NO_PLAYER,
    Heartbeat,
    SiteSocket,
    admitted,
    quietly,
    refuse,
    socket_language,
)
from games.runtime.frames import Bucket, parse_frame
from lobby import queue_presence
from lobby.live import LOBBY_GROUP, player_group
from notifications import online
from notifications.texts import safe_url, text

log = logging.getLogger(__name__)

MAX_FRAME_BYTES = 4096
TOPICS = {"lobby": LOBBY_GROUP}


class LobbyConsumer(SiteSocket):
    async def connect(self):
        self.player = self.scope.get("player")
        if self.player is None:
            await refuse(self, NO_PLAYER)
            return
        if not await admitted(self, self.player.pk):
            return
        self.bucket, self.heartbeat, self.watching = Bucket(), Heartbeat(), set()
        await self.accept()
        await self.channel_layer.group_add(player_group(self.player.pk), self.channel_name)
        await self.join_node()
        # Still on the site: a queue ticket stays valid while the pings keep coming.
        await quietly("arrive", queue_presence.arrive(self.player.pk, self.channel_name))
        # On the site: a friend's list shows them online (notifications.online), for as long as the pings come.
        await quietly("online", online.seen_async(self.player.pk))
        await self.send_json({"type": "hello", "player": self.public_player()})

    async def disconnect(self, code):
        self.drain_forgotten()
        if getattr(self, "bucket", None) is None:
            return  # refused before it was accepted
        await quietly("leave", queue_presence.leave(self.player.pk, self.channel_name))
        try:
            await self.leave_node()
            await self.channel_layer.group_discard(player_group(self.player.pk), self.channel_name)
            for group in self.watching:
                await self.channel_layer.group_discard(group, self.channel_name)
        except Exception:
            log.warning("lobby socket of player %s: groups not left (Redis?)", self.player.pk, exc_info=True)

    async def lobby_matched(self, event):
        """The queue found an opponent while this player waited: their page goes to the table."""
        await self.send_json({"type": "matched", "url": event["url"]})

    async def lobby_changed(self, event):
        """Something the lobby page lists changed: the page fetches its sections again."""
        await self.send_json({"type": "lobby_changed"})

    async def layer_recovered(self, event):
        """Back from a Redis outage (games.runtime.layer): the page fetches its sections again, and the bell its
        count, in case something changed while no announcement reached it."""
        await self.send_json({"type": "lobby_changed"})
        await self.send_json({"type": "notifications_changed"})

    async def notification_new(self, event):
        """Something was told to this player (notifications.services.notify): the bell's count, and the
        notification in this page's language, from the message alone (no read)."""
        item = event["item"]
        language = socket_language(self.scope)
        shown = {
            "id": item["id"],
            "kind": item["kind"],
            "text": text(item["kind"], item["data"], language),
            "url": safe_url(item["data"]),
            "created": item["created"],
            "read": False,
        }
        await self.send_json({"type": "notification", "unread": event["unread"], "item": shown})

    async def lobby_party(self, event):
        """The player's group changed (members, search, start): its page and the lobby page refresh."""
        await self.send_json({"type": "group_changed", "code": event["code"]})

    def public_player(self) -> dict:
        return {"nickname": self.player.nickname, "tag": self.player.tag, "guest": self.player.is_guest}

    async def receive(self, text_data=None, bytes_data=None):
        # The room socket's limits: the same bucket, the same strict parsing.
        if not self.bucket.take():
            if self.bucket.flooding:
                await self.close(code=FLOODING)
                return
            await self.send_error("slow_down", gettext_noop("You are sending too fast. Slow down."))
            return
        frame = parse_frame(text_data, MAX_FRAME_BYTES)
        if frame is None:
            await self.send_error("malformed", gettext_noop("Frames are JSON objects with a type, of at most 4 KiB."))
            return
        kind = frame["type"]
        if kind == "ping":
            await self.send_json({"type": "pong"})
            if self.heartbeat.due():
                await quietly("beat", queue_presence.beat(self.player.pk, self.channel_name))
                await quietly("online", online.seen_async(self.player.pk))
        elif kind == "watch":
            await self.watch(frame.get("topic"))
        else:
            await self.send_error("unknown_type", gettext_noop("Unknown frame type."))

    async def watch(self, topic):
        group = TOPICS.get(topic) if isinstance(topic, str) else None
        if group is None:
            await self.send_error("unknown_topic", gettext_noop("Unknown topic."))
            return
        self.watching.add(group)
        await self.channel_layer.group_add(group, self.channel_name)

    async def send_error(self, code: str, message: str):
        """An error to this socket only, its message (a gettext_noop text) in the page's language."""
        with translation.override(socket_language(self.scope)):
            text = gettext(message)
        await self.send_json({"type": "error", "code": code, "message": text})

    async def send_json(self, payload: dict):
        await self.send(text_data=json.dumps(payload, ensure_ascii=False))
