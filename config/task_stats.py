"""Every Celery task a worker runs, observed (issue 30): its lane, how long it waited and how long it ran, one
entry of the `observe.streams.TASKS` stream each, so that the soak and the bench can say the tasks per type
(count, mean and longest run) and how late each lane starts its work; and the same in the worker's Prometheus
metrics (observe.metrics: dreamgames_tasks_total, dreamgames_task_duration_seconds, dreamgames_task_wait_seconds).

How long it waited: from its ETA (a bot's move is sent with the think time as its countdown), else from when it
was sent (a `sent_at` header every publish adds), to the moment a worker started it. Connected by
config/celery.py, in every process that sends or runs tasks.
"""

from __future__ import annotations

import time
from datetime import datetime

from celery.signals import before_task_publish, task_postrun, task_prerun

from observe import metrics, streams

SENT_AT = "sent_at"


@before_task_publish.connect(dispatch_uid="dreamgames-task-sent-at")
def stamp_sent_at(headers: dict | None = None, **_kwargs) -> None:
    if headers is not None:
        headers.setdefault(SENT_AT, time.time())


@task_prerun.connect(dispatch_uid="dreamgames-task-started")
def note_start(task=None, **_kwargs) -> None:
    if task is not None:
        task.request.observed_start = time.time()


def due_epoch(request) -> float | None:
    """When the task was due: its ETA, else when it was sent; None when neither is known."""
    eta = getattr(request, "eta", None)
    if eta:
        try:
            return datetime.fromisoformat(eta).timestamp() if isinstance(eta, str) else eta.timestamp()
        except (TypeError, ValueError):
            pass
    sent = getattr(request, SENT_AT, None)
    return float(sent) if sent is not None else None


def lane_of(request) -> str:
    """The lane the task came through: the queue it was delivered from, without a bench's private prefix."""
    from django.conf import settings

    queue = (getattr(request, "delivery_info", None) or {}).get("routing_key") or "?"
    prefix = settings.CELERY_QUEUE_PREFIX
    return queue[len(prefix) :] if prefix and queue.startswith(prefix) else queue


@task_postrun.connect(dispatch_uid="dreamgames-task-observed")
def observe_run(task=None, retval=None, state=None, **_kwargs) -> None:
    request = getattr(task, "request", None)
    started = getattr(request, "observed_start", None)
    if request is None or started is None or getattr(request, "is_eager", False):
        return
    done = time.time()
    due = due_epoch(request)
    lane, outcome = lane_of(request), "did_nothing" if retval is False else (state or "?").lower()
    waited_ms = streams.late_ms(due, started) if due is not None else None
    streams.record(
        streams.TASKS,
        name=task.name,
        lane=lane,
        wait_ms=round(waited_ms, 1) if waited_ms is not None else -1,
        run_ms=round((done - started) * 1000, 1),
        outcome=outcome,
    )
    # Celery sends task_postrun for every end, a failure's (state FAILURE) and a retry's too: one count here.
    metrics.task_ran(task.name, lane, outcome, done - started, None if waited_ms is None else waited_ms / 1000)
