"""The lobby socket knows who connects (member or guest) and refuses foreign origins."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from tests.conftest import PASSWORD, closed_with

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]

ORIGIN = (b"origin", b"http://127.0.0.1")
HOST = (b"host", b"127.0.0.1")  # the socket's own host: its Origin must match it (config/ws_origin.py)


@database_sync_to_async
def session_cookie_for_guest(nickname: str) -> str:
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return client.cookies["sessionid"].value


@database_sync_to_async
def session_cookie_for_member(email: str) -> str:
    from django.contrib.auth import get_user_model

    from accounts.services import player_create_for_user

    user = get_user_model().objects.create_user(username=email, email=email, password=PASSWORD)
    player_create_for_user(user=user, nickname="Marta")
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


def communicator(cookie: str | None, origin=ORIGIN) -> WebsocketCommunicator:
    headers = [HOST, origin] if origin else [HOST]
    if cookie:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    return WebsocketCommunicator(application, "/ws/lobby/", headers=headers)


async def test_a_guest_connects_with_their_session():
    socket = communicator(await session_cookie_for_guest("Lucía"))
    connected, _ = await socket.connect()
    assert connected
    hello = await socket.receive_json_from()
    assert hello["type"] == "hello"
    assert hello["player"]["nickname"] == "Lucía" and hello["player"]["guest"] is True
    await socket.disconnect()


async def test_a_member_connects_with_their_session():
    socket = communicator(await session_cookie_for_member("marta@example.com"))
    connected, _ = await socket.connect()
    assert connected
    hello = await socket.receive_json_from()
    assert hello["player"]["nickname"] == "Marta" and hello["player"]["guest"] is False
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.disconnect()


async def test_a_socket_without_a_player_is_closed_with_a_clear_code():
    assert await closed_with(communicator(None)) == 4401


async def test_a_socket_from_another_site_is_refused_even_with_a_valid_session():
    cookie = await session_cookie_for_guest("Lucía")
    for origin in [(b"origin", b"https://evil.example"), None]:
        socket = communicator(cookie, origin=origin)
        connected, _ = await socket.connect()
        assert not connected


async def test_malformed_frames_get_an_error_and_the_socket_stays_open():
    socket = communicator(await session_cookie_for_guest("Lucía"))
    await socket.connect()
    await socket.receive_json_from()
    for frame, code in [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": "ping", "ref": "\\ud800"}', "malformed"),
        (json.dumps({"type": "launch"}), "unknown_type"),
        ("x" * 5000, "malformed"),
    ]:
        await socket.send_to(text_data=frame)
        reply = await socket.receive_json_from()
        assert reply["type"] == "error" and reply["code"] == code
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.disconnect()


async def test_a_stale_guest_session_is_not_a_player():
    @database_sync_to_async
    def make_stale_cookie():
        client = Client()
        client.post("/guest/", {"nickname": "Fantasma"})
        from accounts.models import Player

        Player.objects.all().delete()
        return client.cookies["sessionid"].value

    assert await closed_with(communicator(await make_stale_cookie())) == 4401


async def test_errors_are_written_in_the_pages_language():
    """The lobby socket answers in the language cookie's language, the site's (Spanish) without one."""
    cookie = await session_cookie_for_guest("Lucía")
    expected = {
        "en": ("Unknown frame type.", "Unknown topic."),
        "es": ("Tipo de mensaje desconocido.", "Tema desconocido."),
        None: ("Tipo de mensaje desconocido.", "Tema desconocido."),
    }
    for language, (unknown_type, unknown_topic) in expected.items():
        headers = [ORIGIN, (b"cookie", f"sessionid={cookie}".encode()), HOST]
        if language:
            headers[1] = (b"cookie", f"sessionid={cookie}; django_language={language}".encode())
        socket = WebsocketCommunicator(application, "/ws/lobby/", headers=headers)
        await socket.connect()
        await socket.receive_json_from()
        await socket.send_to(text_data=json.dumps({"type": "launch"}))
        assert (await socket.receive_json_from())["message"] == unknown_type
        await socket.send_to(text_data=json.dumps({"type": "watch", "topic": "moon"}))
        assert (await socket.receive_json_from())["message"] == unknown_topic
        await socket.disconnect()
