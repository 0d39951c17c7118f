"""The site on a Redis with Sentinel (REDIS_SENTINELS): every Redis client works through it, and when the primary is
killed (SIGKILL) and Sentinel promotes the replica, every client follows within seconds, without a restart: the
cache, presence (its async and sync clients), the channel layer (a socket's subscription made before the failover
gets a group_send made after it) and the broker (a real Celery worker, started before, runs a task sent after).

Real Redis and sentinels from Debian (tests/integration/sentinel.py), a real worker of the live lane (the site's
command line, config/launch.py) given the same environment as a node; the channel layer is the site's own class
with the host settings config/settings.py builds.
"""

from __future__ import annotations

import asyncio
import time

import pytest
import redis
from django.core.cache import cache
from django.core.cache.backends.redis import RedisSerializer

from config import env as read
from config import lanes
from config.redis_topology import RedisTopology
from config.tasks import heartbeat, ran_key
from games.runtime import presence
from games.runtime.layer import RecoveringPubSubChannelLayer
from tests.integration.sentinel import SentinelRedis
from tests.integration.stack import stack_env, start, started, stop, tail, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

# From the primary's death to every client working again: the sentinels' 1 s to judge it down, their vote and
# the promotion (about 2.5 s here), and each client's next try.
FOLLOWS_WITHIN_SECONDS = 15


def channel_layer(topology: RedisTopology) -> RecoveringPubSubChannelLayer:
    """The channel layer of one daphne process, with the hosts config/settings.py gives it."""
    return RecoveringPubSubChannelLayer(
        hosts=[topology.channel_layer_host({"socket_timeout": None, **read.redis_retry_options()})]
    )


def send_heartbeat(topology: RedisTopology) -> float:
    """A live-lane task through the broker's sentinels, on a new connection (as a node that sends one)."""
    from config.celery import app

    sent = time.time()
    broker = app.connection_for_write(topology.broker_url(), transport_options=topology.broker_transport_options())
    with broker as connection:
        heartbeat.apply_async(args=(lanes.LIVE,), queue=lanes.queue(lanes.LIVE), connection=connection)
    return sent


def ran_since(moment: float) -> bool:
    last = cache.get(ran_key(lanes.LIVE))
    return last is not None and float(last) > moment


def cache_works(marker: str) -> bool:
    try:
        cache.set("sentinel-test", marker, 60)
        return cache.get("sentinel-test") == marker
    except Exception:  # noqa: BLE001 - the primary away: tried again
        time.sleep(0.2)
        return False


async def retrying(step, seconds: float = FOLLOWS_WITHIN_SECONDS):
    """The step's answer once it stops failing (the primary away until the replica is promoted)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return await step()
        except Exception:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.2)


async def received(layer, channel: str, seconds: float = 5.0) -> list[dict]:
    """What `channel` receives until `seconds` pass without a message."""
    messages = []
    try:
        while True:
            messages.append(await asyncio.wait_for(layer.receive(channel), seconds))
    except TimeoutError:
        return messages


def worker_on(sentinel_redis: SentinelRedis, tmp_path):
    env = stack_env(**sentinel_redis.env())
    worker = start("worker-live", tmp_path, env)
    assert started(tmp_path, names=("worker-live",)), tail(tmp_path, "worker-live")
    return worker


async def test_every_redis_client_of_the_site_works_through_sentinel(sentinel_redis, site_on_sentinel, tmp_path):
    topology = site_on_sentinel
    worker = await asyncio.to_thread(worker_on, sentinel_redis, tmp_path)
    try:
        assert await asyncio.to_thread(cache_works, "before")
        await presence.arrive("ROOM1", 7, "socket-a")
        assert await presence.online("ROOM1") == {7}
        online, _away = await asyncio.to_thread(presence.absence, "ROOM1")
        assert online == {7}
        # Both went to the primary the sentinels name, and nowhere else.
        primary = redis.Redis(port=sentinel_redis.primary_port)
        assert primary.exists(cache.make_key("sentinel-test"), "dg:presence:ROOM1") == 2

        sender, receiver = channel_layer(topology), channel_layer(topology)
        channel = await receiver.new_channel()
        await receiver.group_add("match-1", channel)
        await sender.group_send("match-1", {"type": "match.changed", "version": 1})
        assert await asyncio.wait_for(receiver.receive(channel), 5) == {"type": "match.changed", "version": 1}

        sent = await asyncio.to_thread(send_heartbeat, topology)
        assert await asyncio.to_thread(wait_for, lambda: ran_since(sent), 20), tail(tmp_path, "worker-live")
        await sender.flush()
        await receiver.flush()
    finally:
        await asyncio.to_thread(stop, [worker])


async def test_after_the_primary_is_killed_every_client_follows_the_promoted_replica_without_a_restart(
    sentinel_redis, site_on_sentinel, tmp_path
):
    topology = site_on_sentinel
    worker = await asyncio.to_thread(worker_on, sentinel_redis, tmp_path)
    try:
        # Everything in use before the failover: a socket's subscription, the clients' connections, the worker's.
        sender, receiver = channel_layer(topology), channel_layer(topology)
        channel = await receiver.new_channel()
        await receiver.group_add("match-1", channel)
        await sender.group_send("match-1", {"type": "match.changed", "version": 1})
        assert await asyncio.wait_for(receiver.receive(channel), 5) == {"type": "match.changed", "version": 1}
        assert await asyncio.to_thread(cache_works, "before")
        await presence.arrive("ROOM1", 7, "socket-a")
        assert await asyncio.to_thread(presence.absence, "ROOM1") == ({7}, {})
        sent = await asyncio.to_thread(send_heartbeat, topology)
        assert await asyncio.to_thread(wait_for, lambda: ran_since(sent), 20), tail(tmp_path, "worker-live")

        await asyncio.to_thread(sentinel_redis.kill_primary)
        killed = time.monotonic()
        promoted = await asyncio.to_thread(
            wait_for, lambda: sentinel_redis.primary() == sentinel_redis.replica_port, FOLLOWS_WITHIN_SECONDS, 0.1
        )
        assert promoted, sentinel_redis.describe()

        # The cache and presence (both clients) answer again, from the promoted replica.
        assert await asyncio.to_thread(wait_for, lambda: cache_works("after"), FOLLOWS_WITHIN_SECONDS, 0.1)
        promoted_replica = redis.Redis(port=sentinel_redis.replica_port)
        assert RedisSerializer().loads(promoted_replica.get(cache.make_key("sentinel-test"))) == "after"
        await retrying(lambda: presence.arrive("ROOM1", 8, "socket-b"))
        assert await presence.online("ROOM1") == {7, 8}  # 7's arrival was replicated before the primary died
        assert (await asyncio.to_thread(presence.absence, "ROOM1"))[0] == {7, 8}

        # The socket subscribed before the failover: its process finds the new primary, subscribes again and
        # tells the socket to look again (games.runtime.layer), then gets what is sent to its group after it.
        recovered = await asyncio.wait_for(receiver.receive(channel), FOLLOWS_WITHIN_SECONDS)
        assert recovered == {"type": "layer.recovered"}
        await retrying(lambda: sender.group_send("match-1", {"type": "match.changed", "version": 2}))
        assert {"type": "match.changed", "version": 2} in await received(receiver, channel)
        await sender.flush()
        await receiver.flush()

        # The worker that was consuming from the old primary runs a task sent after the failover.
        sent = await asyncio.to_thread(send_heartbeat, topology)
        assert await asyncio.to_thread(wait_for, lambda: ran_since(sent), FOLLOWS_WITHIN_SECONDS), tail(
            tmp_path, "worker-live"
        )
        assert worker.poll() is None  # the same process: no restart
        assert time.monotonic() - killed < 2 * FOLLOWS_WITHIN_SECONDS
    finally:
        await asyncio.to_thread(stop, [worker])
