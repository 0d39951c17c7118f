"""The database as this process sees it, and how the process gets it back by itself (issue 31).

psycopg_pool, left to itself, handed out connections that died with the server, then retried its lost
connections with a back-off that doubles to minutes and gives a slot up after five: after a PostgreSQL outage
of a few minutes a web process stayed broken long after the database was back (every request waiting 20 s for
the pool, then 500), until a person restarted it. Three things now:

- the pool checks a connection before it hands it out (config/env.py: `check`), so a connection the server
  dropped is never given to a request, and waits at most a few seconds for one (`timeout`);
- any code that meets the database away says so (`failed`): the process then knows it is away (`is_away`),
  answers at once that the site is catching its breath instead of waiting on the pool, and a probe thread
  tries a connection of its own every PROBE_SECONDS;
- when the probe connects again, the pool is closed and made anew (Django's `close_pool`): fresh connections
  at once, not at the pool's next back-off step. A process whose pool keeps failing while the probe connects
  (RESETS_BEFORE_EXIT resets within RESET_WINDOW) exits, so that its supervisor starts it again.

A process that never meets the database away pays nothing: no probe runs, `is_away` reads one attribute.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

PROBE_SECONDS = 0.5
PROBE_TIMEOUT = 2  # seconds a probe's connect may take
RESETS_BEFORE_EXIT = 3
RESET_WINDOW = 60.0
EXIT_CODE = 75  # EX_TEMPFAIL: the supervisor starts the process again


class DatabaseHealth:
    def __init__(self, connect: Callable[[], object] | None = None, reset: Callable[[], None] | None = None):
        self._connect = connect or _probe_connection
        self._reset = reset or _reset_pools
        self._lock = threading.Lock()
        self._probing: threading.Thread | None = None
        self.away_since: float | None = None  # monotonic: since when the probe could not connect
        self.resets: list[float] = []
        self._when_back: list[Callable[[], None]] = []

    def is_away(self) -> bool:
        return self.away_since is not None

    def away_for(self) -> float:
        return 0.0 if self.away_since is None else time.monotonic() - self.away_since

    def when_back(self, callback: Callable[[], None]) -> None:
        """Call `callback` once, from the probe's thread, when the database answers again (at once if no probe
        runs: it answered since). What was owed to someone while it was away (a socket's frame that needed a
        read) is owed again then, rather than at the next change, which may be long in coming."""
        with self._lock:
            if self._probing is not None:
                self._when_back.append(callback)
                return
        _call(callback)

    def failed(self, error: BaseException | None = None) -> None:
        """Someone met the database away (a connection refused, a pool timeout, a connection that died under a
        query): start probing, unless a probe runs already."""
        with self._lock:
            if self._probing is not None:
                return
            self._probing = threading.Thread(target=self._probe, name="database-probe", daemon=True)
            self._probing.start()
        log.warning("the database does not answer (%s): probing it every %.1f s", error, PROBE_SECONDS)

    def _probe(self) -> None:
        first = True
        while True:
            try:
                connection = self._connect()
            except Exception as error:  # noqa: BLE001 - any failure to connect is the database away
                if self.away_since is None:
                    self.away_since = time.monotonic()
                    log.warning("the database is away (%s); pages say the site is catching its breath", error)
                first = False
                time.sleep(PROBE_SECONDS)
                continue
            _close(connection)
            break
        if not first:
            # Back after it was away: the connections the pool holds may all have died with the server. (A
            # failure the probe did not confirm was one connection's: the pool's own check replaces it.)
            self._reset_pool(self.away_for())
        with self._lock:
            self.away_since = None
            self._probing = None
            owed, self._when_back = self._when_back, []
        for callback in owed:
            _call(callback)

    def _reset_pool(self, away_for: float) -> None:
        now = time.monotonic()
        self.resets = [at for at in self.resets if now - at < RESET_WINDOW] + [now]
        try:
            self._reset()
        except Exception:  # noqa: BLE001
            log.exception("the connection pool could not be made anew")
        log.warning("the database answers again (away %.1f s): connection pool made anew", away_for)
        if len(self.resets) >= RESETS_BEFORE_EXIT:
            log.critical(
                "the pool failed %d times within %.0f s while the database answered: exiting for the supervisor",
                len(self.resets),
                RESET_WINDOW,
            )
            logging.shutdown()
            os._exit(EXIT_CODE)


def _call(callback: Callable[[], None]) -> None:
    try:
        callback()
    except Exception:  # noqa: BLE001 - one caller's failure must not keep the others from being told
        log.exception("a callback for the database's return failed")


def _probe_connection():
    """A connection of its own, outside the pool, with the site's settings."""
    import psycopg
    from django.db import connection

    params = connection.get_connection_params()
    params.pop("pool", None)
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params["connect_timeout"] = PROBE_TIMEOUT
    return psycopg.connect(**params)


def _close(connection) -> None:
    with contextlib.suppress(Exception):
        connection.close()


def _reset_pools() -> None:
    from django.db import connections

    for alias in connections:
        wrapper = connections[alias]
        if getattr(wrapper, "pool", None) is not None:
            wrapper.close_pool()  # type: ignore[attr-defined]  # the PostgreSQL backend's, with a pool


health = DatabaseHealth()


def is_database_error(error: BaseException) -> bool:
    """Whether `error` is the database being away (not a query's own fault): a refused or dropped connection,
    the pool finding none in time. A deadlock, a serialization failure or a statement timeout is an
    OperationalError too, but the database answered: not this."""
    import psycopg
    from django.db import InterfaceError, OperationalError

    if type(error).__name__ == "PoolTimeout":
        return True
    if not isinstance(error, (OperationalError, InterfaceError, psycopg.OperationalError, psycopg.InterfaceError)):
        return False
    cause = error if isinstance(error, psycopg.Error) else error.__cause__
    errors = psycopg.errors
    answered = (
        errors.TransactionRollback,
        errors.SerializationFailure,
        errors.DeadlockDetected,
        errors.QueryCanceled,
        errors.LockNotAvailable,
    )
    return not isinstance(cause, answered)


def note(error: BaseException) -> bool:
    """For an except clause: True (and the probe started) when `error` is the database away."""
    if is_database_error(error):
        health.failed(error)
        return True
    return False
