"""Draining a node for a deploy (issue 34): `manage.py drain_sockets --node NAME` closes every socket of that node,
the room's and the lobby's, with the code that tells the page to reconnect at once (4001), and leaves the sockets
of every other node alone. The real consumers on the real Redis channel layer; the two nodes are two NODE_NAMEs."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.core.management import call_command

from games.runtime import scheduling
from games.runtime.consumers import DRAINED
from tests.games.test_live_sockets import lobby_socket
from tests.games.test_room_socket import receive_until, socket, table_of_two

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


async def on_node(monkeypatch, name: str, communicator):
    """Open `communicator` as a socket of node `name` (NODE_NAME is read as each socket joins its node)."""
    monkeypatch.setenv("NODE_NAME", name)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def drain(*arguments: str) -> str:
    from io import StringIO

    out = StringIO()
    await sync_to_async(call_command, thread_sensitive=False)("drain_sockets", *arguments, stdout=out)
    return out.getvalue()


async def closed_code(communicator, seconds: float = 5) -> int | None:
    deadline = asyncio.get_running_loop().time() + seconds
    while asyncio.get_running_loop().time() < deadline:
        output = await communicator.receive_output(timeout=deadline - asyncio.get_running_loop().time())
        if output["type"] == "websocket.close":
            return output.get("code")
    return None


async def test_a_drained_node_s_sockets_are_told_to_reconnect_and_the_other_node_s_are_left_alone(monkeypatch):
    code, _match_id, ana_cookie, beto_cookie, _state = await table_of_two()
    ana_room = await on_node(monkeypatch, "web-1", socket(code, ana_cookie))
    ana_pages = await on_node(monkeypatch, "web-1", lobby_socket(ana_cookie))
    beto_room = await on_node(monkeypatch, "web-2", socket(code, beto_cookie))
    await receive_until(ana_room, "match")
    await receive_until(beto_room, "match")
    assert (await ana_pages.receive_json_from(timeout=5))["type"] == "hello"

    said = await drain("--node", "web-1", "--spread", "0")
    assert "web-1" in said

    assert await closed_code(ana_room) == DRAINED == 4001
    assert await closed_code(ana_pages) == DRAINED
    # Beto's socket, on the other node, goes on: it still answers, and it is closed by nobody.
    await beto_room.send_json_to({"type": "ping"})
    assert (await receive_until(beto_room, "pong"))["type"] == "pong"
    heard = []
    while not await beto_room.receive_nothing(timeout=0.5):
        heard.append((await beto_room.receive_output())["type"])
    assert "websocket.close" not in heard
    await beto_room.disconnect()


async def test_a_spread_drain_closes_each_socket_within_the_spread_and_it_works_until_then(monkeypatch):
    code, _match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    ana_room = await on_node(monkeypatch, "web-1", socket(code, ana_cookie))
    await receive_until(ana_room, "match")

    started = asyncio.get_running_loop().time()
    await drain("--node", "web-1", "--spread", "1.5")
    assert await closed_code(ana_room, seconds=6) == DRAINED
    assert asyncio.get_running_loop().time() - started < 1.5 + 3  # the spread, and a loaded machine's slack
