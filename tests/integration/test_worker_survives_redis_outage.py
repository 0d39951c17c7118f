"""Redis stops for 15 s under a live match: the worker stays up, reconnects, and the match's clock, which
ran out during the outage, is met within a few seconds after Redis returns.

Real Celery (a worker with the deployment's pool of threads, and beat) on a Redis of the test's own, which
the test stops and starts again, empty, on the same port; real PostgreSQL. Celery 5.7.0 crashed here
(`Unrecoverable error: AttributeError("'NoneType' object has no attribute 'hostname'")`, docs/decisions.md).
"""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from games.runtime import matches, rooms, scheduling
from tests.integration.stack import celery, free_port, redis_server, stack_env, started, stop, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE_SECONDS = 15
# After Redis is back: the worker's reconnect back-off (a try every 2 s at most: config/worker.py)
# plus one sweep (every 2 s) plus the time to advance: a few seconds, with room for a loaded machine.
CATCH_UP_SECONDS = 6


def phase(match: Match) -> str:
    match.refresh_from_db()
    return match.state["phase"]


def tail(tmp_path, name: str) -> str:
    return (tmp_path / f"{name}.log").read_text(errors="replace")[-4000:]


def test_the_worker_survives_a_redis_outage_and_the_clock_is_met_when_redis_returns(alice, bob_guest, tmp_path):
    port = free_port()
    redis = redis_server(port, tmp_path)
    env = stack_env(REDIS_URL=f"redis://127.0.0.1:{port}/0")
    worker, beat = celery("worker", tmp_path, env, threads=True), celery("beat", tmp_path, env)
    processes = [worker, beat, redis]
    try:
        room = rooms.room_create(
            game="duelo",
            host=alice.player,
            seats=2,
            interface_language="es",
            settings={"language": "es", "rounds": 1, "round_seconds": 60},
        )
        rooms.room_join(room=room, player=bob_guest)
        assert started(tmp_path), tail(tmp_path, "worker") + tail(tmp_path, "beat")
        # This process would arm its timers on the suite's Redis, where no worker listens: the worker's
        # sweeper picks the match up and the worker arms the round's clock on its own broker (and holds
        # that timer, reserved, when Redis goes away). The round "began" 54 s ago: its clock runs out in
        # about 9 s, during the outage.
        with scheduling.timers_disabled():
            match = matches.match_start(room=room, by=alice.player, now=timezone.now() - timedelta(seconds=54))
        assert wait_for(lambda: phase(match) == "playing", 30), tail(tmp_path, "worker")
        clock_ends = match.deadline
        assert timedelta(seconds=3) < clock_ends - timezone.now() < timedelta(seconds=OUTAGE_SECONDS - 2)

        redis.terminate()
        redis.wait(timeout=10)
        time.sleep(OUTAGE_SECONDS)
        assert timezone.now() > clock_ends + timedelta(seconds=2)  # the deadline passed while Redis was away
        processes.append(redis := redis_server(port, tmp_path))
        back = time.monotonic()

        assert wait_for(lambda: phase(match) in ("ending", "finished"), CATCH_UP_SECONDS), (
            f"not advanced {time.monotonic() - back:.1f} s after Redis returned\n{tail(tmp_path, 'worker')}"
        )
        assert worker.poll() is None, tail(tmp_path, "worker")  # the same process: it reconnected
        assert beat.poll() is None, tail(tmp_path, "beat")
        assert wait_for(lambda: phase(match) == "finished", 20)
        match.refresh_from_db()
        assert match.status == Match.FINISHED and match.state["rounds"][0]["end_reason"] == "clock"
        assert "Unrecoverable error" not in tail(tmp_path, "worker")
    finally:
        stop(processes)
