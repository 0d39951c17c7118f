"""The clock process killed mid-round loses nothing: no timer was armed, the deadline is in the match's row, and
a new clock applies it as soon as it starts (issue 30, decision 70).

Real processes (the clock, the live worker, beat), real Redis, real PostgreSQL.
"""

import os
import signal
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from games.runtime import matches, rooms
from tests.integration.stack import flush_redis, stack_env, start, started, stop, tail, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def phase(match: Match) -> str:
    match.refresh_from_db()
    return match.state["phase"]


def test_a_round_ends_as_soon_as_a_new_clock_starts_after_the_old_one_died(alice, bob_guest, tmp_path):
    env = stack_env()
    flush_redis()
    clock = start("clock", tmp_path, env)
    processes = [clock, start("worker-live", tmp_path, env), start("beat", tmp_path, env)]
    try:
        assert started(tmp_path, names=("clock", "worker-live", "beat")), tail(tmp_path, "clock")
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
        assert wait_for(lambda: phase(match) == "playing", 30), tail(tmp_path, "clock")
        clock_ends = match.deadline

        os.killpg(clock.pid, signal.SIGKILL)
        clock.wait()
        time.sleep(max(0.0, (clock_ends - timezone.now()).total_seconds()) + 3)
        assert phase(match) == "playing"  # nobody ended the round: no clock runs

        processes.append(start("clock", tmp_path, env))
        restarted = time.monotonic()
        assert wait_for(lambda: phase(match) in ("ending", "finished"), 20), tail(tmp_path, "clock")
        # Once it runs, the first tick applies it: Django's start-up plus a tick, not a sweep period.
        assert time.monotonic() - restarted < 15
        assert wait_for(lambda: phase(match) == "finished", 20)
        match.refresh_from_db()
        assert match.status == Match.FINISHED and match.state["rounds"][0]["end_reason"] == "clock"
    finally:
        stop(processes)
