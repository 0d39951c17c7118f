"""Observations kept in capped Redis streams: one entry per event, written by the process that saw it, read
by whoever measures (the soak, the bench, an operator with redis-cli: `XREVRANGE dg:obs:clock + - COUNT 20`).

- `CLOCK`: every deadline a match's save applied (games.runtime.matches): the game, the lane that applied
  it (`clock`: the clock process; `move`: a person's or a bot's move that came first and applied it on its
  way; `stop`: an admin's stop) and how late, from the deadline to the commit.
- `TASKS`: every Celery task a worker ran (config/celery.py): its name, its lane, how long it waited (from
  its ETA or countdown, else from when it was sent, to its start) and how long it ran.

Streams rather than counters: the soak reads each entry with its time, so that its figures can leave out the
windows of its faults (a killed worker, Redis or PostgreSQL down). An entry costs one XADD (about 50 µs on
loopback); the cap keeps the newest ~200,000 of each. Writing never fails the caller: with Redis down the
observation is lost, logged at debug level.
"""

from __future__ import annotations

import logging
import time
from typing import Any

log = logging.getLogger(__name__)

CLOCK = "dg:obs:clock"
TASKS = "dg:obs:tasks"
MAXLEN = 200_000


def _client() -> Any:
    from django.core.cache import cache

    return cache._cache.get_client(write=True)  # type: ignore[attr-defined]


def record(stream: str, **fields: str | int | float) -> None:
    """Append one entry to `stream` (its fields as strings), or drop it quietly if Redis does not take it."""
    try:
        _client().xadd(stream, {name: str(value) for name, value in fields.items()}, maxlen=MAXLEN, approximate=True)
    except Exception:  # noqa: BLE001 - an observation must never fail the work it observes
        log.debug("observation for %s dropped (Redis?)", stream, exc_info=True)


def late_ms(due_epoch: float, done_epoch: float | None = None) -> float:
    """Milliseconds from `due_epoch` to `done_epoch` (now), never negative (clocks of two processes)."""
    return max(0.0, ((time.time() if done_epoch is None else done_epoch) - due_epoch) * 1000)


def entries(client: Any, stream: str, since_epoch: float = 0.0) -> list[dict[str, str]]:
    """Every entry of `stream` written at `since_epoch` or later, oldest first, each with its time as `at`
    (epoch seconds, from the entry's id). `client`: a redis-py client (sync)."""
    found: list[dict[str, str]] = []
    start = f"{int(since_epoch * 1000)}-0"
    while True:
        batch = client.xrange(stream, min=start, max="+", count=10_000)
        if not batch:
            return found
        for entry_id, fields in batch:
            key = entry_id.decode() if isinstance(entry_id, bytes) else entry_id
            row = {
                (k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
                for k, v in fields.items()
            }
            row["at"] = str(int(key.split("-")[0]) / 1000)
            found.append(row)
        last = batch[-1][0]
        last = last.decode() if isinstance(last, bytes) else last
        millis, sequence = last.split("-")
        start = f"{millis}-{int(sequence) + 1}"
