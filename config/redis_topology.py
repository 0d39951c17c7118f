"""Where the site's Redis is, and each Redis client's settings built from that, in one place.

Two shapes, read from the environment (docs/deployment.md, "Redis with Sentinel"):

- one address, `REDIS_URL` (redis://host:6379/0): a single Redis, as `make run`'s embedded one or a managed one;
- a primary found through Redis Sentinel: `REDIS_SENTINELS=host:port,host:port,host:port` (the sentinels),
  `REDIS_SENTINEL_MASTER` (the name they monitor; default `dreamgames`), `REDIS_DB` (default 0). REDIS_URL is
  then not read. Every client asks the sentinels for the primary when it connects, and again after its
  connection fails, so a failover is followed without a restart.

Every client of the site takes its settings from here: the cache (Django's RedisCache with `SentinelCachePool`),
the channel layer (channels_redis' own Sentinel host dict), the broker (kombu's `sentinel://` transport), beat's
lock and schedule (celery-redbeat's `redis-sentinel://`), presence and the tools (`client`, `async_client`).
"""

from __future__ import annotations

import socket
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from django.core.exceptions import ImproperlyConfigured
from redis.sentinel import Sentinel, SentinelConnectionPool

if TYPE_CHECKING:
    import redis
    import redis.asyncio

DEFAULT_MASTER = "dreamgames"
# A sentinel answers from memory on a LAN: one that does not within a second is skipped for the next one.
SENTINEL_TIMEOUT_SECONDS = 1.0
# A primary that does not accept a connection within this is treated as down: the next try asks the sentinels.
CONNECT_TIMEOUT_SECONDS = 2.0
# A command that gets no answer in this long fails (the cache, presence, beat). Not the channel layer's
# subscriptions, which are idle for as long as nothing happens in a match.
COMMAND_TIMEOUT_SECONDS = 5.0
# The channel layer's idle subscription has no read timeout: TCP keepalive finds a primary that vanished without
# closing its connections (a host powered off, a network cut) in about 5 + 3 x 2 = 11 s instead of hours.
KEEPALIVE_OPTIONS = {
    option: value
    for option, value in (("TCP_KEEPIDLE", 5), ("TCP_KEEPINTVL", 2), ("TCP_KEEPCNT", 3))
    if hasattr(socket, option)
}


def _sentinel_kwargs() -> dict[str, float]:
    return {"socket_timeout": SENTINEL_TIMEOUT_SECONDS, "socket_connect_timeout": SENTINEL_TIMEOUT_SECONDS}


@dataclass(frozen=True)
class RedisTopology:
    url: str = ""  # the one address, when there are no sentinels
    sentinels: tuple[tuple[str, int], ...] = ()
    master: str = DEFAULT_MASTER
    db: int = 0

    @property
    def through_sentinel(self) -> bool:
        return bool(self.sentinels)

    def describe(self) -> str:
        """For logs and banners: where the clients go (no password: none is read from here)."""
        if not self.through_sentinel:
            return self.url
        return f"sentinel {','.join(_hostport(s) for s in self.sentinels)} master {self.master} db {self.db}"

    # -- each client's settings -----------------------------------------------------------------------------

    def cache(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """CACHES["default"]'s LOCATION and OPTIONS for Django's RedisCache (`options`: the connection's own)."""
        if not self.through_sentinel:
            return {"LOCATION": self.url, "OPTIONS": dict(options)}
        return {
            # One location, never a list: Django's RedisCache reads from a random one of several.
            "LOCATION": f"sentinel://{self.master}/{self.db}",
            "OPTIONS": {
                "pool_class": "config.redis_topology.SentinelCachePool",
                "sentinels": list(self.sentinels),
                "service_name": self.master,
                "sentinel_kwargs": _sentinel_kwargs(),
                "db": self.db,
                "socket_timeout": COMMAND_TIMEOUT_SECONDS,
                "socket_connect_timeout": CONNECT_TIMEOUT_SECONDS,
                **options,
            },
        }

    def channel_layer_host(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """One entry of CHANNEL_LAYERS' `hosts`, in channels_redis' own forms (an address, or its Sentinel dict)."""
        if not self.through_sentinel:
            return {"address": self.url, **options}
        return {
            "sentinels": list(self.sentinels),
            "master_name": self.master,
            "sentinel_kwargs": _sentinel_kwargs(),
            "db": self.db,
            "socket_connect_timeout": CONNECT_TIMEOUT_SECONDS,
            "socket_keepalive": True,
            "socket_keepalive_options": {getattr(socket, name): value for name, value in KEEPALIVE_OPTIONS.items()},
            **options,
        }

    def broker_url(self) -> str:
        """Celery's broker_url: the address, or kombu's list of sentinels (`sentinel://h:p/db;sentinel://...`)."""
        if not self.through_sentinel:
            return self.url
        return ";".join(f"sentinel://{_hostport(sentinel)}/{self.db}" for sentinel in self.sentinels)

    def broker_transport_options(self) -> dict[str, Any]:
        if not self.through_sentinel:
            return {}
        return {
            "master_name": self.master,
            "sentinel_kwargs": _sentinel_kwargs(),
            "socket_connect_timeout": CONNECT_TIMEOUT_SECONDS,
        }

    def redbeat(self) -> tuple[str, dict[str, Any]]:
        """celery-redbeat's redis URL and options (its Sentinel form wants the scheme `redis-sentinel` and the
        sentinels in the options; the URL itself is then only shown in beat's banner)."""
        if not self.through_sentinel:
            return self.url, {}
        return f"redis-sentinel://{self.master}/{self.db}", {
            "sentinels": list(self.sentinels),
            "service_name": self.master,
            "db": self.db,
            "socket_timeout": COMMAND_TIMEOUT_SECONDS,
            "sentinel_kwargs": _sentinel_kwargs(),
        }

    # -- clients of our own code -----------------------------------------------------------------------------

    def client(self, **options: Any) -> redis.Redis:
        """A redis-py client (sync) of the primary."""
        import redis

        if not self.through_sentinel:
            return redis.Redis.from_url(self.url, **options)
        options.setdefault("socket_connect_timeout", CONNECT_TIMEOUT_SECONDS)
        sentinel = Sentinel(list(self.sentinels), sentinel_kwargs=_sentinel_kwargs())
        return cast("redis.Redis", sentinel.master_for(self.master, db=self.db, **options))

    def async_client(self, **options: Any) -> redis.asyncio.Redis:
        """A redis-py asyncio client of the primary (bound to the event loop that first uses it)."""
        import redis.asyncio as aioredis
        from redis.asyncio.sentinel import Sentinel as AsyncSentinel

        if not self.through_sentinel:
            return aioredis.Redis.from_url(self.url, **options)
        options.setdefault("socket_connect_timeout", CONNECT_TIMEOUT_SECONDS)
        sentinel = AsyncSentinel(list(self.sentinels), sentinel_kwargs=_sentinel_kwargs())
        return cast("redis.asyncio.Redis", sentinel.master_for(self.master, db=self.db, **options))


class SentinelCachePool(SentinelConnectionPool):
    """Django's RedisCache makes its pool with `pool_class.from_url(LOCATION, **OPTIONS)`: this one takes the
    sentinels from the options and leaves the location (a label) aside."""

    @classmethod
    def from_url(  # type: ignore[override]
        cls,
        url: str,
        *,
        sentinels: list[tuple[str, int]],
        service_name: str,
        sentinel_kwargs: dict[str, Any] | None = None,
        **options: Any,
    ) -> SentinelCachePool:
        return cls(service_name, Sentinel(sentinels, sentinel_kwargs=sentinel_kwargs), **options)


# -- reading the environment -------------------------------------------------------------------------------


def read(env: Mapping[str, str], default_url: str) -> RedisTopology:
    """The topology from the environment. Bad values raise ImproperlyConfigured naming the variable."""
    from config.env import read_int, read_redis_url

    raw = env.get("REDIS_SENTINELS", "").strip()
    if not raw:
        if env.get("REDIS_DB", "").strip():
            raise ImproperlyConfigured(
                "REDIS_DB is read only with REDIS_SENTINELS; without sentinels the database is REDIS_URL's "
                "(redis://host:6379/N)"
            )
        return RedisTopology(url=read_redis_url(env, default_url))
    master = env.get("REDIS_SENTINEL_MASTER", "").strip() or DEFAULT_MASTER
    if any(char.isspace() or char in "/;," for char in master):
        raise ImproperlyConfigured(
            f"REDIS_SENTINEL_MASTER must be the name the sentinels monitor (no spaces, '/', ';' or ','), not {master!r}"
        )
    return RedisTopology(sentinels=read_sentinels(raw), master=master, db=read_int(env, "REDIS_DB", 0, minimum=0))


def read_sentinels(raw: str) -> tuple[tuple[str, int], ...]:
    """`host:port,host:port,...` (an IPv6 address in brackets: `[::1]:26379`) as (host, port) pairs."""
    example = "such as 10.0.0.1:26379,10.0.0.2:26379,10.0.0.3:26379"
    sentinels = []
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        host, colon, port = item.rpartition(":")
        host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
        if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536 or "/" in host:
            raise ImproperlyConfigured(
                f"REDIS_SENTINELS must be the sentinels' host:port, separated by commas ({example}), "
                f"not {raw!r} (bad: {item!r})"
            )
        sentinels.append((host, int(port)))
    if len(set(sentinels)) != len(sentinels):
        raise ImproperlyConfigured(f"REDIS_SENTINELS names a sentinel twice: {raw!r}")
    return tuple(sentinels)


def _hostport(sentinel: tuple[str, int]) -> str:
    host, port = sentinel
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
