"""Who is speaking: the node (env NODE_NAME, else the host name) and the kind of process (daphne, clock,
worker-live, worker-batch, beat), carried by every log line (observe.logs) and every metric (observe.metrics),
so that an operator of several nodes can tell which process of which node said it.

The kind is read from the process' own command line (config/launch.py writes them: `daphne ...`, `manage.py
clock`, `celery ... worker --queues live`, `celery ... beat`), so that its very first log lines, Django's start
included, say it; each entry point then says it again as it starts (config/asgi.py, the clock's command, the
Celery signals of config/celery.py), which is exact where a command line could mislead. Env PROCESS_KIND, when
set, wins over both (a deployment that names its processes itself).
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

NODE = os.environ.get("NODE_NAME", "").strip() or socket.gethostname()


def kind_of(argv: Sequence[str], env: Mapping[str, str]) -> str:
    """The kind of process a command line starts: daphne; clock (or another manage.py command by its name);
    worker-<lane> from a Celery worker's queues (less a bench's CELERY_QUEUE_PREFIX); beat; else "other"."""
    if not argv:
        return "other"
    program = Path(argv[0])
    names = {program.name, program.parent.name}  # `daphne`, or `python -m daphne`: .../daphne/__main__.py
    words = list(argv[1:])
    if "daphne" in names:
        return "daphne"
    if program.name == "manage.py":
        return words[0] if words else "other"
    if "celery" not in names:
        return "other"
    if "beat" in words:
        return "beat"
    if "worker" not in words:
        return "other"
    prefix = env.get("CELERY_QUEUE_PREFIX", "")
    queues = [_queues_given(words, index) for index in range(len(words))]
    lanes = sorted({q.removeprefix(prefix) for given in queues for q in given.split(",") if q})
    return "-".join(["worker", "+".join(lanes)]) if lanes else "worker"


def _queues_given(words: Sequence[str], index: int) -> str:
    word = words[index]
    if word.startswith("--queues="):
        return word.split("=", 1)[1]
    if word in ("--queues", "-Q") and index + 1 < len(words):
        return words[index + 1]
    return ""


_declared = kind_of(sys.argv, os.environ)
_KIND = os.environ.get("PROCESS_KIND", "").strip()  # read once: every metric and log line asks


def node() -> str:
    return NODE


def kind() -> str:
    return _KIND or _declared


def declare(name: str) -> None:
    """This process is a `name` (daphne, clock, worker-live, worker-batch, beat)."""
    global _declared
    _declared = name
