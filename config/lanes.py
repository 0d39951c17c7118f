"""The lanes of work (issue 30, decision 70): what runs where, so that live work never waits behind batch work.

- the clock: a process of its own (`manage.py clock`, games.runtime.clock) that applies every match's
  deadline from its row and runs the sweeps; it reads no queue, so no backlog can hold it up.
- live: a Celery queue for the work a player waits for: a bot's move, a quick match's launch. Served by
  workers that take nothing else.
- batch: a Celery queue for the work nobody waits for: a round's analysis, a finished match's archive and
  analysis. Served by workers of their own at a lower CPU priority (nice), with a bounded backlog
  (games.runtime.scheduling.enqueue_batch): when it is behind, batch work is deferred, never live work.

Every task the site sends is named here with its lane; settings.CELERY_TASK_ROUTES is made from this table
and a test refuses a registered task it does not name. A task sent by name without a route would go to
the default queue, the batch one: nothing unknown can slow the live lane down.

The pools were chosen from measurements (docs/performance.md, "Lanes"): see LANES.
"""

from __future__ import annotations

from dataclasses import dataclass

LIVE, BATCH = "live", "batch"

TASK_LANES = {
    "games.bot_move": LIVE,
    "lobby.launch_quick_match": LIVE,
    "games.archive_match": BATCH,
    "games.round_analysis": BATCH,
    # The next days' daily puzzles, made ahead by beat every hour (daily/tasks.py): bots' self-play and analyses.
    "daily.tasks.make_daily_puzzles": BATCH,
    # Challenges past their deadline marked expired, by beat every minute (challenges/tasks.py): nobody waits for it.
    "challenges.tasks.expire_challenges": BATCH,
    # A notification's push to a player's devices and its e-mail (issue 36): network calls to other services,
    # which must never hold up a bot's move.
    "notifications.send_push": BATCH,
    "notifications.send_email": BATCH,
    # Sent to each lane by beat, with the queue named in the schedule (config/settings.py): a heartbeat
    # run says that lane's workers are alive and not behind.
    "config.tasks.heartbeat": LIVE,
}


@dataclass(frozen=True)
class Lane:
    queue: str
    pool: str  # Celery's --pool
    concurrency: int
    nice: int  # added to the worker's niceness: batch work takes only the CPU that live work leaves


LANES = {
    # Threads: a bot's move is a few to a few hundred ms of CPU, mostly less than its database round trips,
    # and four threads keep a slow bot from holding the others up (docs/performance.md, "Lanes").
    LIVE: Lane(queue=LIVE, pool="threads", concurrency=4, nice=0),
    # One at a time, at the lowest priority: analyses are CPU-bound (a thread more would only share the GIL).
    BATCH: Lane(queue=BATCH, pool="solo", concurrency=1, nice=10),
}


def queue(lane: str, prefix: str = "") -> str:
    """The queue of `lane`; with a `prefix`, a private copy of it (the transport bench's, on a shared Redis)."""
    return f"{prefix}{LANES[lane].queue}"


def task_routes(prefix: str = "") -> dict[str, dict[str, str]]:
    """settings.CELERY_TASK_ROUTES: each task to its lane's queue."""
    return {name: {"queue": queue(lane, prefix)} for name, lane in TASK_LANES.items()}


def use_prefix(app, prefix: str) -> None:
    """Send this process' tasks to private copies of the lanes' queues (`prefix`), which only workers started
    with the same prefix read (launch.worker's `queue_prefix`)."""
    for key, value in (("task_routes", task_routes(prefix)), ("task_default_queue", queue(BATCH, prefix))):
        app.conf[key] = value
        app.conf[f"CELERY_{key.upper()}"] = value  # as read from Django's settings: that key shadows the plain one
    # Celery built its router from the routes it first saw, and does not rebuild it on a change of conf.
    app.amqp.flush_routes()
    app.amqp.__dict__.pop("router", None)
    app.amqp.__dict__.pop("default_queue", None)
