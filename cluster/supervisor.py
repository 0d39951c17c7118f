"""A node's supervisor: what systemd is on a real host (docs/deployment.md, "Supervision"). It runs inside the
node's namespace, starts the node's processes from the spec `start_node` wrote (name, command line,
environment), starts again any that exits with `make run`'s back-off (scripts/run.py's Supervisor: 1 s, 2, 4...
up to 30 s), and stops them all, in reverse order, on SIGTERM. Killing the node kills it with the rest.

    python -m cluster.supervisor <spec.json> <log folder>
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from cluster.processes import ROOT, START_MARK
from scripts.run import Child, Supervisor


class NodeSupervisor(Supervisor):
    """scripts/run.py's policy, with an environment and a log file for each child."""

    def __init__(self, envs: dict[str, dict[str, str]], logs: Path):
        super().__init__(env={})
        self.envs = envs
        self.logs = logs

    def _spawn(self, child: Child) -> subprocess.Popen:
        with open(self.logs / f"{child.name}.log", "a") as log:
            # Where this start's lines begin (Cluster.beat_node reads the beat's log from its latest start on).
            log.write(f"{START_MARK} {child.name}\n")
            log.flush()
            child.process = subprocess.Popen(
                child.command,
                cwd=ROOT,
                env=self.envs[child.name],
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        child.started_at, child.restart_at = time.monotonic(), None
        print(f"[node] {child.name} started (pid {child.process.pid})", flush=True)
        return child.process


def main(spec_path: str, logs: str) -> int:
    spec = json.loads(Path(spec_path).read_text())
    supervisor = NodeSupervisor({entry["name"]: entry["env"] for entry in spec}, Path(logs))
    stopping = False

    def request_stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    for entry in spec:
        supervisor.start(entry["name"], entry["argv"])
    while not stopping:
        supervisor.watch()
        time.sleep(0.2)
    supervisor.stop_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
