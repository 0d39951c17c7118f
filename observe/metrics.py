"""The site's Prometheus metrics, named and explained once (docs/deployment.md, "Seeing it: metrics and logs").

Every metric carries `node` and `process` (observe.identity), so that the sum of a cluster and each node's part
read from the same series. Each process keeps its own in memory (prometheus_client's default registry): every
process of the site is one OS process (daphne is async; the live worker's pool is threads, the batch worker's
solo: config/lanes.py), so no multiprocess mode is needed. daphne serves them at /metrics (config/metrics.py),
the clock, the workers and beat on env METRICS_PORT (`serve`).

Callers use the functions below, which fill in who is speaking; each costs a microsecond or two.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from prometheus_client import REGISTRY, Counter, Gauge, Histogram, disable_created_metrics, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from observe import identity

log = logging.getLogger(__name__)

# No `_created` series beside each counter and histogram: twice the series for a start time nobody graphs.
disable_created_metrics()

WHO = ("node", "process")

HTTP_REQUESTS = Counter(
    "dreamgames_http_requests", "HTTP requests daphne answered, by method and status class", [*WHO, "method", "status"]
)
HTTP_SECONDS = Histogram(
    "dreamgames_http_request_duration_seconds", "From a request's arrival to its response sent", [*WHO, "method"]
)
SOCKETS_OPEN = Gauge("dreamgames_sockets_open", "Websockets accepted and not yet closed", [*WHO, "socket"])
SOCKET_CONNECTS = Counter("dreamgames_socket_connects", "Websockets accepted", [*WHO, "socket"])
SOCKET_DISCONNECTS = Counter("dreamgames_socket_disconnects", "Accepted websockets that closed", [*WHO, "socket"])
MOVES = Counter(
    "dreamgames_moves",
    "Changes of game state committed by the one service path (games.runtime.matches), by game and by who made "
    "them: human, bot, clock (a deadline applied) or stop (an admin's)",
    [*WHO, "game", "who"],
)
MOVE_SECONDS = Histogram(
    "dreamgames_move_duration_seconds",
    "A move from asking its match's row lock to its commit: the lock's wait, the rules, the statements, the commit",
    [*WHO, "game", "who"],
    buckets=(0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)
DEADLINE_LATENESS = Histogram(
    "dreamgames_deadline_lateness_seconds",
    "How late each deadline was applied (its moment to the commit that applied it), by game and by what applied "
    "it: clock (the clock process), move (a move that came first), stop",
    [*WHO, "game", "lane"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60),
)
TASKS = Counter(
    "dreamgames_tasks",
    "Celery tasks a worker ran, by name, lane and outcome (success, failure, retry, did_nothing)",
    [*WHO, "task", "lane", "outcome"],
)
TASK_SECONDS = Histogram(
    "dreamgames_task_duration_seconds",
    "How long a task ran",
    [*WHO, "task", "lane"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60),
)
TASK_WAIT_SECONDS = Histogram(
    "dreamgames_task_wait_seconds",
    "How long a task waited for a worker: from its ETA (a bot's think time), else from when it was sent",
    [*WHO, "task", "lane"],
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
)
CHANNEL_LAYER_ERRORS = Counter(
    "dreamgames_channel_layer_errors",
    "Failures of the channel layer (Redis pub/sub): receive (this process' subscription could not read, every "
    "0.5 s while Redis is away), publish (an announcement Redis did not take: owed, sent again)",
    [*WHO, "where"],
)
AFTER_COMMIT_FAILURES = Counter(
    "dreamgames_after_commit_failures",
    "Steps after a commit that failed (announce, frames, schedule_bots, archive...): the change stands, the "
    "sweeper and the clients' resync recover them",
    [*WHO, "step"],
)


def _who() -> tuple[str, str]:
    return identity.node(), identity.kind()


_children: dict[tuple[Any, ...], Any] = {}


def _of(metric: Any, *labels: str) -> Any:
    """`metric`'s series for this process and `labels`, kept: `.labels()` checks and locks on every call (a few
    µs, on every move)."""
    key = (id(metric), *_who(), *labels)
    child = _children.get(key)
    if child is None:
        child = _children[key] = metric.labels(*_who(), *labels)
    return child


def http_request(method: str, status: int, seconds: float) -> None:
    _of(HTTP_REQUESTS, method, f"{status // 100}xx").inc()
    _of(HTTP_SECONDS, method).observe(seconds)


def socket_opened(socket: str) -> None:
    _of(SOCKETS_OPEN, socket).inc()
    _of(SOCKET_CONNECTS, socket).inc()


def socket_closed(socket: str) -> None:
    _of(SOCKETS_OPEN, socket).dec()
    _of(SOCKET_DISCONNECTS, socket).inc()


def move_made(game: str, who: str, seconds: float) -> None:
    _of(MOVES, game, who).inc()
    _of(MOVE_SECONDS, game, who).observe(seconds)


def deadline_applied(game: str, lane: str, late_seconds: float) -> None:
    _of(DEADLINE_LATENESS, game, lane).observe(late_seconds)


def task_ran(task: str, lane: str, outcome: str, seconds: float, waited: float | None) -> None:
    _of(TASKS, task, lane, outcome).inc()
    _of(TASK_SECONDS, task, lane).observe(seconds)
    if waited is not None:
        _of(TASK_WAIT_SECONDS, task, lane).observe(waited)


def channel_layer_error(where: str) -> None:
    _of(CHANNEL_LAYER_ERRORS, where).inc()


def after_commit_failed(step: str) -> None:
    _of(AFTER_COMMIT_FAILURES, step).inc()


class ProcessInfo(Collector):
    """dreamgames_process_info{node, process} 1: which processes of which node answer (read at each scrape, so
    it says what the process declared itself since)."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily("dreamgames_process_info", "A process of the site, by node and kind", labels=WHO)
        family.add_metric(list(_who()), 1)
        yield family


REGISTRY.register(ProcessInfo())


class QueueDepths(Collector):
    """dreamgames_queue_depth{lane}: the tasks waiting in each lane's queue, read from the broker when scraped
    (`depths`: {lane: count}). A lane the broker does not answer for is left out of that scrape (the series is
    absent, which an alert can see), and the scrape goes on."""

    def __init__(self, depths: Callable[[], Mapping[str, int]]) -> None:
        self.depths = depths

    def describe(self) -> Iterator[GaugeMetricFamily]:
        yield GaugeMetricFamily("dreamgames_queue_depth", "Tasks waiting in a lane's queue", labels=[*WHO, "lane"])

    def collect(self) -> Iterator[GaugeMetricFamily]:
        family = GaugeMetricFamily("dreamgames_queue_depth", "Tasks waiting in a lane's queue", labels=[*WHO, "lane"])
        try:
            depths = self.depths()
        except Exception:  # noqa: BLE001 - the broker away: no depth this scrape, the other metrics still
            log.debug("queue depths not read (the broker?)", exc_info=True)
            depths = {}
        for lane, depth in sorted(depths.items()):
            family.add_metric([*_who(), lane], depth)
        yield family


_queue_depths: QueueDepths | None = None


def watch_queues(depths: Callable[[], Mapping[str, int]]) -> None:
    """Report each lane's queue depth from this process (the clock's), once however often it is asked."""
    global _queue_depths
    if _queue_depths is None:
        _queue_depths = QueueDepths(depths)
        REGISTRY.register(_queue_depths)


_serving: tuple[str, int] | None = None


def serve(port: int | None, address: str = "0.0.0.0") -> bool:  # noqa: S104 - the scraper's network decides
    """Serve this process' metrics over HTTP on `port` (env METRICS_PORT; None: not at all), once per process.
    A port taken (another process of the node given the same one) is logged and the process goes on: its work
    matters more than its metrics."""
    global _serving
    if port is None or _serving is not None:
        return False
    try:
        start_http_server(port, addr=address)
    except OSError as error:
        log.error("metrics not served on %s:%s (%s): each process of a node needs its own port", address, port, error)
        return False
    _serving = (address, port)
    log.info("metrics served on http://%s:%s/metrics", address, port)
    return True
