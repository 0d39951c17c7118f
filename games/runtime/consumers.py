"""The room socket, the same for every game: thin (DESIGN.md). It authenticates, checks frames,
calls the one service path, answers errors to the sender only, and on every announcement sends its
own viewer the room and the engine's view for that viewer. Protocol: docs/protocol.md."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import Any

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from games.kit.contract import gettext_noop as _
from games.runtime import broadcast, extra_frames, flood, presence
from games.runtime.abandon import match_claim
from games.runtime.errors import GameError, MalformedAction, error_text, room_error
from games.runtime.frames import Bucket, parse_frame
from games.runtime.matches import match_act, match_arrive
from games.runtime.rematch import ANSWERS, rematch_answer
from games.runtime.resync import Resync
from games.runtime.views import published_frame, room_frames, room_match_frame, viewers_room_id
from observe import database, metrics
from toolkit.database_threads import in_database_thread
from toolkit.node import node_group

log = logging.getLogger(__name__)

# Close codes. A client does not retry after these: the reason will not change by itself.
NO_PLAYER, NO_ROOM, TOO_MANY_SOCKETS, FLOODING = 4401, 4404, 4408, 4429
# "Try again later": the database was away when the socket opened (the client retries: it is no final code).
# The standard's 1013 is not an application's to send (autobahn refuses all but 1000 and 3000-4999).
TRY_AGAIN_LATER = 4503
# "Going away: reconnect now": the socket's node is drained for a deploy (manage.py drain_sockets). The client
# reconnects at once, without its back-off, and the load balancer sends it to another node. The standard's
# 1001 (going away), in the range an application may send.
DRAINED = 4001
MAX_FRAME_BYTES = 2048
# Frames that reach the database: counted against the player's budget on every node (games.runtime.flood).
COSTLY_FRAMES = frozenset({"act", "claim", "rematch", "sync"})


def socket_language(scope: dict[str, Any]) -> str:
    """The language a socket's errors are written in: the page's language cookie, else the site's."""
    from django.conf import settings

    cookies = {}
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            for part in value.decode("latin-1").split(";"):
                key, _sep, val = part.strip().partition("=")
                cookies[key] = val
    language = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


_resyncs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Resync] = weakref.WeakKeyDictionary()


def resync_of_this_loop() -> Resync:
    """The process' resync (one per event loop: daphne has one, test runners one per test)."""
    loop = asyncio.get_running_loop()
    if loop not in _resyncs:
        _resyncs[loop] = Resync(in_database_thread, lambda callback: database.health.when_back(callback))
    return _resyncs[loop]


async def refuse(consumer: AsyncWebsocketConsumer, code: int) -> None:
    """Close with a code the page can read. A close before the handshake is answered becomes an HTTP 403
    at daphne and the browser sees only 1006, so it would retry for ever: accept, then close."""
    await consumer.accept()
    await consumer.close(code=code)


async def admitted(consumer: AsyncWebsocketConsumer, player_id: int) -> bool:
    """Close a socket of a player who opens sockets in a loop (presence.admit); Redis being down admits."""
    try:
        allowed = await presence.admit(player_id)
    except Exception:
        log.warning("connect count unavailable (Redis?); admitting player %s", player_id, exc_info=True)
        return True
    if not allowed:
        await refuse(consumer, TOO_MANY_SOCKETS)
    return allowed


async def quietly(what: str, step: Awaitable[Any]) -> None:
    """A presence write that fails (Redis down) must not close the socket: presence catches up on the
    next ping, and the room works without it meanwhile."""
    try:
        await step
    except Exception:
        log.warning("presence %s failed (Redis?)", what, exc_info=True)


class Heartbeat:
    """Refreshes a socket's presence on the client's pings, at most every presence.BEAT_SECONDS."""

    def __init__(self) -> None:
        self.last = time.monotonic()

    def due(self) -> bool:
        now = time.monotonic()
        if now - self.last < presence.BEAT_SECONDS:
            return False
        self.last = now
        return True


class SiteSocket(AsyncWebsocketConsumer):
    """What the site's sockets (the room's, the lobby's) share: each message goes straight to its handler.

    Channels' own `dispatch` first hops to the database thread to close stale connections
    (`aclose_old_connections`) before every message, a group's included: every viewer's update after a move,
    and every ping, queued on the process's one database thread behind the moves (issue 16: 9 % of daphne's
    CPU a move, and the reason a viewer's update waited for other rooms' moves). These handlers reach the
    database only through `in_database_thread` (below), which closes stale connections itself, before and after."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """The socket's whole life; once it was accepted, counted open until it ends, however it ends (a close,
        a consumer that failed, daphne cancelling it), so that the gauge of open sockets never keeps ghosts."""
        self.counted_as: str | None = None
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.counted_as is not None:
                metrics.socket_closed(self.counted_as)

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        await super().accept(subprotocol, headers)
        if getattr(self, "counted_as", None) is None:
            # "room", "lobby": the consumer's name (RoomConsumer, LobbyConsumer) without "Consumer"
            self.counted_as = type(self).__name__.removesuffix("Consumer").lower()
            metrics.socket_opened(self.counted_as)

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def layer_recovered(self, event: dict[str, Any]) -> None:
        """This process' channel layer reads Redis again after an outage (games.runtime.layer): whatever was
        published meanwhile may have reached nobody. Each kind of socket says what its page must look at again."""

    async def join_node(self) -> None:
        """Listen in this node's group, where a drain for a deploy reaches every socket of the node at once."""
        self.node = node_group()
        await self.channel_layer.group_add(self.node, self.channel_name)

    async def leave_node(self) -> None:
        if getattr(self, "node", None) is not None:
            await self.channel_layer.group_discard(self.node, self.channel_name)

    async def node_drain(self, event: dict[str, Any]) -> None:
        """This socket's node is being drained (manage.py drain_sockets): close with DRAINED, at a moment drawn
        within the message's `spread` seconds, so that a node's thousand sockets do not all reconnect (each one
        a snapshot read on another node) in the same instant. The socket works as usual until then."""
        spread = event.get("spread") or 0
        delay = random.uniform(0, float(spread)) if isinstance(spread, int | float) and spread > 0 else 0.0
        if delay == 0:
            await self.close(code=DRAINED)
            return
        self.drain_task = asyncio.get_running_loop().create_task(self._close_after(delay))

    async def _close_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self.close(code=DRAINED)

    def drain_forgotten(self) -> None:
        """A socket that closed before its drained close was due: nothing more to close."""
        task = getattr(self, "drain_task", None)
        if task is not None and not task.done():
            task.cancel()

    async def send(self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False) -> None:
        """Send a frame; one for a socket that closed while it was on its way is dropped. daphne raises
        autobahn's `Disconnected` for it ("Attempt to send on a closed protocol"), which ended the consumer
        with a traceback in the log (the long soak: 44 of them as a thousand people left with updates and
        pongs still queued). The socket is gone; its `disconnect` runs as for any other close."""
        try:
            await super().send(text_data=text_data, bytes_data=bytes_data, close=close)
        except Disconnected:
            log.debug("a frame for a socket that had closed was dropped")


class RoomConsumer(SiteSocket):
    async def connect(self) -> None:
        self.player = self.scope.get("player")
        self.code = self.scope["url_route"]["kwargs"]["code"].upper()
        if self.player is None:
            await refuse(self, NO_PLAYER)
            return
        if not await admitted(self, self.player.pk):
            return
        try:
            room_id = await self._room_id()
        except Exception as error:
            if not database.note(error):
                raise
            await refuse(self, TRY_AGAIN_LATER)  # the page shows it reconnecting, and tries again
            return
        if room_id is None:
            await refuse(self, NO_ROOM)
            return
        self.room_id: int = room_id
        self.language = self._language()
        self.bucket, self.heartbeat = Bucket(), Heartbeat()
        self.sent_match_id: int | None = None
        self.sent_match_version: int | None = None
        self.sent_room_version: int | None = None
        await self.channel_layer.group_add(broadcast.room_group(self.code), self.channel_name)
        await self.join_node()
        await self.accept()
        await quietly("arrive", presence.arrive(self.code, self.player.pk, self.channel_name))
        # Others see this player come online; this socket gets its own snapshots straight away and skips
        # the echo of its own arrival (one full snapshot less per connect: the soak's connect bursts).
        await broadcast_async(self.code, arrival=self.channel_name)
        await self.send_snapshots()

    async def disconnect(self, code: int) -> None:
        self.drain_forgotten()
        if getattr(self, "room_id", None) is None:
            return
        await quietly("leave", presence.leave(self.code, self.player.pk, self.channel_name))
        try:
            await self.leave_node()
            await self.channel_layer.group_discard(broadcast.room_group(self.code), self.channel_name)
            await broadcast_async(self.code)
        except Exception:
            log.warning("room %s: departure not announced (Redis?)", self.code, exc_info=True)

    # -- from the client --------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            if self.bucket.flooding:
                await self.close(code=FLOODING)
                return
            await self.send_error("slow_down", _("You are sending too fast. Slow down."))
            return
        frame = parse_frame(text_data, MAX_FRAME_BYTES)
        if frame is None:
            await self.send_game_error(MalformedAction(_("That frame is not a JSON object with a type.")))
            return
        kind = frame.get("type")
        if kind in COSTLY_FRAMES and not await flood.player_may_send(self.player.pk):
            await self.send_error("slow_down", _("You are sending too fast. Slow down."), frame.get("ref"))
            return
        if kind == "ping":
            await self.send_json({"type": "pong"})
            if self.heartbeat.due():
                await quietly("beat", presence.beat(self.code, self.player.pk, self.channel_name))
        elif kind == "sync":
            await self.send_snapshots(force=True)
        elif kind == "act":
            await self.act(frame)
        elif kind == "claim":
            await self.claim(frame)
        elif kind == "rematch":
            await self.rematch(frame)
        elif (extra := extra_frames.handler_for(kind)) is not None:
            await extra(self, frame)  # an app's frame that is not game state (games.runtime.extra_frames)
        else:
            await self.send_error("unknown_type", _("Unknown frame type."))

    async def act(self, frame: dict[str, Any]) -> None:
        action, match_id, ref, turn = frame.get("action"), frame.get("match_id"), frame.get("ref"), frame.get("turn")
        if not isinstance(action, dict) or not isinstance(match_id, int) or isinstance(match_id, bool):
            await self.send_game_error(MalformedAction(_("An act frame needs a match_id and an action object.")), ref)
            return
        if "turn" not in frame or not (turn is None or isinstance(turn, str)):
            await self.send_game_error(MalformedAction(_("An act frame names the turn it was made for.")), ref)
            return
        # The locked read refuses a match of another room (no_match): no check of its own before it.
        await self.in_service(
            match_act, ref, match_id=match_id, player=self.player, action=action, turn=turn, room_id=self.room_id
        )

    async def claim(self, frame: dict[str, Any]) -> None:
        """The one left behind ends a game without a clock (games.runtime.abandon.match_claim): the frame names
        the match, so a claim made for one that ended meanwhile changes nothing."""
        match_id, ref = frame.get("match_id"), frame.get("ref")
        if not isinstance(match_id, int) or isinstance(match_id, bool):
            await self.send_game_error(MalformedAction(_("A claim frame names its match_id.")), ref)
            return
        await self.in_service(match_claim, ref, match_id=match_id, player=self.player, room_id=self.room_id)

    async def rematch(self, frame: dict[str, Any]) -> None:
        """Ask for a rematch of the room's finished match, or answer one (games.runtime.rematch): the frame names the
        match, so an answer to an offer overtaken by a newer match changes nothing."""
        match_id, answer, ref = frame.get("match_id"), frame.get("answer"), frame.get("ref")
        if not isinstance(match_id, int) or isinstance(match_id, bool) or answer not in ANSWERS:
            await self.send_game_error(
                MalformedAction(_("A rematch frame names its match_id and an answer: ask, accept or decline.")), ref
            )
            return
        await self.in_service(
            rematch_answer, ref, room_id=self.room_id, match_id=match_id, player=self.player, answer=answer
        )

    async def in_service(self, service: Callable[..., Any], ref: Any, **arguments: Any) -> None:
        """Call a service that writes (a move, a claim) in a database thread: its refusal is told to this socket
        alone, so is the database being away (nothing happened: its transaction never committed); an `ok` with
        the frame's ref confirms it. What changed reaches everyone by the room's announcement."""
        if database.health.is_away():  # known away: said at once, not after the pool's timeout
            await self.send_game_error(room_error("unavailable"), ref)
            return
        try:
            await in_database_thread(service)(**arguments)
        except GameError as error:  # an engine's IllegalMove (MalformedAction too) or a room's Refusal
            await self.send_game_error(error, ref)
            return
        except Exception as error:
            if not database.note(error):
                raise
            # The database away: told so, the socket stays open, and the board resyncs when the next frame comes.
            await self.send_game_error(room_error("unavailable"), ref)
            return
        if isinstance(ref, str):
            await self.send_json({"type": "ok", "ref": ref[:64]})

    # -- from the room's group ----------------------------------------------------------------------

    async def room_changed(self, event: dict[str, Any]) -> None:
        if event.get("arrival") == self.channel_name:
            return  # this socket's own arrival: it sent itself fresh snapshots when it connected
        # A move or a clock step announces the match's version and no room version: the room is as it was,
        # so only the match frame is rebuilt (the room snapshot was most of the work per move: the soak,
        # docs/performance.md). Room changes carry a room version; arrivals and departures carry none.
        # After a move the message carries every viewer's frame (issue 16): this socket sends its own, with no
        # read; a frame older than the one it sent last (messages crossing) is dropped.
        if event.get("match_id") is not None and event.get("room_version") is None:
            if event.get("frames") is not None:
                await self.send_published(event["match_id"], event["match_version"], event["frames"])
            else:
                await self.send_match_snapshot(event["match_id"])
        else:
            await self.send_snapshots()

    async def room_extra(self, event: dict[str, Any]) -> None:
        """An app's frame for the whole room (games.runtime.extra_frames.to_room): passed on as it is."""
        if isinstance(event.get("frame"), dict):
            await self.send_json(event["frame"])

    async def layer_recovered(self, event: dict[str, Any]) -> None:
        """Back from an outage (games.runtime.layer): this viewer is shown whatever changed while the
        announcements reached nobody, read now with the other sockets of the process (games.runtime.resync);
        what changes from now on is announced as usual."""
        resync_of_this_loop().join(self)

    async def send_published(self, match_id: int, version: int, frames: dict[str, Any]) -> None:
        sent = self.sent_match_id, self.sent_match_version
        if sent[0] is not None and sent[1] is not None and (match_id, version) <= sent:
            return
        self.sent_match_id, self.sent_match_version = match_id, version
        await self.send(text_data=published_frame(frames, self.player))

    async def send_match_snapshot(self, match_id: int) -> None:
        try:
            match, awaited = await in_database_thread(room_match_frame)(self.room_id, match_id, self.player)
            if awaited and await self.arrive(match_id):
                return
        except Exception as error:
            if not database.note(error):
                raise
            resync_of_this_loop().after_database(self)  # shown as soon as the database answers again
            return
        if match is not None and match["v"] != self.sent_match_version:
            self.sent_match_id, self.sent_match_version = match["match_id"], match["v"]
            await self.send_json(match)

    async def send_snapshots(self, force: bool = False) -> None:
        try:
            online, away = await presence.absence_async(self.code)
        except Exception:
            log.warning("room %s: presence unavailable (Redis?)", self.code, exc_info=True)
            online, away = set(), {}
        try:
            room, match, awaited = await in_database_thread(room_frames)(
                self.room_id, self.player, invite_url=self._invite_url(self.code), online=online, away=away
            )
            arrived = match is not None and awaited and await self.arrive(match["match_id"])
        except Exception as error:
            if not database.note(error):
                raise
            await self.send_game_error(room_error("unavailable"))
            resync_of_this_loop().after_database(self)  # shown as soon as the database answers again
            return
        await self.send_json(room)
        self.sent_room_version = room["v"]
        if arrived:
            return
        if match is not None and (force or match["v"] != self.sent_match_version):
            self.sent_match_id, self.sent_match_version = match["match_id"], match["v"]
            await self.send_json(match)

    async def arrive(self, match_id: int) -> bool:
        """This socket's player opened the room of a match that waits for them: the service notes it (the last
        one to arrive starts the game's clock: games.runtime.matches.match_arrive). True when it changed the
        match: its announcement brings every socket of the room, this one too, the match as it is now."""
        return bool(await in_database_thread(match_arrive)(match_id=match_id, player=self.player))

    # -- helpers ------------------------------------------------------------------------------------

    async def send_error(self, code: str, message: str, ref: Any = None, params: dict[str, Any] | None = None) -> None:
        await self.send_game_error(GameError(code, message, params), ref)

    async def send_game_error(self, error: GameError, ref: Any = None) -> None:
        with translation.override(self.language):
            text = error_text(error)
        frame = {"type": "error", "code": error.code, "message": text}
        if isinstance(ref, str):
            frame["ref"] = ref[:64]
        await self.send_json(frame)

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(payload, ensure_ascii=False))

    async def _room_id(self) -> int | None:
        return await in_database_thread(viewers_room_id)(self.code, self.player)

    def _language(self) -> str:
        return socket_language(self.scope)

    def _invite_url(self, code: str) -> str:
        headers = dict(self.scope.get("headers", []))
        host = headers.get(b"host", b"localhost").decode("latin-1")
        scheme = "https" if self.scope.get("scheme") == "wss" else "http"
        return f"{scheme}://{host}/r/{code}/"


async def broadcast_async(code: str, arrival: str | None = None) -> None:
    from channels.layers import get_channel_layer

    await get_channel_layer().group_send(broadcast.room_group(code), {"type": "room.changed", "arrival": arrival})
