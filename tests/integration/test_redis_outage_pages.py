"""Redis goes away for 15 s under a running web process, as the hostile audit of issue 31 did it: a member and a
guest keep getting answers at once (a page, or the page that says the site is catching its breath: never a 500,
never a wait of more than a few seconds), a socket that opens is told to try again later rather than closed with
1011, and once Redis is back (empty, as after a crash) the same process serves them both again within 10 s.

A Redis of the test's own, stopped and started again on the same port; a real daphne with the production settings
on the test database.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time

import httpx
import pytest
import websockets
from django.contrib.auth import get_user_model
from django.test import Client

from bench.stack import Stack, collect_static
from tests.emails import verify_email
from tests.integration.stack import free_port, redis_server, stack_env, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

OUTAGE_SECONDS = 15
SERVES_AGAIN_SECONDS = 10
# What a member and a guest open most: the lobby, the home page, their wallet or page, the rules.
PAGES = ("/", "/lobby/", "/ratings/duelo/", "/play/duelo/rules/")


def visitors(base: str) -> dict[str, httpx.Client]:
    """A member signed in and a guest who came with a nickname, each with their session cookie."""
    user = get_user_model().objects.create_user(username="lucia", email="lucia@example.com", password="x" * 12)
    verify_email(user)
    member = Client()
    member.force_login(user)
    guest = Client()
    guest.post("/guest/", {"nickname": "Beto"})
    return {
        name: httpx.Client(
            base_url=base,
            cookies={"sessionid": client.cookies["sessionid"].value},
            headers={"Accept-Language": "en"},
            timeout=30,
        )
        for name, client in (("member", member), ("guest", guest))
    }


def answers(client: httpx.Client) -> list[tuple[str, int, float]]:
    found = []
    for path in PAGES:
        started = time.monotonic()
        response = client.get(path)
        found.append((path, response.status_code, time.monotonic() - started))
    return found


def socket_close_code(base: str, cookie: str) -> int | None:
    async def attempt():
        url = base.replace("http://", "ws://") + "/ws/lobby/"
        headers = {"Cookie": f"sessionid={cookie}"}
        async with websockets.connect(url, origin=base, open_timeout=10, additional_headers=headers) as ws:
            with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            return ws.close_code

    return asyncio.run(attempt())


def test_members_and_guests_get_answers_through_a_redis_outage_and_are_served_again_by_themselves(tmp_path, settings):
    # Production refuses the tests' key; the sessions made here must be read there, so both take a strong one.
    settings.SECRET_KEY = secrets.token_urlsafe(50)
    port = free_port()
    redis = redis_server(port, tmp_path)
    env = {
        **stack_env(REDIS_URL=f"redis://127.0.0.1:{port}/0"),
        "DEBUG": "0",  # the production settings: the site's own error pages
        "SECRET_KEY": settings.SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "BEHIND_PROXY": "0",
    }
    stack = Stack(env, tmp_path / "logs")
    try:
        collect_static(env)
        base = stack.start_daphne(port=free_port())
        people = visitors(base)
        for name, client in people.items():
            assert all(status == 200 for _path, status, _seconds in answers(client)), (name, answers(client))

        redis.terminate()
        redis.wait(10)
        down = time.monotonic()
        for name, client in people.items():
            during = answers(client)
            assert all(status in (200, 503) and seconds < 7 for _path, status, seconds in during), (name, during)
            try:
                code = socket_close_code(base, client.cookies["sessionid"])
            except websockets.InvalidStatus as refused:
                raise AssertionError(f"{name}: {refused}\n{stack.tail('daphne')}") from refused
            assert code in (None, 1000, 4503), name

        time.sleep(max(0.0, down + OUTAGE_SECONDS - time.monotonic()))
        redis = redis_server(port, tmp_path)
        back = time.monotonic()
        for name, client in people.items():
            served = wait_for(
                lambda client=client: all(status == 200 for _p, status, _s in answers(client)), SERVES_AGAIN_SECONDS
            )
            assert served, (name, answers(client), stack.tail("daphne"))
        assert time.monotonic() - back < SERVES_AGAIN_SECONDS + 2
        assert stack.alive("daphne")  # the same process: nobody restarted it
        assert " 500 " not in stack.tail("daphne", 10**7), "a request answered 500 during or after the outage"
    finally:
        stack.stop_all()
        redis.terminate()
        redis.wait(10)
