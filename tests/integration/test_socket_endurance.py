"""What broke channels_redis on this stack before (docs/decisions.md), kept broken-proof.

redis-py 8 closed idle consumers after 5 s (close code 1011) and capped the async pool
at 100 connections, so a burst of connects failed. Both against a real daphne and Redis.
"""

import asyncio
import json
from urllib.parse import urlparse

import httpx
import pytest
import websockets

pytestmark = pytest.mark.django_db(transaction=True)


def guest_cookie(base_url: str) -> str:
    with httpx.Client(base_url=base_url, follow_redirects=False) as client:
        form = client.get("/guest/")
        token = client.cookies["csrftoken"]
        assert form.status_code == 200
        client.post(
            "/guest/",
            data={"nickname": "Resistente", "csrfmiddlewaretoken": token},
            headers={"Referer": base_url + "/guest/"},
        )
        return client.cookies["sessionid"]


async def open_lobby(base_url: str, cookie: str):
    host = urlparse(base_url).netloc
    socket = await websockets.connect(
        f"ws://{host}/ws/lobby/", origin=base_url, additional_headers={"Cookie": f"sessionid={cookie}"}, open_timeout=90
    )
    hello = json.loads(await asyncio.wait_for(socket.recv(), 90))
    assert hello["type"] == "hello"
    return socket


def test_an_idle_socket_stays_open_past_the_old_timeout(daphne_url):
    cookie = guest_cookie(daphne_url)

    async def scenario():
        socket = await open_lobby(daphne_url, cookie)
        await asyncio.sleep(12)
        await socket.send(json.dumps({"type": "ping"}))
        reply = json.loads(await asyncio.wait_for(socket.recv(), 10))
        await socket.close()
        return reply

    assert asyncio.run(scenario()) == {"type": "pong"}


def test_a_burst_of_connects_is_served(daphne_url):
    # Ten people with 25 tabs each: one person alone may not open more than 30 sockets in 10 s (4408).
    cookies = [guest_cookie(daphne_url) for _ in range(10)]
    burst = 250  # more than redis-py's async pool limit of 100 that broke this stack before

    async def scenario():
        results = await asyncio.gather(
            *(open_lobby(daphne_url, cookies[index % len(cookies)]) for index in range(burst)), return_exceptions=True
        )
        sockets = [result for result in results if not isinstance(result, BaseException)]
        failures = [repr(result) for result in results if isinstance(result, BaseException)]
        await asyncio.gather(*(socket.close() for socket in sockets))
        return len(sockets), failures[:3]

    opened, failures = asyncio.run(scenario())
    assert opened == burst, failures
