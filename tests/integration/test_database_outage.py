"""PostgreSQL goes away under a running web process, as the hostile audit of issue 31 did it, and comes back: meanwhile
every page answers at once that the site is catching its breath (never a 500, never a wait on the pool past a few
seconds), /healthz says 503 at once, a socket that opens is told to try again later; once the database is back the
same process serves again within 10 s, by itself.

A PostgreSQL cluster of the test's own (Debian's binaries, bench/soak/postgres.py), stopped at once (every
connection cut) and started again; a real daphne with the production settings. OUTAGE_SECONDS in the environment
sets the outage's length (20 s by default; the rehearsal in docs/security.md ran it at 180).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import sys
import time

import httpx
import pytest
import websockets

from bench.soak.postgres import SoakPostgres
from bench.stack import Stack, collect_static, recreate_database
from tests.integration.stack import free_port, stack_env, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE_SECONDS = float(os.environ.get("OUTAGE_SECONDS", "20"))
SERVES_AGAIN_SECONDS = 10


def timed_get(base: str, path: str) -> tuple[int, float, str]:
    started = time.monotonic()
    response = httpx.get(base + path, timeout=30, headers={"Accept-Language": "en"})
    return response.status_code, time.monotonic() - started, response.text


def socket_close_code(base: str) -> int | None:
    async def attempt():
        url = base.replace("http://", "ws://") + "/ws/lobby/"
        async with websockets.connect(url, origin=base, open_timeout=10) as ws:
            with contextlib.suppress(websockets.ConnectionClosed):
                await asyncio.wait_for(ws.recv(), 10)
            return ws.close_code

    return asyncio.run(attempt())


def test_a_web_process_answers_through_a_database_outage_and_serves_again_by_itself(tmp_path):
    postgres = SoakPostgres(tmp_path / "postgres")
    postgres.create()
    url = postgres.url("dreamgames_outage")
    env = {
        **stack_env(),
        "DATABASE_URL": url,
        "DEBUG": "0",  # the production settings: the site's own error pages, not Django's debug page
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "BEHIND_PROXY": "0",
    }
    stack = Stack(env, tmp_path / "logs")
    try:
        recreate_database(url)
        collect_static(env)
        base = stack.start_daphne(port=free_port())
        page = "/ratings/duelo/"  # a page that reads the database
        assert timed_get(base, page)[0] == 200

        postgres.kill()
        down = time.monotonic()
        first = timed_get(base, page)
        assert first[0] == 503 and "catching its breath" in first[2], first[2][:500]
        assert first[1] < 7  # at most the pool's 5 s, for the first request that meets it
        time.sleep(2)
        later = [timed_get(base, page) for _ in range(5)]
        assert all(status == 503 and seconds < 2 for status, seconds, _text in later), later
        status, seconds, _text = timed_get(base, "/healthz")
        assert status == 503 and seconds < 2
        assert socket_close_code(base) == 4503  # try again later: the page reconnects

        time.sleep(max(0.0, down + OUTAGE_SECONDS - time.monotonic()))
        postgres.start()
        back = time.monotonic()
        assert wait_for(lambda: timed_get(base, page)[0] == 200, SERVES_AGAIN_SECONDS, every=0.25), stack.tail("daphne")
        served_after = time.monotonic() - back
        assert served_after < SERVES_AGAIN_SECONDS
        assert stack.alive("daphne")  # the same process: nobody restarted it
        assert " 500 " not in stack.tail("daphne", 10**7), "a request answered 500 during or after the outage"
        print(f"outage {OUTAGE_SECONDS:.0f} s: served again {served_after:.1f} s after its return", file=sys.stderr)
    finally:
        stack.stop_all()
        postgres.remove()
