"""The site socket every page of a player opens (/ws/lobby/, decision 132) carries their notifications live, in
the page's language, to them only; its connect and pings say they are on the site (notifications.online)."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import Player
from config.asgi import application
from notifications import kinds, online
from notifications.services import notify

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]

ORIGIN = (b"origin", b"http://127.0.0.1")
HOST = (b"host", b"127.0.0.1")


@database_sync_to_async
def guest(nickname: str) -> tuple[Player, str]:
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return Player.objects.get(pk=client.session["guest_player_id"]), client.cookies["sessionid"].value


async def connected(cookie: str, language: str = "en") -> WebsocketCommunicator:
    socket = WebsocketCommunicator(
        application,
        "/ws/lobby/",
        headers=[HOST, ORIGIN, (b"cookie", f"sessionid={cookie}; django_language={language}".encode())],
    )
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from())["type"] == "hello"
    return socket


async def test_a_notification_reaches_its_players_pages_only_in_their_language():
    (ana, ana_cookie), (_eve, eve_cookie) = await guest("Ana"), await guest("Eve")
    english, spanish = await connected(ana_cookie, "en"), await connected(ana_cookie, "es")
    attacker = await connected(eve_cookie, "en")
    note = await database_sync_to_async(notify)(ana, kinds.FRIEND_ACCEPTED, url="/p/x/", by_name="Bruno")
    frame = await english.receive_json_from(timeout=5)
    assert frame == {
        "type": "notification",
        "unread": 1,
        "item": {
            "id": note.pk,
            "kind": kinds.FRIEND_ACCEPTED,
            "text": "Bruno accepted your friend request",
            "url": "/p/x/",
            "created": note.created_at.isoformat(),
            "read": False,
        },
    }
    other = await spanish.receive_json_from(timeout=5)
    assert other["item"]["id"] == note.pk and "Bruno" in other["item"]["text"]
    assert await attacker.receive_nothing(timeout=1)
    for socket in (english, spanish, attacker):
        await socket.disconnect()


async def test_an_attacker_cannot_ask_for_anothers_notifications_on_their_socket():
    (ana, _), (_eve, eve_cookie) = await guest("Ana"), await guest("Eve")
    attacker = await connected(eve_cookie)
    for frame in ({"type": "watch", "topic": f"player.{ana.pk}"}, {"type": "notifications", "player": ana.pk}):
        await attacker.send_to(text_data=json.dumps(frame))
        assert (await attacker.receive_json_from())["type"] == "error"
    await database_sync_to_async(notify)(ana, kinds.CHALLENGE, url="/", by_name="Bruno")
    assert await attacker.receive_nothing(timeout=1)
    await attacker.disconnect()


async def test_a_player_with_a_page_open_is_online():
    (ana, cookie), (bea, _) = await guest("Ana"), await guest("Bea")
    await database_sync_to_async(online.gone)(ana.pk)
    socket = await connected(cookie)
    assert await database_sync_to_async(online.online_ids)([ana.pk, bea.pk]) == {ana.pk}
    await socket.disconnect()
