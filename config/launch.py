"""The site's processes and their command lines, written once: `make run` (scripts/run.py), the bench and the
soak (bench/stack.py), the integration tests (tests/integration/stack.py) start the same set the same way, and
docs/deployment.md's units run the same commands.

    daphne        pages and websockets
    clock         every match's deadline, and the sweeps (games.runtime.clock)
    worker-live   the live lane's Celery worker: bots' moves, launches (config/lanes.py)
    worker-batch  the batch lane's: analyses, archives, at a lower CPU priority
    beat          Celery beat: the heartbeats of each lane (one per node may run: one sends, config/beat.py)

Plain functions of the interpreter to run and a few names: no Django, so that a supervisor imports it before
any settings exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from config.lanes import BATCH, LANES, LIVE, queue

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Process:
    name: str
    argv: list[str]


# How long daphne lets a socket's handshake wait for the site's accept before it cuts it (daphne's default: 5 s).
# When a node dies, its sockets all reconnect to the others at once, and each handshake waits its turn for the
# session and the room in the database: cut at 5 s, the work already done for it is thrown away, the page tries
# again and adds to the queue (the cluster soak: 434 sockets of a killed node, 23 back within 30 s, the rest for
# minutes). Waiting is cheaper than starting again; the balancer's own limit on a request is 30 s.
HANDSHAKE_SECONDS = 20


def daphne(
    python: str,
    *,
    port: int,
    host: str = "127.0.0.1",
    application: str = "config.asgi:application",
    extra: tuple[str, ...] = (),
) -> list[str]:
    """daphne serving the site; `extra` comes after the site's own options, so it may set them otherwise."""
    own = ("--websocket_connect_timeout", str(HANDSHAKE_SECONDS))
    return [python, "-m", "daphne", "-b", host, "-p", str(port), *own, *extra, application]


def clock(python: str) -> list[str]:
    return [python, str(ROOT / "manage.py"), "clock"]


def worker(
    python: str,
    lane: str,
    *,
    hostname: str,
    app: str = "config",
    loglevel: str = "INFO",
    extra: tuple[str, ...] = (),
    queue_prefix: str = "",
) -> list[str]:
    """One Celery worker of `lane`: its queue only (a private copy with `queue_prefix`: lanes.use_prefix), its
    pool, and its niceness (`nice`, so that `ps` shows it)."""
    spec = LANES[lane]
    argv = [
        python,
        "-m",
        "celery",
        "-A",
        app,
        "worker",
        f"--loglevel={loglevel}",
        f"--pool={spec.pool}",
        f"--concurrency={spec.concurrency}",
        "--queues",
        queue(lane, queue_prefix),
        "--without-mingle",
        "--without-gossip",
        "--hostname",
        hostname,
        *extra,
    ]
    return ["nice", "-n", str(spec.nice), *argv] if spec.nice else argv


def beat(python: str, *, loglevel: str = "INFO") -> list[str]:
    """Celery beat with the scheduler of settings (config/beat.py): its schedule and its lock live in Redis, so
    one may run on every node and only the lock's holder sends."""
    return [python, "-m", "celery", "-A", "config", "beat", f"--loglevel={loglevel}"]


def site(python: str, *, port: int, tag: str, host: str = "127.0.0.1") -> list[Process]:
    """The whole site, in the order to start it (daphne first: the supervisor waits for its port)."""
    return [
        Process("daphne", daphne(python, port=port, host=host)),
        *workers(python, tag=tag, with_clock=True),
        Process("beat", beat(python)),
    ]


def workers(
    python: str,
    *,
    tag: str,
    with_clock: bool = True,
    extra: tuple[str, ...] = (),
    app: str = "config",
    queue_prefix: str = "",
) -> list[Process]:
    """What runs the work besides daphne: the clock and a worker of each lane (`tag` tells the workers of one
    run apart: Celery's node names)."""
    processes = [Process("clock", clock(python))] if with_clock else []
    processes += [
        Process(
            f"worker-{lane}",
            worker(python, lane, hostname=f"{lane}-{tag}@%h", extra=extra, app=app, queue_prefix=queue_prefix),
        )
        for lane in (LIVE, BATCH)
    ]
    return processes
