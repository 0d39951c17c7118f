"""The pieces of the real stack that the bench and the soak start: a database of their own, daphne, the clock, a
Celery worker of each lane and beat as processes (the command lines of config/launch.py, as scripts/run.py
starts them), and what we read off them.

Every process gets its own session (process group), its output goes to a log file (a pipe nobody drains
would block it), and `Stack.stop_all` ends them in reverse order, SIGKILL after a grace period.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse, urlunparse

from config import launch
from config.lanes import LANES

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, seconds: float, process: subprocess.Popen | None = None, host: str = "127.0.0.1") -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            probe.settimeout(0.2)
            if probe.connect_ex((host, port)) == 0:
                return True
        if process is not None and process.poll() is not None:
            return False
        time.sleep(0.1)
    return False


def database_url_named(url: str, name: str) -> str:
    """The same server and role, another database."""
    parts = urlparse(url)
    return urlunparse(parts._replace(path=f"/{name}"))


def _admin(url: str) -> tuple[str, str]:
    parts = urlparse(url)
    name = parts.path.lstrip("/")
    if not name.replace("_", "").isalnum():
        raise ValueError(f"refusing an unusual database name: {name!r}")
    return urlunparse(parts._replace(path="/postgres")), name


def drop_database(url: str) -> None:
    """Drop the database of `url`, closing whatever sessions it still has."""
    import psycopg

    admin, name = _admin(url)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def recreate_database(url: str) -> None:
    """A fresh database at `url` (dropped first if it exists), migrated."""
    import psycopg

    drop_database(url)
    admin, name = _admin(url)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    subprocess.run(
        [PY, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        check=True,
        env=dict(os.environ, DATABASE_URL=url),
    )


def rss_mib(pid: int) -> float | None:
    """Resident memory of one process (Linux /proc), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return None


def stat_cpu_seconds(stat: str, ticks_per_second: int) -> float:
    """utime + stime of one /proc/<pid>/stat line, in seconds (fields 14 and 15, counted after the
    command's closing parenthesis, which may itself hold spaces)."""
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / ticks_per_second


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time a process has used so far (Linux /proc), or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat_cpu_seconds(stat.read(), os.sysconf("SC_CLK_TCK"))
    except (OSError, IndexError, ValueError):
        return None


class Stack:
    """daphne, Celery worker and beat on one database and one Redis db, with logs in `logs`."""

    def __init__(self, env: dict[str, str], logs: Path):
        self.env = dict(env, PYTHONUNBUFFERED="1")
        self.logs = logs
        logs.mkdir(parents=True, exist_ok=True)
        self.processes: dict[str, subprocess.Popen] = {}
        self.files = []
        self.port: int | None = None
        self.worker_starts = 0

    def _start(self, name: str, command: list[str]) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "a")  # noqa: SIM115 - closed in stop_all
        self.files.append(log)
        process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.processes[name] = process
        return process

    def start_daphne(
        self, name: str = "daphne", port: int | None = None, application: str = "config.asgi:application"
    ) -> str:
        """One daphne process (several may run, under different names, as behind a proxy). `application`:
        the site's, unless a bench serves it with something of its own added (bench/transport_asgi.py)."""
        self.port = port or free_port()
        # A generous handshake timeout: the soak measures how long connects take, it does not cut them.
        argv = launch.daphne(PY, port=self.port, application=application, extra=("--websocket_connect_timeout", "60"))
        daphne = self._start(name, argv)
        if not wait_for_port(self.port, 60, daphne):
            raise RuntimeError(f"{name} did not start: {self.tail(name)}")
        return f"http://127.0.0.1:{self.port}"

    def start_workers(self, app: str = "config", queue_prefix: str = "", lanes: tuple[str, ...] = tuple(LANES)) -> None:
        """The clock and a Celery worker of each of `lanes` (config/launch.py). `app`: the site's Celery app,
        unless a bench sends its tasks elsewhere (bench/transport_celery.py, with its `queue_prefix`)."""
        self.start_clock()
        for lane in lanes:
            self.start_worker(lane, app=app, queue_prefix=queue_prefix)

    def start_worker(self, lane: str, app: str = "config", queue_prefix: str = "") -> None:
        """The Celery worker of `lane` (a new one, after a kill: its node name says which start it is)."""
        self.worker_starts += 1
        hostname = f"{lane}-{os.getpid()}-{self.worker_starts}@%h"
        self._start(f"worker-{lane}", launch.worker(PY, lane, hostname=hostname, app=app, queue_prefix=queue_prefix))

    def start_clock(self) -> None:
        self._start("clock", launch.clock(PY))

    def start_beat(self) -> None:
        self._start("beat", launch.beat(PY))

    def kill(self, name: str) -> None:
        """SIGKILL, as a crash or an OOM kill would: whatever it held (a worker's reserved tasks) is lost with it."""
        process = self.processes.get(name)
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def alive(self, name: str) -> bool:
        process = self.processes.get(name)
        return process is not None and process.poll() is None

    def rss(self) -> dict[str, float | None]:
        return {
            name: rss_mib(process.pid) if process.poll() is None else None for name, process in self.processes.items()
        }

    def cpu(self) -> dict[str, float | None]:
        return {
            name: cpu_seconds(process.pid) if process.poll() is None else None
            for name, process in self.processes.items()
        }

    def tail(self, name: str, chars: int = 3000) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace")[-chars:] if path.exists() else ""

    def stop_all(self) -> None:
        for process in reversed(self.processes.values()):
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):  # gone since the check
                    os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for process in reversed(self.processes.values()):
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):  # gone since the check
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        for log in self.files:
            log.close()
        self.files = []


def collect_static(env: dict[str, str]) -> None:
    """What a deployment does before it serves with production settings (docs/deployment.md): the hashed
    static files WhiteNoise serves, without which a page's {% static %} fails."""
    subprocess.run(
        [PY, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True, capture_output=True
    )


def production_env() -> dict[str, str]:
    """The site's production settings for processes a bench measures: DEBUG off, as the site runs (DEBUG's
    query log and debug cursor were part of every move the transport table measured before: docs/
    performance.md), with this process's SECRET_KEY, which signs the guests' sessions the sockets present,
    and plain HTTP on loopback. Production refuses a weak key (config/env.py): `make bench` runs without
    SECRET_KEY, so this process has the strong one generated in .local/; a weak one given by hand is refused
    here, before any process is started, with what to do."""
    from django.conf import settings

    from config.env import secret_key_problems

    problems = secret_key_problems(settings.SECRET_KEY)
    if problems:
        raise SystemExit(
            f"The bench's processes run the production settings, which refuse this SECRET_KEY ({'; '.join(problems)})"
            ": run it without SECRET_KEY (a strong one is generated in .local/) or give it one made with "
            '`python -c "import secrets; print(secrets.token_urlsafe(50))"`'
        )
    return {
        "DEBUG": "0",
        "SECRET_KEY": settings.SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "BEHIND_PROXY": "0",
        # Every simulated player comes from 127.0.0.1: the per-address code look-up limit would refuse them.
        "CODE_LOOKUP_RATES": "1000000/m",
    }
