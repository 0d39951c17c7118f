"""Starting a process on a host, and telling afterwards what runs where.

Each process is started inside its host's namespace (`ip netns exec`, which execs the command: the pid is the
process's own), in a session of its own, its output in `<run>/logs/<host>/<name>.log`. It carries its name in
its environment (CLUSTER_PROCESS=host/name, inherited by its children: PostgreSQL's backends), which is how
`status` tells them apart from any other shell, even those started by an earlier command.
"""

from __future__ import annotations

import contextlib
import subprocess
from dataclasses import dataclass
from pathlib import Path

from cluster import network
from cluster.topology import Host

LABEL = "CLUSTER_PROCESS"
# The line a node's supervisor writes in a process's log before each start of it.
START_MARK = "[node] starting"
ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Running:
    pid: int
    name: str  # the label's part after the host: daphne-8001, worker-live, redis, postgres...


def start(host: Host, name: str, argv: list[str], env: dict[str, str], logs: Path) -> subprocess.Popen:
    folder = logs / host.name
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{name}.log", "a") as log:
        return subprocess.Popen(
            [*network.wrap(host), *argv],
            cwd=ROOT,
            env={**env, LABEL: f"{host.name}/{name}"},
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )


def label(pid: int) -> str | None:
    with contextlib.suppress(OSError):
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        for item in environ:
            if item.startswith(LABEL.encode() + b"="):
                return item.split(b"=", 1)[1].decode()
    return None


def command_name(pid: int) -> str | None:
    with contextlib.suppress(OSError):
        if b"[sentinel]" in Path(f"/proc/{pid}/cmdline").read_bytes():  # its title, written over its arguments
            return "redis-sentinel"
        return Path(f"/proc/{pid}/comm").read_text().strip()
    return None


def running(host: Host) -> list[Running]:
    """The processes on `host`, one entry per pid (a parent and its children each), by their label, or by their
    command's name for those that write their title over their environment (redis-server, PostgreSQL)."""
    found = []
    for pid in network.pids(host.namespace):
        text = label(pid)
        if text and text.startswith(f"{host.name}/"):
            found.append(Running(pid, text.split("/", 1)[1]))
        elif name := command_name(pid):
            found.append(Running(pid, name))
    return found


def names(host: Host) -> dict[str, int]:
    """How many processes of each name run on `host`."""
    counts: dict[str, int] = {}
    for process in running(host):
        counts[process.name] = counts.get(process.name, 0) + 1
    return counts


def tail(logs: Path, host: Host, name: str, chars: int = 2000) -> str:
    path = logs / host.name / f"{name}.log"
    return path.read_text(errors="replace")[-chars:] if path.exists() else "(no log)"
