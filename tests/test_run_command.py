"""`make run`'s launcher brings up the whole site on embedded defaults, restarts a part that dies, and Ctrl-C
stops all of it."""

import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "monitor-token-for-the-run-command-test-9d2f6a"
MONITOR = {"Authorization": f"Bearer {TOKEN}"}


def load_run():
    spec = importlib.util.spec_from_file_location("run_script", ROOT / "scripts" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def started_pids(output: str, name: str) -> list[int]:
    return [int(pid) for pid in re.findall(rf"\[run\] {name} started \(pid (\d+)\)", output)]


def test_the_supervisor_restarts_a_child_that_exits_with_a_growing_back_off(capsys):
    run = load_run()
    # Small numbers for the test; the launcher uses 1 s, doubling up to 30 s, reset after a minute's run.
    supervisor = run.Supervisor(dict(os.environ), backoff_first=0.2, backoff_max=0.8, stable_after=5)
    flapping = supervisor.start("flapping", [sys.executable, "-c", "import sys; sys.exit(3)"])
    steady = supervisor.start("steady", [sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        output, deadline = "", time.monotonic() + 6
        while time.monotonic() < deadline and output.count("restarting flapping") < 4:
            supervisor.watch()
            output += capsys.readouterr().out
            time.sleep(0.02)
    finally:
        supervisor.stop_all()
    delays = [
        float(delay) for delay in re.findall(r"flapping exited with code 3 .*; restarting it in ([\d.]+) s", output)
    ]
    assert delays[:4] == [0.2, 0.4, 0.8, 0.8], output  # doubles while it keeps dying, up to the cap
    assert len(set(started_pids(output, "flapping"))) >= 4  # a new process each time
    assert "steady exited" not in output and "restarting steady" not in output
    assert flapping.returncode == 3 and steady.returncode is not None  # stop_all stopped the live one


def test_a_child_that_ran_long_enough_starts_its_back_off_afresh(capsys):
    run = load_run()
    supervisor = run.Supervisor(dict(os.environ), backoff_first=0.2, backoff_max=5, stable_after=0.3)
    supervisor.start("slow", [sys.executable, "-c", "import time; time.sleep(0.5)"])
    output, deadline = "", time.monotonic() + 6
    try:
        while time.monotonic() < deadline and output.count("restarting it in") < 3:
            supervisor.watch()
            output += capsys.readouterr().out
            time.sleep(0.02)
    finally:
        supervisor.stop_all()
    assert re.findall(r"restarting it in ([\d.]+) s", output)[:3] == ["0.2", "0.2", "0.2"], output


def test_the_run_command_serves_a_healthy_site_restarts_what_dies_and_stops_cleanly(tmp_path):
    web_port, redis_port = free_port(), free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("REDIS_URL", "DATABASE_URL")}
    env.update(
        PORT=str(web_port),
        EMBEDDED_REDIS_PORT=str(redis_port),
        DEBUG="1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}",
        HEALTHZ_TOKEN=TOKEN,  # the operator's monitor reads /healthz/details with it
    )
    log_path = tmp_path / "run.log"
    log = open(log_path, "w")  # noqa: SIM115 - a file, so the site's logs never fill a pipe
    launcher = subprocess.Popen([sys.executable, "scripts/run.py"], cwd=ROOT, env=env, stdout=log, stderr=log)
    health = None
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and launcher.poll() is None:
            try:
                response = httpx.get(f"http://127.0.0.1:{web_port}/healthz/details", headers=MONITOR, timeout=5)
                health = response.json()
                if health["ok"]:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(1)
        assert health is not None and health["ok"], health
        assert health["database"]["vendor"] == "sqlite"
        assert health["worker"]["ok"] and health["beat"]["ok"] and health["redis"]["ok"]
        assert health["batch"]["ok"] and health["clock"]["ok"]  # every lane's processes, as config/launch.py lists
        assert httpx.get(f"http://127.0.0.1:{web_port}/healthz", timeout=5).json() == {"ok": True}  # anyone's
        home = httpx.get(f"http://127.0.0.1:{web_port}/", timeout=5)
        assert home.status_code == 200 and "Duelo de Palabras" in home.text

        # The live worker, the clock and beat die (as an OOM kill would): the launcher starts each again, and the
        # site is healthy again once beat's next heartbeat has run and the new clock ticked.
        output = log_path.read_text()
        killed = ("worker-live", "clock", "beat")
        pids = {name: started_pids(output, name)[-1] for name in killed}
        for pid in pids.values():
            os.killpg(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(
            len(started_pids(log_path.read_text(), name)) == 2 for name in killed
        ):
            time.sleep(0.5)
        output = log_path.read_text()
        for name in killed:
            assert f"{name} exited with code -9" in output, output[-3000:]
            assert started_pids(output, name)[-1] != pids[name]
        restarted = time.monotonic()

        def healthy_since_the_restart() -> bool:
            health.update(httpx.get(f"http://127.0.0.1:{web_port}/healthz/details", headers=MONITOR, timeout=5).json())
            since = time.monotonic() - restarted  # the new beat sent a heartbeat and the new worker ran it
            return (
                health["ok"]
                and health["beat"]["seconds_since_heartbeat_sent"] < since
                and health["worker"]["seconds_since_heartbeat_ran"] < since
                and health["clock"]["seconds_since_tick"] < since
            )

        while time.monotonic() < restarted + 30 and not healthy_since_the_restart():
            time.sleep(1)
        assert healthy_since_the_restart(), health
    finally:
        launcher.send_signal(signal.SIGINT)
        launcher.wait(timeout=40)
        log.close()
    output = log_path.read_text()
    assert launcher.returncode == 0, output[-3000:]
    assert "[run] stopped" in output
    # INFO without the chatter of every 2 s (issue 15): beat's sends and the worker's lines for each sweep and
    # heartbeat are quiet, while startup and the restarts above are still there.
    assert " ready." in output and "Connected to redis://" in output
    assert "Scheduler: Sending due task" not in output, output[-3000:]
    assert not re.search(r"Task (games|lobby)\.sweep\[|Task config\.tasks\.heartbeat\[", output), output[-3000:]
    assert not port_open(web_port) and not port_open(redis_port)
