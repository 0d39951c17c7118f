"""The lobby queue pairs the first two players waiting for a game, and tells the one who waited."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.models import Match, Room
from games.runtime import scheduling
from lobby import queue
from lobby.models import WaitingPlayer

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]

GAME = "wordgrid"  # the queue is the same for every game; Wordgrid is light to start


@pytest.fixture(autouse=True)
def queued_game(monkeypatch):
    # As if Wordgrid's spec listed the random-opponent way (lobby/ways.py)
    monkeypatch.setattr(queue, "game_has_way", lambda game, way: (game, way) == (GAME, "random_opponent"))
    with scheduling.timers_disabled():
        yield


@database_sync_to_async
def guest(nickname: str):
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    from accounts.models import Player

    return Player.objects.get(nickname=nickname), client.cookies["sessionid"].value


async def test_the_second_player_is_paired_with_the_first_and_the_first_is_told():
    ana, ana_cookie = await guest("Ana")
    beto, _ = await guest("Beto")
    lobby = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[
            (b"origin", b"http://127.0.0.1"),
            (b"host", b"127.0.0.1"),
            (b"cookie", f"sessionid={ana_cookie}".encode()),
        ],
    )
    assert (await lobby.connect())[0]
    assert (await lobby.receive_json_from())["type"] == "hello"

    join = database_sync_to_async(queue.queue_join)
    assert await join(player=ana, game=GAME, interface_language="es") is None
    assert await join(player=ana, game=GAME, interface_language="es") is None  # still one place
    assert await database_sync_to_async(WaitingPlayer.objects.count)() == 1
    room = await join(player=beto, game=GAME, interface_language="es")
    assert room is not None
    matched = await lobby.receive_json_from(timeout=5)
    assert matched == {"type": "matched", "url": f"/r/{room.code}/"}
    await lobby.disconnect()

    @database_sync_to_async
    def table():
        match = Match.objects.get()
        return match.lineup, Room.objects.get().status, WaitingPlayer.objects.count()

    lineup, status, waiting = await table()
    assert [sitter["player"] for sitter in lineup] == [ana.pk, beto.pk]
    assert status == Room.PLAYING and waiting == 0


async def test_leaving_the_queue_removes_the_place():
    ana, _ = await guest("Ana")
    await database_sync_to_async(queue.queue_join)(player=ana, game=GAME, interface_language="es")
    await database_sync_to_async(queue.queue_leave)(player=ana, game=GAME)
    assert not await database_sync_to_async(queue.is_waiting)(player=ana, game=GAME)
