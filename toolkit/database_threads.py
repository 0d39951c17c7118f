"""The sockets' database threads: where every database read or write of a socket runs, its handshake's included.

They are as many as the process' pool holds connections, instead of the one thread channels'
`database_sync_to_async` sends everything to. A move spends most of its time waiting for PostgreSQL (its commit);
with one thread every socket of the process waited behind every other's waits (issue 30: under 1,000 players a
ping's answer waited seconds behind the reads and moves queued on that thread), and every socket opening waited
there for its session and its Player (issue 34: a killed node's sockets, reconnecting all at once to the node
left, were back one at a time, the last after more than 10 s). Each call is one transaction of its own (the
service path, or a handshake's reads), so it may run in any thread; a socket awaits its calls one at a time, so
its own frames keep their order.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

from asgiref.sync import SyncToAsync
from django.db import close_old_connections, connections


def _database_threads() -> ThreadPoolExecutor:
    from django.db import connection

    pool = connection.settings_dict.get("OPTIONS", {}).get("pool")
    size = pool.get("max_size", 4) if isinstance(pool, dict) else 1  # SQLite (a developer's copy): one writer
    return ThreadPoolExecutor(max_workers=size, thread_name_prefix="socket-db")


_executor: ThreadPoolExecutor | None = None


def database_threads_done() -> None:
    """Wait for the sockets' database calls under way, and let their threads go (a test's end: a snapshot still
    running would keep its connection, and its database, in use)."""
    global _executor
    if _executor is not None:
        _executor.shutdown(wait=True)
        _executor = None


P = ParamSpec("P")
R = TypeVar("R")


def in_database_thread(function: Callable[P, R]) -> Callable[P, Awaitable[R]]:
    """`function` as an awaitable that runs it in one of the sockets' database threads. Its connection goes back
    to the pool when it returns, whatever happened (a thread of this pool holds none between calls)."""
    global _executor
    if _executor is None:
        _executor = _database_threads()

    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        close_old_connections()
        try:
            return function(*args, **kwargs)
        finally:
            connections.close_all()

    return SyncToAsync(call, thread_sensitive=False, executor=_executor)
