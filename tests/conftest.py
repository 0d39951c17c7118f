"""Shared fixtures. Personas: alice (registered), bob (guest), charlie (registered, for pairs)."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.db import connections

from accounts.services import player_create_for_user, player_create_guest

PASSWORD = "a-long-pass-phrase-91"
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True, scope="session")
def _redis_marks_of_earlier_runs_forgotten():
    """The test database starts anew each run, its ids from 1 again, while marks kept in Redis by ids (a batch
    task pending for match 28, a bot's move pending) may outlive a run by minutes: the suite's own Redis
    database (REDIS_URL, db 9 by default) starts empty."""
    from django.core.cache import cache

    cache._cache.get_client(write=True).flushdb()
    yield


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    """A request through the test client leaves its language (LocaleMiddleware's) active in the thread:
    without this, a test after an English page would read English where the site's default is Spanish."""
    yield
    from django.utils import translation

    translation.deactivate()


def clear_code_lookup_counts() -> None:
    """Forget every address's code look-ups (games.lookups: django-ratelimit's counters in the Redis cache)."""
    from django.core.cache import cache

    client = cache._cache.get_client(write=True)
    for key in client.scan_iter(match=cache.make_key("rl:*")):
        client.delete(key)


@pytest.fixture(autouse=True)
def _code_lookup_budget_per_test():
    """Code look-ups are limited per address and every test's client is 127.0.0.1: each test starts with
    the budget of a new visitor, whatever the tests before it looked up."""
    import contextlib

    import redis

    with contextlib.suppress(redis.exceptions.ConnectionError):  # no Redis: a test that needs it says so
        clear_code_lookup_counts()
    yield


# pytest-django's fixtures that give a test the database (its marker aside), the most demanding first.
DATABASE_FIXTURES = ("transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback", "db")


@pytest.fixture(autouse=True)
def _ledger_sound_after_each_test(request):
    """Every test that used the database leaves the ledger sound: `manage.py ledger_check` (every invariant:
    transfers and balances sum to zero, nobody below zero, cached balances equal their legs, escrows hold
    their open stakes) runs after it, before its database is rolled back or flushed (pytest-django's own
    fixtures and marker are torn down after this one). Whatever a test did to the wallet, through any service
    or any attack, the suite as a whole proves the ledger held (issue 17)."""
    marked = request.node.get_closest_marker("django_db") is not None  # pytest-django set the database up already
    named = next((name for name in DATABASE_FIXTURES if name in request.fixturenames), None)
    if not marked and named:
        # Set up here, inside this fixture, so that it is torn down (rolled back, flushed) after the check.
        request.getfixturevalue(named)
    yield
    if not (marked or named) or request.node.get_closest_marker("ledger_corrupted"):
        return
    from django.core.management import call_command

    from wallet.models import Transfer

    if Transfer.objects.exists():
        import io

        call_command("ledger_check", stdout=io.StringIO())


@pytest.fixture
def alice(db):
    from tests.emails import verify_email

    user = get_user_model().objects.create_user(username="alice", email="alice@example.com", password=PASSWORD)
    player_create_for_user(user=user, nickname="Alice")
    verify_email(user)  # a registered player, who opened the link (ACCOUNT_EMAIL_VERIFICATION is mandatory)
    return user


@pytest.fixture
def bob_guest(db):
    return player_create_guest(nickname="Bob")


@pytest.fixture
async def async_db_connections_closed():
    """Close the connection that database_sync_to_async opened in its worker thread.

    Otherwise it outlives the test and PostgreSQL refuses to drop the test database. The sockets' own database
    threads (toolkit.database_threads.in_database_thread) finish what they are doing first.
    """
    yield
    import asyncio

    from toolkit.database_threads import database_threads_done

    await asyncio.to_thread(database_threads_done)
    await database_sync_to_async(connections.close_all)()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def daphne_url(transactional_db, tmp_path):
    """daphne serving the site on a free port, on the same (test) database as the test."""
    from django.db import connection

    database = connection.settings_dict
    port = _free_port()
    env = dict(os.environ)
    env["DATABASE_URL"] = (
        f"postgres://{database['USER'] or 'postgres'}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{database['NAME']}"
    )
    env["DEBUG"] = "1"
    # A file, not a pipe: nobody drains a pipe while the test runs, and a full one blocks daphne.
    log = open(tmp_path / "daphne.log", "w")  # noqa: SIM115 - closed after the server stops
    # A generous handshake timeout: on a loaded machine a burst of connects queues for the database,
    # and the tests are about what the stack does, not how fast this machine is.
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "--websocket_connect_timeout",
            "60",
            # A browser's sockets are still open when the test ends: daphne gives each open connection this
            # long to close before it exits (10 s by default, as long as the wait below was).
            "--application-close-timeout",
            "2",
            "config.asgi:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        if server.poll() is not None:
            raise RuntimeError((tmp_path / "daphne.log").read_text())
        time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        # Stopped the hard way rather than failing the test that used it: its connections would keep the
        # test database from being dropped.
        server.kill()
        server.wait(timeout=10)
    log.close()


async def closed_with(communicator) -> int | None:
    """The close code a refused socket gets. Refusals accept and then close (a close before the handshake
    reaches a browser as 1006 only): None when the socket was not closed at once."""
    connected, _ = await communicator.connect()
    if not connected:
        return None
    output = await communicator.receive_output(timeout=5)
    return output.get("code") if output["type"] == "websocket.close" else None
