"""Tell every socket in a room that something changed. Frames carry "what and which version"; after a
move they carry every viewer's match frame too, and each consumer sends ITS viewer's (DESIGN.md: per-viewer
views); after a room change each consumer reads the room and sends its viewer's snapshots.

Everything a service does after its transaction committed (a broadcast, a task enqueued, a lobby page
told) goes through `after_commit`: the change has happened, so a failure there (Redis down, the broker
refusing) is logged with its reference and recovered later, by the sweeper (timers, bots) and by the
clients' resync on reconnect (views), never turned into an error for the player who made the change.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from asgiref.sync import SyncToAsync, async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from observe import metrics

log = logging.getLogger(__name__)

# Rooms whose announcement failed (Redis down): their sockets, still open, would never hear of the change
# (the soak: a move made during an outage was seen by nobody, and a Wordgrid player then lost on time).
# This process announces them again, once a second, until Redis answers, and once more AGAIN_SECONDS
# later: a restarted Redis takes a publish before every process has subscribed its sockets again, and a
# publish nobody hears raises nothing. Rooms announced in that while are announced again as well.
# What is owed is the message that failed, frames and all (issue 16: owed announcements used to be plain,
# so after an outage every socket of every room read its room and match on its process' one database
# thread, several times over, and the moves waited behind the reads); two owed messages of the same match
# keep the newer one, anything else becomes a plain announcement (every socket looks again).
RETRY_SECONDS = 1.0
AGAIN_SECONDS = 5.0
PLAIN: dict[str, Any] = {"type": "room.changed"}
_owed: dict[str, tuple[float, dict[str, Any]]] = {}  # room code -> (when to announce it (monotonic), what)
_owed_lock = threading.Lock()
_retrying: threading.Thread | None = None
_recovering_until = 0.0


def room_group(code: str) -> str:
    return f"room.{code}"


_thread = threading.local()


def group_send(layer: Any, group: str, message: dict[str, Any]) -> None:
    """`layer.group_send` from sync code. In the ASGI server (a database_sync_to_async thread) it runs on the
    server's own loop, as async_to_sync does. Elsewhere (a Celery worker's thread, a command) it runs on one
    event loop kept for the thread, so the channel layer keeps its Redis connection between calls: a new loop
    per call, what async_to_sync makes there, connected anew each time (3.5 ms a broadcast: issue 16)."""
    if getattr(SyncToAsync.threadlocal, "main_event_loop", None) is not None:
        async_to_sync(layer.group_send)(group, message)
        return
    loop = getattr(_thread, "loop", None)
    if loop is None or loop.is_closed():
        loop = _thread.loop = asyncio.new_event_loop()
    loop.run_until_complete(layer.group_send(group, message))


def close_thread_loop() -> None:
    """Close this thread's broadcast loop (a thread that ends: its loop must not be closed by the garbage
    collector in some other thread, where channels_redis' flush on close cannot run)."""
    loop = getattr(_thread, "loop", None)
    if loop is not None and not loop.is_closed():
        loop.close()
    _thread.loop = None


def announce(
    code: str,
    *,
    room_version: int | None = None,
    match_id: int | None = None,
    match_version: int | None = None,
    frames: dict[str, Any] | None = None,
) -> None:
    """Tell the room's sockets to look again. If Redis does not take it, the room is owed an announcement
    (a plain one: every socket sends its viewer fresh snapshots, and only what changed) and this raises.

    `frames` (games.runtime.views.match_frames): every viewer's match frame, published with the version so
    that each socket sends its own without reading the match (issue 16)."""
    layer = get_channel_layer()
    message: dict[str, Any] = {
        "type": "room.changed",
        "room_version": room_version,
        "match_id": match_id,
        "match_version": match_version,
    }
    if frames is not None:
        message["frames"] = frames
    try:
        group_send(layer, room_group(code), message)
    except Exception:
        metrics.channel_layer_error("publish")
        _owe(code, time.monotonic(), message)
        raise
    if time.monotonic() < _recovering_until:
        _owe(code, time.monotonic() + AGAIN_SECONDS, message)  # just after an outage: it may have reached nobody


def owed_message(older: dict[str, Any], newer: dict[str, Any]) -> dict[str, Any]:
    """One announcement that tells a room's sockets what both would have: a socket that sent a match's
    frame of version v drops an older one, so of two moves' messages the newer, whole, is enough."""
    moves = older.get("room_version") is None and newer.get("room_version") is None
    if moves and older.get("match_id") is not None and older.get("match_id") == newer.get("match_id"):
        return newer if (newer.get("match_version") or 0) >= (older.get("match_version") or 0) else older
    return PLAIN


def _owe(code: str, at: float, message: dict[str, Any]) -> None:
    global _retrying
    with _owed_lock:
        if code in _owed:
            known_at, known = _owed[code]
            at, message = min(at, known_at), owed_message(known, message)
        _owed[code] = (at, message)
        if _retrying is None:
            _retrying = threading.Thread(target=_pay_owed, name="owed-announcements", daemon=True)
            _retrying.start()


def _pay_owed() -> None:
    global _retrying, _recovering_until
    while True:
        time.sleep(RETRY_SECONDS)
        now = time.monotonic()
        with _owed_lock:
            if not _owed:
                _retrying = None  # under the lock: a room owed from now on starts a new thread
                close_thread_loop()
                return
            due = [(code, message) for code, (at, message) in sorted(_owed.items()) if at <= now]
        # The first rooms through after an outage are announced once more later (see AGAIN_SECONDS).
        after_outage = now >= _recovering_until
        for code, message in due:
            try:
                group_send(get_channel_layer(), room_group(code), message)
            except Exception:
                metrics.channel_layer_error("publish")
                break  # still down: try again in a second
            with _owed_lock:
                if _owed.get(code, (now + 1, PLAIN))[0] <= now:
                    del _owed[code]  # not owed anew while it was sent
                if after_outage:
                    _recovering_until = now + 2 * AGAIN_SECONDS
            if after_outage:
                _owe(code, now + AGAIN_SECONDS, message)
            log.info("room %s: announced again after Redis came back", code)


def safely(what: str, ref: str, step: Callable[[], object]) -> bool:
    """Run one post-commit step; a failure is logged (with `ref`, e.g. "match 12") and swallowed."""
    try:
        step()
    except Exception:
        metrics.after_commit_failed(what)
        log.exception("%s failed after commit (%s); the sweeper and the clients' resync recover it", what, ref)
        return False
    return True


def after_commit(what: str, ref: str, step: Callable[[], object]) -> None:
    """`step` once the current transaction commits (at once outside one), never raising."""
    transaction.on_commit(lambda: safely(what, ref, step))
