"""Nothing lives in one process (issue 34): a player's requests land on whichever node the load balancer picks,
so what the site remembers of them must be in the stores every node shares (docs/state.md).

Two real daphne processes (two nodes: NODE_NAME differs) on the test database and Redis; real HTTP requests and
real websockets, each to the node the test says."""

from __future__ import annotations

import http.client
import json
import re
import time
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest
from websockets.sync.client import connect

from accounts.models import Player
from games.runtime import flood, rooms, scheduling
from tests.integration.stack import daphne, free_port, stack_env, stop

pytestmark = pytest.mark.django_db(transaction=True)


class Browser:
    """One person's browser: its cookies go with every request, whichever node it is sent to."""

    def __init__(self) -> None:
        self.cookies: dict[str, str] = {}

    def request(self, port: int, method: str, path: str, form: dict[str, str] | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), "Host": f"127.0.0.1:{port}"}
        body = None
        if form is not None:
            body = urlencode({**form, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")})
            headers |= {"Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{port}"}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        page = response.read().decode("utf-8", "replace")
        connection.close()
        return response.status, response.headers.get("Location"), page

    def become_guest(self, port: int, nickname: str) -> Player:
        self.request(port, "GET", "/guest/")
        status, _location, page = self.request(port, "POST", "/guest/", {"nickname": nickname})
        assert status == 302, page[:2000]
        return Player.objects.get(nickname=nickname)

    def socket(self, port: int, path: str):
        return connect(
            f"ws://127.0.0.1:{port}{path}",
            open_timeout=30,
            additional_headers={
                "Origin": f"http://127.0.0.1:{port}",
                "Cookie": f"sessionid={self.cookies['sessionid']}",
            },
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


@pytest.fixture
def two_nodes(tmp_path):
    first, second = free_port(), free_port()
    nodes = [
        daphne(first, tmp_path, stack_env(NODE_NAME="web-1")),
        daphne(second, tmp_path, stack_env(NODE_NAME="web-2")),
    ]
    try:
        yield first, second
    finally:
        stop(nodes)


def test_a_flood_of_moves_split_over_two_nodes_is_limited_as_one(two_nodes):
    first, second = two_nodes
    ana = Browser()
    player = ana.become_guest(first, "Ana")  # her session is made on one node and read on the other
    with scheduling.timers_disabled():
        room = rooms.room_create(
            game="duelo", host=player, seats=2, interface_language="es", settings={"language": "es"}
        )
    # Two tabs on each node.
    sockets = [ana.socket(port, f"/ws/rooms/{room.code}/") for port in (first, second, first, second)]
    for socket in sockets:
        assert frames_until(socket, lambda frame: frame["type"] == "room", 30)

    # Each socket sends what its own bucket lets through at once (its burst): together four times that.
    per_socket = 20
    started = time.monotonic()
    for number in range(per_socket):
        for side, socket in enumerate(sockets):
            act = {"type": "act", "match_id": 999_999, "action": {"type": "guess"}, "turn": None}
            socket.send(json.dumps({**act, "ref": f"{side}-{number}"}))
    answers = []
    for socket in sockets:
        for _ in range(per_socket):
            frame = frames_until(socket, lambda frame: frame["type"] == "error" and "ref" in frame, 30)
            assert frame is not None, "a frame went unanswered"
            answers.append(frame["code"])
    answered_in = time.monotonic() - started
    for socket in sockets:
        socket.close()

    through = len([code for code in answers if code != "slow_down"])
    # The player's one budget, refilled while the frames were sent and answered, and not a frame more (without it
    # every frame went through); the moves that went through reached the database (no such match), on both nodes.
    allowed = flood.PLAYER_BURST + flood.PLAYER_REFILL_PER_SECOND * answered_in + 1
    assert through <= allowed, (answers, answered_in)
    assert through < len(sockets) * per_socket
    assert "no_match" in answers[:per_socket] and "no_match" in answers[per_socket : 2 * per_socket]


def test_a_player_queued_on_one_node_is_matched_with_one_who_comes_on_the_other(two_nodes):
    first, second = two_nodes
    ana, beto = Browser(), Browser()
    ana.become_guest(first, "Ana")
    beto.become_guest(second, "Beto")
    ana_pages = ana.socket(first, "/ws/lobby/")  # Ana waits on a page served by the first node
    assert frames_until(ana_pages, lambda frame: frame["type"] == "hello", 30)

    ana.request(first, "GET", "/play/cruzadas/")
    status, location, _page = ana.request(first, "POST", "/play/cruzadas/queue/", {"mode": "anyone"})
    assert status == 302 and not location.startswith("/r/")  # nobody waits yet: she is queued
    beto.request(second, "GET", "/play/cruzadas/")
    status, location, _page = beto.request(second, "POST", "/play/cruzadas/queue/", {"mode": "anyone"})
    assert status == 302 and re.fullmatch(r"/r/\w+/", location)  # Beto, on the other node, finds her at once

    matched = frames_until(ana_pages, lambda frame: frame["type"] == "matched", 15)
    assert matched == {"type": "matched", "url": location}  # her page, on the first node, is sent to the table
    ana_pages.close()
