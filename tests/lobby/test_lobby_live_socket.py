"""Live lobby: a lobby page's socket hears when queues, offers or open rooms change; a group's members
hear when their group changes, and are sent to the room when its tournament starts."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import Player
from config.asgi import application
from lobby import parties, quickmatch, tournament_queue

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@database_sync_to_async
def guest(nickname: str):
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return Player.objects.get(nickname=nickname), client.cookies["sessionid"].value


async def lobby_socket(cookie: str, watch: str | None = None) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[
            (b"origin", b"http://127.0.0.1"),
            (b"host", b"127.0.0.1"),
            (b"cookie", f"sessionid={cookie}".encode()),
        ],
    )
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from())["type"] == "hello"
    if watch:
        await socket.send_to(text_data=json.dumps({"type": "watch", "topic": watch}))
        # The watch has no answer; a ping round trip makes sure it was handled before the test goes on.
        await socket.send_to(text_data=json.dumps({"type": "ping"}))
        assert await socket.receive_json_from() == {"type": "pong"}
    return socket


async def test_a_watching_lobby_page_hears_the_queue_and_open_rooms_change_and_others_do_not():
    ana, ana_cookie = await guest("Ana")
    beto, beto_cookie = await guest("Beto")
    carla, _ = await guest("Carla")
    watching = await lobby_socket(ana_cookie, watch="lobby")
    elsewhere = await lobby_socket(beto_cookie)  # another page of the site: no lobby parts to refresh

    await database_sync_to_async(tournament_queue.queue_join_alone)(
        player=carla, language="es", interface_language="es"
    )
    assert await watching.receive_json_from(timeout=5) == {"type": "lobby_changed"}
    await database_sync_to_async(quickmatch.quick_match_join)(
        player=beto, game="duelo", language="es", interface_language="es"
    )
    assert await watching.receive_json_from(timeout=5) == {"type": "lobby_changed"}
    assert await elsewhere.receive_nothing(timeout=0.5)
    await watching.disconnect()
    await elsewhere.disconnect()


async def test_an_unknown_topic_gets_an_error_and_the_socket_stays_open():
    _ana, cookie = await guest("Ana")
    socket = await lobby_socket(cookie)
    await socket.send_to(text_data=json.dumps({"type": "watch", "topic": "everything"}))
    reply = await socket.receive_json_from()
    assert reply["type"] == "error" and reply["code"] == "unknown_topic"
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.disconnect()


async def test_group_members_hear_a_newcomer_and_go_to_the_room_when_the_organizer_starts():
    ana, ana_cookie = await guest("Ana")
    beto, beto_cookie = await guest("Beto")
    party = await database_sync_to_async(parties.party_create)(player=ana, language="es")
    ana_page = await lobby_socket(ana_cookie)
    await database_sync_to_async(parties.party_join)(party=party, player=beto)
    assert await ana_page.receive_json_from(timeout=5) == {"type": "group_changed", "code": party.code}
    beto_page = await lobby_socket(beto_cookie)

    room = await database_sync_to_async(parties.party_start_practice)(party=party, by=ana, interface_language="es")
    for page in (ana_page, beto_page):
        frames = [await page.receive_json_from(timeout=5) for _ in range(2)]
        assert {"type": "matched", "url": f"/r/{room.code}/"} in frames
        assert {"type": "group_changed", "code": party.code} in frames
        await page.disconnect()
