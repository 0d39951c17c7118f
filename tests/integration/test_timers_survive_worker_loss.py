"""Killing the Celery worker mid-round loses its timer; a new worker's sweeper ends the round anyway.

Real Celery (worker and beat as processes), real Redis, real PostgreSQL.
"""

import os
import signal
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from games.runtime import matches, rooms
from tests.integration.stack import celery, flush_redis, stack_env, stop, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def phase(match: Match) -> str:
    match.refresh_from_db()
    return match.state["phase"]


def test_a_round_ends_on_time_even_when_the_worker_dies_holding_its_timer(alice, bob_guest, tmp_path):
    env = stack_env()
    flush_redis()
    worker, beat = celery("worker", tmp_path, env), celery("beat", tmp_path, env)
    processes = [worker, beat]
    try:
        room = rooms.room_create(
            game="duelo",
            host=alice.player,
            seats=2,
            interface_language="es",
            settings={"language": "es", "rounds": 1, "round_seconds": 60},
        )
        rooms.room_join(room=room, player=bob_guest)
        # A match whose round clock runs out about 8 s from now (it "began" 54.6 s ago).
        match = matches.match_start(room=room, by=alice.player, now=timezone.now() - timedelta(seconds=54.6))
        assert wait_for(lambda: phase(match) == "playing", 30), (tmp_path / "worker.log").read_text()[-3000:]
        clock_ends = match.deadline

        os.killpg(worker.pid, signal.SIGKILL)  # holding the reserved timer for the end of the clock
        worker.wait()
        time.sleep(max(0.0, (clock_ends - timezone.now()).total_seconds()) + 3)
        assert phase(match) == "playing"  # nobody ended the round: the timer went down with the worker

        processes.append(celery("worker", tmp_path, env))
        assert wait_for(lambda: phase(match) in ("ending", "finished"), 20), (tmp_path / "worker.log").read_text()[
            -3000:
        ]
        assert wait_for(lambda: phase(match) == "finished", 20)
        match.refresh_from_db()
        assert match.status == Match.FINISHED and match.state["rounds"][0]["end_reason"] == "clock"
    finally:
        stop(processes)
