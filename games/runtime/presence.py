"""Who is connected to a room, from heartbeats that expire (DESIGN.md: presence expires by itself).

Each open socket is one member of a Redis sorted set per room, scored with the last time it was heard
from: when it connected, and then on the client's pings (at most every BEAT_SECONDS per socket). A
socket not heard from for TTL_SECONDS is gone, whether it closed cleanly, its process was killed or
its network went silent: nothing depends on a disconnect handler having run.

- `dg:presence:<code>`: "<player>:<socket>" -> last heard (epoch seconds)
- `dg:away:<code>`: player -> when their last socket closed cleanly or went silent
- `dg:presence-rooms`: the codes that have members, so the sweeper can find silent sockets

Kept in Redis, not in a process, because a room's sockets may live in different daphne processes.
Every key also expires a day after its last change, so an abandoned room leaks nothing for good.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Iterable
from typing import Any

import redis.asyncio as aioredis
from django.conf import settings

log = logging.getLogger(__name__)

# A socket unheard of this long is gone. Clients ping every 2 s and a socket refreshes its score at most
# every BEAT_SECONDS, so a live one is never older than about BEAT_SECONDS + 2 s.
TTL_SECONDS = 15.0
BEAT_SECONDS = 5.0
KEEP_SECONDS = 24 * 3600
ROOMS_KEY = "dg:presence-rooms"


# One client per event loop: an asyncio connection belongs to the loop that opened it (daphne has one;
# test runners make one per test).
_clients: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def _client() -> aioredis.Redis:
    loop = asyncio.get_running_loop()
    client: aioredis.Redis | None = _clients.get(loop)
    if client is None:
        # Through Sentinel too (config/redis_topology.py): each new connection asks for the primary.
        client = _clients[loop] = settings.REDIS.async_client(socket_timeout=5)
    return client


def _key(code: str) -> str:
    return f"dg:presence:{code}"


def _away_key(code: str) -> str:
    return f"dg:away:{code}"


def _member(player_id: int, socket: str) -> str:
    return f"{player_id}:{socket}"


def _player(member: bytes | str) -> int:
    text = member.decode() if isinstance(member, bytes) else member
    return int(text.split(":", 1)[0])


async def arrive(code: str, player_id: int, socket: str) -> None:
    now = time.time()
    pipe = _client().pipeline(transaction=False)
    pipe.zadd(_key(code), {_member(player_id, socket): now})
    pipe.expire(_key(code), KEEP_SECONDS)
    pipe.hdel(_away_key(code), str(player_id))
    pipe.sadd(ROOMS_KEY, code)
    await pipe.execute()


async def beat(code: str, player_id: int, socket: str) -> None:
    """The socket was heard from (a ping): it stays present for another TTL_SECONDS. Written whole, not
    as an update: after Redis restarted empty (an outage) the sockets that are still open come back by
    their next ping (the soak found none of them present again with an update-only write)."""
    pipe = _client().pipeline(transaction=False)
    pipe.zadd(_key(code), {_member(player_id, socket): time.time()})
    pipe.expire(_key(code), KEEP_SECONDS)
    pipe.sadd(ROOMS_KEY, code)
    await pipe.execute()


async def leave(code: str, player_id: int, socket: str) -> None:
    client = _client()
    now = time.time()
    await client.zrem(_key(code), _member(player_id, socket))
    live = await client.zrangebyscore(_key(code), now - TTL_SECONDS, "+inf")
    if player_id not in {_player(member) for member in live}:
        pipe = client.pipeline(transaction=False)
        pipe.hset(_away_key(code), str(player_id), f"{now:.3f}")
        pipe.expire(_away_key(code), KEEP_SECONDS)
        await pipe.execute()


async def online(code: str) -> set[int]:
    live = await _client().zrangebyscore(_key(code), time.time() - TTL_SECONDS, "+inf")
    return {_player(member) for member in live}


async def absence_async(code: str) -> tuple[set[int], dict[int, float]]:
    """`absence` for async code (a room socket's snapshots): who is online, and since when the others are away."""
    pipe = _client().pipeline(transaction=False)
    pipe.zrange(_key(code), 0, -1, withscores=True)
    pipe.hgetall(_away_key(code))
    members, closed = await pipe.execute()
    return _absence(members, closed, time.time())


# -- for sync code (the sweeper, services) ----------------------------------------------------------

_sync = None


def _sync_client() -> Any:
    global _sync
    if _sync is None:
        _sync = settings.REDIS.client(socket_timeout=5)
    return _sync


def absence(code: str, now: float | None = None) -> tuple[set[int], dict[int, float]]:
    """Who is online, and since when each absent player has been away: when their last socket closed,
    or when a socket that went silent (a killed process, a dead network) was last heard from."""
    return absences([code], now)[code]


def absences(codes: Iterable[str], now: float | None = None) -> dict[str, tuple[set[int], dict[int, float]]]:
    """`absence` of many rooms, read in one round trip (the abandons sweep asks for every playing room)."""
    now = time.time() if now is None else now
    codes = list(dict.fromkeys(codes))
    if not codes:
        return {}
    pipe = _sync_client().pipeline(transaction=False)
    for code in codes:
        pipe.zrange(_key(code), 0, -1, withscores=True)
        pipe.hgetall(_away_key(code))
    answers = pipe.execute()
    return {code: _absence(answers[2 * i], answers[2 * i + 1], now) for i, code in enumerate(codes)}


def _absence(members: Any, closed: Any, now: float) -> tuple[set[int], dict[int, float]]:
    online_now = {_player(member) for member, heard in members if heard >= now - TTL_SECONDS}
    away = {int(player): float(since) for player, since in closed.items()}
    for member, heard in members:
        player = _player(member)
        if player not in online_now:
            away[player] = max(away.get(player, 0.0), heard)
    return online_now, away


def away_seconds(
    people: Iterable[int], online: set[int], away: dict[int, float], since: float, now: float
) -> dict[int, float]:
    """How long (seconds) each of `people` not online has been away: from their last socket (`away`, as
    `absence` gives it), or from `since` (a match's start) for someone who never came or left before it."""
    return {player: max(0.0, now - max(away.get(player, 0.0), since)) for player in people if player not in online}


def silent_sweep(now: float | None = None) -> list[str]:
    """Drop the sockets that went silent, remember when their players were last heard from, and return
    the codes of the rooms whose presence changed (the caller announces them, so pages show who left)."""
    now = time.time() if now is None else now
    client = _sync_client()
    codes = [code.decode() for code in client.smembers(ROOMS_KEY)]
    if not codes:
        return []
    pipe = client.pipeline(transaction=False)
    for code in codes:
        pipe.zrange(_key(code), 0, -1, withscores=True)
    changed = []
    for code, members in zip(codes, pipe.execute(), strict=True):
        if not members:
            client.srem(ROOMS_KEY, code)
            continue
        silent = [(member, heard) for member, heard in members if heard < now - TTL_SECONDS]
        if not silent:
            continue
        live = {_player(member) for member, heard in members if heard >= now - TTL_SECONDS}
        _forget(client, code, silent, live)
        changed.append(code)
    return changed


def _forget(client: Any, code: str, silent: Iterable[tuple[bytes, float]], live: set[int]) -> None:
    last_heard: dict[int, float] = {}
    for member, heard in silent:
        player = _player(member)
        if player not in live:
            last_heard[player] = max(last_heard.get(player, 0.0), heard)
    players = list(last_heard)
    recorded = client.hmget(_away_key(code), [str(player) for player in players]) if players else []
    pipe = client.pipeline(transaction=False)
    pipe.zrem(_key(code), *[member for member, _heard in silent])
    for player, closed in zip(players, recorded, strict=True):
        # A later clean close of another of their sockets is the truer "away since".
        pipe.hset(_away_key(code), str(player), f"{max(last_heard[player], float(closed or 0)):.3f}")
    pipe.expire(_away_key(code), KEEP_SECONDS)
    pipe.execute()


# -- how many sockets one player opens ------------------------------------------------------------

# A person opens a page or two at a time (a tab, a reload, a phone); a script that opens sockets in a loop
# exhausts the process. More than this many connects in one window are refused (close code 4408).
MAX_CONNECTS, CONNECT_WINDOW_SECONDS = 30, 10


async def admit(player_id: int) -> bool:
    """Count a connect of this player's (room and lobby sockets alike); False once they open too many in
    the last CONNECT_WINDOW_SECONDS (a sliding window: a burst cannot hide across a window's edge)."""
    now = time.time()
    key = f"dg:connects:{player_id}"
    pipe = _client().pipeline(transaction=False)
    pipe.zremrangebyscore(key, "-inf", now - CONNECT_WINDOW_SECONDS)
    pipe.zadd(key, {f"{now:.6f}:{id(pipe)}": now})
    pipe.zcard(key)
    pipe.expire(key, 2 * CONNECT_WINDOW_SECONDS)
    _dropped, _added, count, _expires = await pipe.execute()
    return bool(count <= MAX_CONNECTS)
