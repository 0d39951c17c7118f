"""Real Celery processes for integration tests: a worker and beat on the test database and Redis."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from tests.conftest import ROOT


def stack_env(**extra: str) -> dict[str, str]:
    """The environment of the test run, pointed at the test database (pytest-django renamed it)."""
    from django.db import connection

    settings = connection.settings_dict
    url = (f"postgres://{settings['USER'] or 'postgres'}@{settings['HOST'] or '127.0.0.1'}:"
           f"{settings['PORT'] or 5432}/{settings['NAME']}")
    return dict(os.environ, DATABASE_URL=url, DEBUG="1", **extra)


def celery(kind: str, tmp_path, env) -> subprocess.Popen:
    log = open(tmp_path / f"{kind}.log", "a")  # noqa: SIM115 - closed with the process
    command = [sys.executable, "-m", "celery", "-A", "config", kind, "--loglevel=INFO"]
    if kind == "worker":
        command += ["--pool=solo", "--without-mingle", "--without-gossip", "--without-heartbeat",
                    "--hostname", f"test-{time.monotonic_ns()}@%h"]
    else:
        command += ["--schedule", str(tmp_path / "beat-schedule")]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)


def flush_redis() -> None:
    subprocess.run(["redis-cli", "-u", os.environ["REDIS_URL"], "flushdb"], check=False, capture_output=True)


def stop(processes) -> None:
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)


def wait_for(predicate, seconds: float, every: float = 0.25) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return False
