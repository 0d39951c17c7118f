"""An application node: its environment and its processes, with the command lines of config/launch.py.

Each node runs, like a web host of docs/deployment.md, its daphne processes (one per port), the clock, a worker
of each lane and a beat (several beats are fine: only the holder of celery-redbeat's lock sends). Every node
has the same environment but for NODE_NAME; each process that is not daphne gets a METRICS_PORT of its own.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cluster.topology import METRICS_PORTS, REDIS_PORT, SENTINEL_MASTER, Layout
from config import launch

# What a node's processes take from the caller's environment: nothing of the site's settings (a DEBUG=1 or a
# DATABASE_URL in the operator's shell must not leak into the cluster).
PASSED_THROUGH = ("PATH", "HOME", "LANG", "LC_ALL", "TZ")


@dataclass(frozen=True)
class Secrets:
    """Generated once per cluster (kept in its state file, mode 0600): every node signs and checks with the
    same key."""

    secret_key: str
    metrics_token: str
    healthz_token: str


def site_env(
    layout: Layout, secrets: Secrets, database_url: str, redis_primary: str, extra: dict[str, str] | None = None
) -> dict[str, str]:
    """The environment every node shares (docs/deployment.md, "Environment"), production settings over plain
    HTTP behind the balancer."""
    lb = layout.lb.address
    sentinels = ",".join(f"{address}:{port}" for address, port in layout.sentinel_addresses)
    return {
        **{name: os.environ[name] for name in PASSED_THROUGH if name in os.environ},
        "DEBUG": "0",
        "SECRET_KEY": secrets.secret_key,
        # The balancer's address is the site's host; the nodes' own for a probe sent straight to a daphne.
        "ALLOWED_HOSTS": ",".join([lb, *(layout.node(n).address for n in layout.node_numbers)]),
        "CSRF_TRUSTED_ORIGINS": f"http://{lb}",
        # No TLS in the rehearsal: HAProxy says X-Forwarded-Proto http, and nothing redirects to https.
        "SECURE_SSL_REDIRECT": "0",
        "BEHIND_PROXY": "1",
        "DATABASE_URL": database_url,
        # Redis through Sentinel (REDIS_SENTINELS); REDIS_URL names today's primary for code that predates it.
        "REDIS_URL": f"redis://{redis_primary}:{REDIS_PORT}/0",
        "REDIS_SENTINELS": sentinels,
        "REDIS_SENTINEL_MASTER": SENTINEL_MASTER,
        "METRICS_TOKEN": secrets.metrics_token,
        "HEALTHZ_TOKEN": secrets.healthz_token,
        "LOG_FORMAT": "json",
        "PYTHONUNBUFFERED": "1",
        **(extra or {}),
    }


def beat_argv(python: str, folder: Path) -> list[str]:
    """Beat's command line: with a schedule file of the node's own while beat keeps one (before celery-redbeat,
    which keeps the schedule in Redis and takes no file)."""
    beat: Callable[..., list[str]] = launch.beat
    if "schedule" in inspect.signature(beat).parameters:
        return beat(python, schedule=folder / "celerybeat-schedule")
    return beat(python)


def processes(layout: Layout, number: int, python: str, folder: Path) -> list[tuple[launch.Process, dict[str, str]]]:
    """The node's processes in the order to start them, each with what its environment adds to the site's."""
    host = layout.node(number)
    node = {"NODE_NAME": host.name}
    found = [
        (launch.Process(f"daphne-{port}", launch.daphne(python, port=port, host=host.address)), node)
        for port in layout.daphne_ports
    ]
    for process in launch.workers(python, tag=host.name):
        found.append((process, {**node, "METRICS_PORT": str(METRICS_PORTS[process.name])}))
    beat = launch.Process("beat", beat_argv(python, folder))
    found.append((beat, {**node, "METRICS_PORT": str(METRICS_PORTS["beat"])}))
    return found
