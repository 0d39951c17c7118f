"""A socket's handshake (its session, its user, its Player) is read in the sockets' database threads, not in the one
thread that channels' `database_sync_to_async` sends everything to (issue 34). The cluster soak saw why it matters:
a killed node's few hundred sockets reconnecting to the node left each waited, one at a time, for that single
thread to read their session, and the last of them were back after more than 10 s. Here that thread is held busy
(as a long read of someone else's would hold it) while a player's socket opens: it opens, and plays, regardless."""

from __future__ import annotations

import asyncio
import contextlib
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async

from games.runtime import scheduling
from games.runtime.consumers import NO_PLAYER
from tests.games.test_live_sockets import lobby_socket
from tests.games.test_room_socket import receive_until, socket, table_of_two

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("async_db_connections_closed")]


@pytest.fixture(autouse=True)
def no_celery_tasks():
    with scheduling.timers_disabled():
        yield


@contextlib.asynccontextmanager
async def single_thread_held():
    """Channels' one thread-sensitive thread, busy until the block is left (at most 60 s)."""
    released = threading.Event()
    held = asyncio.ensure_future(sync_to_async(released.wait, thread_sensitive=True)(60))
    await asyncio.sleep(0.1)  # it has started waiting in that thread
    try:
        yield
    finally:
        released.set()
        await held


async def test_a_room_socket_opens_and_plays_while_the_single_database_thread_is_busy():
    code, _match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    async with single_thread_held():
        room = socket(code, ana_cookie)
        connected, _ = await room.connect(timeout=15)
        assert connected
        assert (await receive_until(room, "match"))["type"] == "match"
        await room.send_json_to({"type": "ping"})
        assert (await receive_until(room, "pong"))["type"] == "pong"
        await room.disconnect()


async def test_the_lobby_socket_opens_while_the_single_database_thread_is_busy():
    _code, _match_id, ana_cookie, _beto_cookie, _state = await table_of_two()
    async with single_thread_held():
        pages = lobby_socket(ana_cookie)
        connected, _ = await pages.connect(timeout=15)
        assert connected
        assert (await pages.receive_json_from(timeout=15))["type"] == "hello"
        await pages.disconnect()


@database_sync_to_async
def registered_cookie_then_password_changed():
    """Alice logs in (a session cookie), then her password is changed elsewhere: that session is no longer hers."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.services import player_create_for_user

    user = get_user_model().objects.create_user(username="alice", email="alice@example.com", password="old-pass-123")
    player_create_for_user(user=user, nickname="Alice")
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    before = client.get("/").wsgi_request.user.is_authenticated
    user.set_password("new-pass-456")
    user.save()
    return cookie, before


async def test_a_session_whose_password_changed_since_is_no_player_on_a_socket_as_on_a_page():
    """The handshake's user is Django's, with its check of the session's hash: a cookie from before a password
    change opens no socket as that player (4401), as it opens no page as her."""
    from tests.conftest import closed_with

    cookie, was_hers = await registered_cookie_then_password_changed()
    assert was_hers
    async with single_thread_held():
        assert await closed_with(lobby_socket(cookie)) == NO_PLAYER
