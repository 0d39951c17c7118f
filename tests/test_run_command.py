"""`make run`'s launcher brings up the whole site on embedded defaults, and Ctrl-C stops all of it."""

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_the_run_command_serves_a_healthy_site_and_stops_cleanly(tmp_path):
    web_port, redis_port = free_port(), free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    env.update(PORT=str(web_port), EMBEDDED_REDIS_PORT=str(redis_port), DEBUG="1",
               DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    log_path = tmp_path / "run.log"
    log = open(log_path, "w")  # noqa: SIM115 - a file, so the site's logs never fill a pipe
    launcher = subprocess.Popen([sys.executable, "scripts/run.py"], cwd=ROOT, env=env, stdout=log, stderr=log)
    health = None
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and launcher.poll() is None:
            try:
                response = httpx.get(f"http://127.0.0.1:{web_port}/healthz", timeout=5)
                health = response.json()
                if health["ok"]:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(1)
        assert health is not None and health["ok"], health
        assert health["database"]["vendor"] == "sqlite"
        assert health["worker"]["workers"] >= 1 and health["beat"]["ok"] and health["redis"]["ok"]
        home = httpx.get(f"http://127.0.0.1:{web_port}/", timeout=5)
        assert home.status_code == 200 and "Duelo de Palabras" in home.text
    finally:
        launcher.send_signal(signal.SIGINT)
        launcher.wait(timeout=40)
        log.close()
    output = log_path.read_text()
    assert launcher.returncode == 0, output[-3000:]
    assert "[run] stopped" in output
    assert not port_open(web_port) and not port_open(redis_port)
