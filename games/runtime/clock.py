"""The clock: every match's deadline applied when it comes, by a process of its own (issue 30, decision 70).

Each deadline used to be a Celery task with an ETA, in the one queue that also carried the bots, the sweeper
and the analyses: at full load the queue grew without end and deadlines fired a minute late, the sweeper (the
safety net) waiting in the same queue. Now nothing is armed: every save writes the match's next `deadline` to
its row (indexed), and the clock reads them from there. Each tick takes the due ones, oldest first, applies
each through the one service path (matches.match_advance, as a timer did), and sleeps until the next deadline
or TICK_SECONDS, whichever comes first. A deadline is applied at most TICK_SECONDS, plus the work queued before
it in that tick, after it passed, whatever waits in any queue.

Nothing armed, nothing lost: a clock that starts again starts from the rows. Several may run (one per node):
a row another transaction holds is skipped (SKIP LOCKED: a move, or another clock, is applying it), and a
deadline that moved is left alone, so no deadline is applied twice.

The clock process also runs the sweeps (settings.CLOCK_SWEEPS: games.tasks.sweep, lobby.tasks.sweep) every
SWEEP_SECONDS, in a thread of its own so that a slow sweep never holds a deadline back, and outside any queue
so that no backlog holds a sweep back either.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import cache
from django.db import Error as DatabaseError
from django.db import InterfaceError, OperationalError, close_old_connections, connections
from django.utils import timezone
from django.utils.module_loading import import_string

from games.models import Match
from games.runtime.matches import match_advance
from observe import database

log = logging.getLogger(__name__)

TICK_SECONDS = 0.2  # the longest a tick sleeps: a deadline set meanwhile waits at most this long
BATCH = 100  # deadlines read per tick; more due than this: the next tick follows at once
SWEEP_SECONDS = 2.0
RETRY_SECONDS = 1.0  # after a failed tick (the database away): try again this soon
HEARTBEAT_KEY = "clock-heartbeat"  # when a clock last ticked (epoch), for /healthz/details
HEARTBEAT_SECONDS = 1.0
HEARTBEAT_TIMEOUT = 24 * 3600
LIVE = (Match.PLAYING, Match.ARRIVING)  # matches with a deadline of their own (docs/protocol.md)


@dataclass(frozen=True)
class Tick:
    applied: int  # deadlines applied (a due one whose row a move held is looked at again next tick)
    more: bool  # more were due than one tick reads
    next_at: datetime | None  # the next deadline after those, if read


def upcoming(limit: int) -> list[tuple[int, datetime]]:
    """The live matches' deadlines, soonest first: (match id, deadline)."""
    rows = Match.objects.filter(status__in=LIVE, deadline__isnull=False).order_by("deadline")
    return [(pk, deadline) for pk, deadline in rows.values_list("pk", "deadline")[:limit] if deadline is not None]


def tick(now: datetime | None = None) -> Tick:
    """Apply every deadline due by `now` (read at most BATCH of them). Each through the service path, with the
    time it is applied at (not the tick's): the engine decides from when it ran, as it would for a move. A due
    row that a move holds is skipped: the move applies the deadline on its way, or the next tick does.

    Many due at once (a clock started again, the database back after an outage) are applied by
    CATCH_UP_THREADS threads: most of a step is waiting for PostgreSQL's commit, and one after the other the
    last of a few hundred waited seconds (the soak: 3.9 s after a killed clock was back).

    A match whose step fails (a bug, a row the database refuses) is logged with its id and left alone for
    FAILED_REST_SECONDS, so that one broken match never holds the others' clocks; the database itself
    unreachable (OperationalError, InterfaceError) is raised: nothing can be applied until it is back."""
    now = now or timezone.now()
    rows = upcoming(BATCH + 1)
    due = [(match_id, deadline) for match_id, deadline in rows[:BATCH] if deadline <= now]
    later = next((deadline for _match_id, deadline in rows[:BATCH] if deadline > now), None)
    due = [(match_id, deadline) for match_id, deadline in due if not _resting(match_id)]
    if len(due) < CATCH_UP_FROM:
        applied = sum(_apply(match_id, deadline) for match_id, deadline in due)
    else:
        applied = sum(_catch_up_threads().map(_apply_in_thread, due))
    if later is not None:
        return Tick(applied, False, later)
    return Tick(applied, len(rows) > BATCH, None)  # all read were due: more may be


CATCH_UP_THREADS = 4
CATCH_UP_FROM = 8  # fewer due than this are applied in the tick's own thread: a few ms each, no hand-over
_threads: ThreadPoolExecutor | None = None


def _catch_up_threads() -> ThreadPoolExecutor:
    global _threads
    if _threads is None:
        _threads = ThreadPoolExecutor(max_workers=CATCH_UP_THREADS, thread_name_prefix="clock")
    return _threads


def _apply_in_thread(item: tuple[int, datetime]) -> bool:
    try:
        return _apply(*item)
    finally:
        connections.close_all()  # back to the pool: this thread holds none between ticks


def _apply(match_id: int, deadline: datetime) -> bool:
    try:
        return match_advance(match_id=match_id, deadline=deadline, now=timezone.now(), skip_locked=True)
    except (OperationalError, InterfaceError):
        raise
    except Exception:
        _failing[match_id] = time.monotonic() + FAILED_REST_SECONDS
        log.exception("clock: match %s failed its deadline; tried again in %.0f s", match_id, FAILED_REST_SECONDS)
        return False


# Matches whose step failed, and when they may be tried again (monotonic).
FAILED_REST_SECONDS = 5.0
_failing: dict[int, float] = {}


def _resting(match_id: int) -> bool:
    until = _failing.get(match_id)
    if until is None:
        return False
    if time.monotonic() < until:
        return True
    del _failing[match_id]
    return False


def sleep_after(result: Tick, now: datetime) -> float:
    """How long to sleep after a tick: none if more were due, else until the next deadline, at most a tick."""
    if result.more:
        return 0.0
    if result.next_at is None:
        return TICK_SECONDS
    return max(0.0, min(TICK_SECONDS, (result.next_at - now).total_seconds()))


def sweeps() -> list[tuple[str, Callable[[], object]]]:
    """The sweeps the clock runs (settings.CLOCK_SWEEPS: dotted paths, so that the clock names no app above it)."""
    return [(path, import_string(path)) for path in settings.CLOCK_SWEEPS]


def run(stop: threading.Event) -> None:
    """The clock's loop until `stop` is set: ticks, its heartbeat, and the sweeps' thread. A tick that fails
    (the database away) is logged once and tried again every RETRY_SECONDS, on a fresh connection; the loop
    never ends by itself, so the clock is back as soon as the database is."""
    sweeper = threading.Thread(target=_sweep_forever, args=(stop,), name="sweeps", daemon=True)
    sweeper.start()
    failing_since: float | None = None
    last_beat = 0.0
    while not stop.is_set():
        now = timezone.now()
        try:
            result = tick(now)
        except DatabaseError as error:
            database.note(error)  # the process' pool is made anew once the database is back (observe.database)
            if failing_since is None:
                failing_since = time.monotonic()
                log.warning("clock: the database does not answer (%s); trying again every %.0f s", error, RETRY_SECONDS)
            close_old_connections()
            _drop_connection()
            stop.wait(RETRY_SECONDS)
            continue
        if failing_since is not None:
            log.warning("clock: the database answers again after %.0f s", time.monotonic() - failing_since)
            failing_since = None
        if result.applied:
            log.debug("clock: %d deadlines applied", result.applied)
        if time.monotonic() - last_beat >= HEARTBEAT_SECONDS:
            last_beat = time.monotonic()
            _beat()
        stop.wait(sleep_after(result, timezone.now()))
    sweeper.join(timeout=10)
    connections.close_all()


def _beat() -> None:
    try:
        cache.set(HEARTBEAT_KEY, time.time(), timeout=HEARTBEAT_TIMEOUT)
    except Exception:  # noqa: BLE001 - Redis down: /healthz says the clock is stale, the clock goes on
        log.debug("clock heartbeat not written (Redis?)", exc_info=True)


def _drop_connection() -> None:
    """Close this thread's database connection, broken or not: the next tick opens a new one."""
    from django.db import connection

    with contextlib.suppress(DatabaseError):
        connection.close()


def _sweep_forever(stop: threading.Event) -> None:
    parts = sweeps()
    while not stop.wait(SWEEP_SECONDS):
        for path, sweep in parts:
            try:
                sweep()
            except Exception:  # noqa: BLE001 - each sweep's parts log their own failures; this is the rest
                log.exception("clock: the sweep %s failed; the next one tries again", path)
        close_old_connections()
    connections.close_all()
