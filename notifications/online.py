"""Who is on the site now, from their personal sockets' heartbeats (issue 36: a friend online).

`dg:online` is a Redis sorted set, player id -> the last time one of their sockets was heard from (epoch
seconds). Kept in Redis, not in a process, because a player's sockets may live on any node; a player not heard
from for ONLINE_SECONDS is away, whether their socket closed cleanly or their process died (DESIGN.md: presence
expires by itself), and entries older than that are trimmed by whoever writes.
"""

from __future__ import annotations

import asyncio
import threading
import time
import weakref
from collections.abc import Iterable
from typing import Any

from django.conf import settings

KEY = "dg:online"
ONLINE_SECONDS = 30.0

_local = threading.local()


def _client() -> Any:
    client = getattr(_local, "client", None)
    if client is None:
        # Through Sentinel too (config/redis_topology.py).
        client = _local.client = settings.REDIS.client(socket_timeout=5)
    return client


def seen(player_id: int, now: float | None = None) -> None:
    """One of the player's sockets was heard from: they are online for ONLINE_SECONDS more."""
    now = time.time() if now is None else now
    pipe = _client().pipeline(transaction=False)
    pipe.zadd(KEY, {str(player_id): now})
    pipe.zremrangebyscore(KEY, "-inf", now - ONLINE_SECONDS)
    pipe.execute()


# The sockets' own: one asyncio client per event loop (an asyncio connection belongs to the loop that opened it).
_async_clients: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _async_client() -> Any:
    loop = asyncio.get_running_loop()
    client = _async_clients.get(loop)
    if client is None:
        client = _async_clients[loop] = settings.REDIS.async_client(socket_timeout=5)
    return client


async def seen_async(player_id: int) -> None:
    """`seen`, from a socket: its event loop is never held up by Redis."""
    now = time.time()
    pipe = _async_client().pipeline(transaction=False)
    pipe.zadd(KEY, {str(player_id): now})
    pipe.zremrangebyscore(KEY, "-inf", now - ONLINE_SECONDS)
    await pipe.execute()


def gone(player_id: int) -> None:
    """The player's last socket closed cleanly: away at once."""
    _client().zrem(KEY, str(player_id))


def online_ids(player_ids: Iterable[int], now: float | None = None) -> set[int]:
    """Which of these players are online now."""
    ids = list(player_ids)
    if not ids:
        return set()
    now = time.time() if now is None else now
    scores = _client().zmscore(KEY, [str(i) for i in ids])
    return {i for i, score in zip(ids, scores, strict=True) if score is not None and score >= now - ONLINE_SECONDS}
