"""A socket's handshake that waits for the database is not cut (issue 34, the cluster soak).

When a node dies, its sockets all reconnect to the other nodes at once, and each handshake waits its turn for the
session and the room. daphne cuts a handshake the site has not accepted within its `--websocket_connect_timeout`
(5 s by default): the work done for it is lost, the page tries again, and the queue grows (the soak: 434 sockets
of a killed node, 23 back within 30 s). The site's daphne (config/launch.py) lets a handshake wait.

A real daphne started as the site starts it; the database held for longer than daphne's default while a socket
opens (its session is read from a table locked meanwhile)."""

from __future__ import annotations

import json
import threading
import time

import pytest
from django.db import connection, transaction

from config import launch
from games.runtime import rooms, scheduling
from tests.integration.stack import daphne, free_port, stack_env, stop
from tests.integration.test_two_nodes import Browser, frames_until

pytestmark = pytest.mark.django_db(transaction=True)

HELD_SECONDS = 8  # longer than daphne's own 5 s, well within the site's


def hold_sessions(held: threading.Event, release: threading.Event) -> None:
    """Lock the sessions' table (as a queue of other work would keep the database busy) until `release`."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("LOCK TABLE django_session IN ACCESS EXCLUSIVE MODE")
            held.set()
            release.wait(30)
    finally:
        connection.close()


def test_a_handshake_that_waits_for_the_database_longer_than_daphne_s_default_is_not_cut(tmp_path):
    assert launch.HANDSHAKE_SECONDS > HELD_SECONDS + 2
    port = free_port()
    node = daphne(port, tmp_path, stack_env())
    try:
        ana = Browser()
        player = ana.become_guest(port, "Ana")
        with scheduling.timers_disabled():
            room = rooms.room_create(
                game="duelo", host=player, seats=2, interface_language="es", settings={"language": "es"}
            )
        held, release = threading.Event(), threading.Event()
        holder = threading.Thread(target=hold_sessions, args=(held, release))
        holder.start()
        assert held.wait(10)
        threading.Timer(HELD_SECONDS, release.set).start()
        started = time.monotonic()
        socket = ana.socket(port, f"/ws/rooms/{room.code}/")  # opens once the session can be read
        opened_after = time.monotonic() - started
        frame = frames_until(socket, lambda frame: frame["type"] == "room", 30)
        socket.close()
        holder.join(10)
        assert opened_after >= HELD_SECONDS - 1, "the handshake did not wait for the database: nothing was held"
        assert frame is not None and json.dumps(frame)
    finally:
        release.set()
        stop([node])
