"""Who is connected to a room: a Redis hash of player id -> open sockets (several tabs count once).

Kept in Redis, not in a process, because a room's sockets may live in different daphne processes.
Entries expire with the hash a day after the last change, so a crashed process leaks nothing for good.
"""

from __future__ import annotations

import asyncio
import time
import weakref

import redis.asyncio as aioredis
from django.conf import settings

TTL_SECONDS = 24 * 3600


# One client per event loop: an asyncio connection belongs to the loop that opened it (daphne has one;
# test runners make one per test).
_clients: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _client() -> aioredis.Redis:
    loop = asyncio.get_running_loop()
    client = _clients.get(loop)
    if client is None:
        client = _clients[loop] = aioredis.Redis.from_url(settings.REDIS_URL, socket_timeout=None)
    return client


def _key(code: str) -> str:
    return f"dg:presence:{code}"


def _away_key(code: str) -> str:
    """Player id -> when their last socket closed (epoch seconds): how long someone has been away."""
    return f"dg:away:{code}"


async def arrive(code: str, player_id: int) -> None:
    client = _client()
    await client.hincrby(_key(code), str(player_id), 1)
    await client.expire(_key(code), TTL_SECONDS)
    await client.hdel(_away_key(code), str(player_id))


async def leave(code: str, player_id: int) -> None:
    client = _client()
    if await client.hincrby(_key(code), str(player_id), -1) <= 0:
        await client.hdel(_key(code), str(player_id))
        await client.hset(_away_key(code), str(player_id), f"{time.time():.3f}")
        await client.expire(_away_key(code), TTL_SECONDS)


def absence(code: str) -> tuple[set[int], dict[int, float]]:
    """For sync code (the sweeper): who is online, and since when each absent player has been away."""
    client = _sync_client()
    online = {int(player) for player, count in client.hgetall(_key(code)).items() if int(count) > 0}
    away = {int(player): float(since) for player, since in client.hgetall(_away_key(code)).items()}
    return online, away


_sync = None


def _sync_client():
    global _sync
    if _sync is None:
        import redis

        _sync = redis.Redis.from_url(settings.REDIS_URL)
    return _sync


async def online(code: str) -> set[int]:
    values = await _client().hgetall(_key(code))
    return {int(player) for player, count in values.items() if int(count) > 0}
