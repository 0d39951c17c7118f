"""Killing the Celery worker mid-round loses its timer; a new worker's sweeper ends the round anyway.

Real Celery (worker and beat as processes), real Redis, real PostgreSQL.
"""

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match
from games.runtime import matches, rooms
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db(transaction=True)


def celery(kind: str, tmp_path, env) -> subprocess.Popen:
    log = open(tmp_path / f"{kind}.log", "a")  # noqa: SIM115 - closed with the process
    command = [sys.executable, "-m", "celery", "-A", "config", kind, "--loglevel=INFO"]
    if kind == "worker":
        command += ["--pool=solo", "--without-mingle", "--without-gossip", "--without-heartbeat",
                    "--hostname", f"test-{time.monotonic_ns()}@%h"]
    else:
        command += ["--schedule", str(tmp_path / "beat-schedule")]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)


def wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.25)
    return False


def phase(match: Match) -> str:
    match.refresh_from_db()
    return match.state["phase"]


def test_a_round_ends_on_time_even_when_the_worker_dies_holding_its_timer(alice, bob_guest, tmp_path):
    from django.db import connection

    env = dict(os.environ, DATABASE_URL=(f"postgres://{connection.settings_dict['USER'] or 'postgres'}@"
                                         f"{connection.settings_dict['HOST'] or '127.0.0.1'}:"
                                         f"{connection.settings_dict['PORT'] or 5432}/"
                                         f"{connection.settings_dict['NAME']}"), DEBUG="1")
    subprocess.run(["redis-cli", "-u", os.environ["REDIS_URL"], "flushdb"], check=False, capture_output=True)
    worker, beat = celery("worker", tmp_path, env), celery("beat", tmp_path, env)
    processes = [worker, beat]
    try:
        room = rooms.room_create(game="duelo", host=alice.player, seats=2, interface_language="es",
                                 settings={"language": "es", "rounds": 1, "round_seconds": 60})
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
        assert wait_for(lambda: phase(match) in ("ending", "finished"), 20), \
            (tmp_path / "worker.log").read_text()[-3000:]
        assert wait_for(lambda: phase(match) == "finished", 20)
        match.refresh_from_db()
        assert match.status == Match.FINISHED and match.state["rounds"][0]["end_reason"] == "clock"
    finally:
        for process in processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
