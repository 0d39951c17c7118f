"""Two Celery beats run (as on two nodes): only the holder of the beat lock sends the heartbeats; when it is killed
(SIGKILL: it cannot let the lock go), the other sends within 15 s, and /healthz's beat check never goes stale.

Real beats (the site's command line, config/launch.py) on a Redis with Sentinel of the test's own, no worker:
each heartbeat stays in its lane's queue, where the message's `origin` header names the process that sent it.
"""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from config import health, lanes
from tests.integration.stack import stack_env, start, started, stop, tail, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

WATCH_SECONDS = 12  # a little over two heartbeats (every 5 s) of each lane
TAKEOVER_SECONDS = 15  # /healthz calls beat stale after 15 s without a heartbeat sent


def senders(client) -> list[int]:
    """The process id of the sender of each heartbeat waiting in the lanes' queues, oldest first."""
    pids = []
    for lane in lanes.LANES:
        for raw in reversed(client.lrange(lanes.queue(lane), 0, -1)):  # kombu pushes at the head
            origin = json.loads(raw)["headers"]["origin"]  # gen<pid>@<host>
            pids.append(int(origin.split("@")[0].removeprefix("gen")))
    return pids


def test_of_two_beats_only_the_lock_holder_sends_and_the_other_takes_over_when_it_is_killed(
    sentinel_redis,
    site_on_sentinel,
    tmp_path,
):
    client = site_on_sentinel.client()
    env = stack_env(**sentinel_redis.env())
    folders = [tmp_path / "node-1", tmp_path / "node-2"]
    beats = []
    for folder in folders:
        folder.mkdir()
        beats.append(start("beat", folder, env))
    try:
        for folder in folders:
            assert started(folder, names=("beat",)), tail(folder, "beat")
        time.sleep(WATCH_SECONDS)
        sent = senders(client)
        assert len(sent) >= 2 * len(lanes.LANES), (sent, tail(folders[0], "beat"), tail(folders[1], "beat"))
        assert len(set(sent)) == 1, f"more than one beat sent: {sent}"
        holder = next(beat for beat in beats if beat.pid == sent[0])
        other = next(beat for beat in beats if beat is not holder)
        holder_log = folders[beats.index(holder)]
        assert "holds the beat lock" in tail(holder_log, "beat", 20_000)
        assert health.check_beat()["ok"] is True

        os.killpg(holder.pid, signal.SIGKILL)
        holder.wait(timeout=10)
        killed = time.monotonic()
        beat_checks = []

        def other_sent() -> bool:
            beat_checks.append(health.check_beat())
            return other.pid in senders(client)

        assert wait_for(other_sent, TAKEOVER_SECONDS, every=0.25), tail(folders[beats.index(other)], "beat")
        took_over = time.monotonic() - killed
        assert all(check["ok"] for check in beat_checks), beat_checks  # never stale for /healthz
        assert other.poll() is None
        assert took_over < TAKEOVER_SECONDS
    finally:
        stop(beats)
