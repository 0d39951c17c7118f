"""Redis stops for 15 s under a live match: the match's deadline, which comes during the outage, is met on time
(the clock reads deadlines from PostgreSQL and needs no Redis: issue 30), and the workers stay up and
reconnect when Redis returns.

The site's real processes (the clock, the live worker with its pool of threads, beat) on a Redis of the test's
own, which the test stops and starts again, empty, on the same port; real PostgreSQL. Celery 5.7.0 crashed
here (`Unrecoverable error: AttributeError("'NoneType' object has no attribute 'hostname'")`,
docs/decisions.md).
"""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, MatchEvent
from games.runtime import matches, rooms, scheduling
from tests.integration.stack import free_port, redis_server, stack_env, start, started, stop, tail, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE_SECONDS = 15
# How late the clock may apply the deadline: a tick (0.2 s) and the save, with room for a loaded machine.
LATE_SECONDS = 2.0


def phase(match: Match) -> str:
    match.refresh_from_db()
    return match.state["phase"]


def test_a_deadline_during_a_redis_outage_is_met_on_time_and_the_workers_survive_it(alice, bob_guest, tmp_path):
    port = free_port()
    redis = redis_server(port, tmp_path)
    env = stack_env(REDIS_URL=f"redis://127.0.0.1:{port}/0")
    names = ("clock", "worker-live", "beat")
    clock, worker, beat = (start(name, tmp_path, env) for name in names)
    processes = [clock, worker, beat, redis]
    try:
        room = rooms.room_create(
            game="duelo",
            host=alice.player,
            seats=2,
            interface_language="es",
            settings={"language": "es", "rounds": 1, "round_seconds": 60},
        )
        rooms.room_join(room=room, player=bob_guest)
        assert started(tmp_path, names=names), tail(tmp_path, "worker-live") + tail(tmp_path, "clock")
        # The round "began" 54 s ago: its clock runs out in about 9 s, during the outage.
        with scheduling.timers_disabled():  # this process' broker is the suite's Redis: nothing sent there
            match = matches.match_start(room=room, by=alice.player, now=timezone.now() - timedelta(seconds=54))
        assert wait_for(lambda: phase(match) == "playing", 30), tail(tmp_path, "clock")
        clock_ends = match.deadline
        assert timedelta(seconds=3) < clock_ends - timezone.now() < timedelta(seconds=OUTAGE_SECONDS - 2)

        redis.terminate()
        redis.wait(timeout=10)
        down = time.monotonic()
        assert wait_for(lambda: phase(match) in ("ending", "finished"), OUTAGE_SECONDS - 2), tail(tmp_path, "clock")
        ended = MatchEvent.objects.get(match=match, kind="round_ended")
        assert ended.at - clock_ends < timedelta(seconds=LATE_SECONDS), (ended.at, clock_ends)
        time.sleep(max(0.0, down + OUTAGE_SECONDS - time.monotonic()))
        processes.append(redis := redis_server(port, tmp_path))

        assert worker.poll() is None, tail(tmp_path, "worker-live")  # the same process: it reconnects
        assert wait_for(
            lambda: "Connected to redis" in tail(tmp_path, "worker-live", 200_000).split("Cannot connect")[-1], 15
        ), tail(tmp_path, "worker-live")
        assert beat.poll() is None and clock.poll() is None, tail(tmp_path, "beat") + tail(tmp_path, "clock")
        assert wait_for(lambda: phase(match) == "finished", 20)
        match.refresh_from_db()
        assert match.status == Match.FINISHED and match.state["rounds"][0]["end_reason"] == "clock"
        assert "Unrecoverable error" not in tail(tmp_path, "worker-live", 200_000)
    finally:
        stop(processes)
