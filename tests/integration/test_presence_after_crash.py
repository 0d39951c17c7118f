"""A web process killed with players connected leaves no ghosts (issue 14): presence comes from heartbeats
that expire, so within the TTL the dead process's sockets are gone, the room on the other process shows
the player away, and after the game's 60 s the Torneo player is out, as if they had closed the tab.

Two real daphne processes on the test database and Redis, real websocket clients, SIGKILL."""

from __future__ import annotations

import json
import os
import signal
import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from websockets.sync.client import connect

from accounts.models import Player
from games.runtime import matches, presence, rooms, scheduling
from games.tasks import sweep
from games.torneo import engine
from tests.integration.stack import daphne, free_port, stack_env, stop, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def guest(nickname: str) -> tuple[Player, str]:
    client = Client()
    client.post("/guest/", {"nickname": nickname})
    return Player.objects.get(nickname=nickname), client.cookies["sessionid"].value


def room_socket(port: int, code: str, cookie: str):
    return connect(
        f"ws://127.0.0.1:{port}/ws/rooms/{code}/",
        open_timeout=30,
        additional_headers={"Origin": f"http://127.0.0.1:{port}", "Cookie": f"sessionid={cookie}"},
    )


def frames_until(socket, wanted, seconds: float) -> dict | None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            frame = json.loads(socket.recv(timeout=max(0.1, deadline - time.monotonic())))
        except TimeoutError:
            return None
        if wanted(frame):
            return frame
    return None


def test_a_killed_web_process_leaves_no_ghost_in_the_room_or_the_tournament(tmp_path):
    env = stack_env()
    ana, ana_cookie = guest("Ana")
    beto, beto_cookie = guest("Beto")
    with scheduling.timers_disabled():
        room = rooms.room_create(
            game="torneo", host=ana, seats=8, interface_language="es", settings={"language": "es", "rated": False}
        )
        rooms.room_join(room=room, player=beto)
        rooms.room_fill_with_bots(room=room, level="hard")
    first, second = free_port(), free_port()
    doomed, survivor = daphne(first, tmp_path, env), daphne(second, tmp_path, env)
    try:
        room_socket(first, room.code, ana_cookie)  # Ana's page, on the process that will die
        beto_socket = room_socket(second, room.code, beto_cookie)
        with scheduling.timers_disabled():
            match = matches.match_start(room=room, by=None)
        ana_seat = match.seat_of(ana.pk)
        assert frames_until(beto_socket, lambda f: f["type"] == "match", 15)
        assert ana.pk in presence.absence(room.code)[0]

        os.killpg(doomed.pid, signal.SIGKILL)  # no disconnect handler runs, no counter goes down
        killed_at = time.time()

        # Within the TTL Ana is no longer online, and the sweeper tells the room: Beto's page shows her away.
        def ana_gone() -> bool:
            beto_socket.send(json.dumps({"type": "ping"}))  # Beto's page keeps its heartbeat
            return ana.pk not in presence.absence(room.code)[0]

        assert wait_for(ana_gone, presence.TTL_SECONDS + 5, every=1.0)
        assert time.time() - killed_at <= presence.TTL_SECONDS + 6
        with scheduling.timers_disabled():
            assert sweep()["silent"] >= 1
        shown = frames_until(
            beto_socket,
            lambda f: (
                f["type"] == "room" and not next(s for s in f["room"]["seats"] if s["nickname"] == "Ana")["online"]
            ),
            10,
        )
        assert shown is not None
        assert beto.pk in presence.absence(room.code)[0]  # the live process's socket is untouched

        # Away since she was last heard from; 60 s later (the game's rule) she has abandoned.
        with scheduling.timers_disabled():
            assert sweep()["abandoned"] == 0  # not yet: a reload is not leaving
            from games.runtime.abandon import abandons_sweep

            assert abandons_sweep(timezone.now() + timedelta(seconds=61)) == 1
        match.refresh_from_db()
        state = engine.from_json(match.state)
        assert state.left[ana_seat] and not state.left[match.seat_of(beto.pk)]
        beto_socket.close()
    finally:
        stop([doomed, survivor])
