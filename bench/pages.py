"""Pages: time to first byte from a real daphne on loopback, on the bench database.

Each request opens a new TCP connection (loopback: ~0.1 ms), sends a plain GET with the guest's session
cookie and times the first byte of the answer, then reads it to the end. Sequential requests, after a
few to warm the process up (templates, word lists), so the figure is the page's own cost, not a queue.
"""

from __future__ import annotations

import os
import socket
import tempfile
import time
from pathlib import Path

from bench.figures import Figure, sampled
from bench.stack import Stack

AREA = "pages"


def fetch(port: int, path: str, cookie: str) -> tuple[float, float, int]:
    """(ms to the first byte, ms to the last, HTTP status) of one GET on a fresh connection."""
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: sessionid={cookie}\r\n"
        f"Accept-Language: es\r\nConnection: close\r\n\r\n"
    ).encode()
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(request)
        first = connection.recv(1)
        first_at = time.perf_counter()
        chunks = [first]
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    done = time.perf_counter()
    head = b"".join(chunks)[:12].decode("latin-1")
    return (first_at - started) * 1000, (done - started) * 1000, int(head[9:12]) if len(head) >= 12 else 0


def _guest_with_a_match() -> tuple[str, str]:
    """A guest's session cookie, and the code of a Duelo room where that guest plays a medium bot."""
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.selectors import remember_guest
    from accounts.services import player_create_guest
    from games.runtime import matches, rooms

    guest = player_create_guest(nickname="Pages")
    session = SessionStore()
    remember_guest(session=session, player=guest)
    session.create()
    room = rooms.room_create(
        game="duelo",
        host=guest,
        seats=2,
        interface_language="es",
        settings={"language": "es", "rounds": 3, "round_seconds": 90},
    )
    rooms.room_seat_set(room=room, by=guest, index=1, bot_level="medium")
    matches.match_start(room=room, by=guest)
    return session.session_key, room.code


def ttfb(requests: int = 60, warmup: int = 5) -> list[Figure]:
    """Start daphne on this process's database and time the home page and a game's room page."""
    cookie, code = _guest_with_a_match()
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as logs:
        stack = Stack(dict(os.environ), Path(logs))
        try:
            stack.start_daphne()
            figures = []
            for label, path in (("home page", "/"), ("game page (Duelo room, match on)", f"/r/{code}/")):
                for _ in range(warmup):
                    fetch(stack.port, path, cookie)
                first, whole = [], []
                for _ in range(requests):
                    to_first, to_last, status = fetch(stack.port, path, cookie)
                    if status != 200:
                        raise RuntimeError(f"GET {path} answered {status}: {stack.tail('daphne')}")
                    first.append(to_first)
                    whole.append(to_last)
                figures.append(
                    sampled(
                        AREA,
                        f"TTFB, {label}",
                        first,
                        "ms",
                        f"GET {path} as a guest, fresh connection to daphne on loopback, "
                        f"{requests} sequential requests after {warmup} to warm up; "
                        f"whole page mean {sum(whole) / len(whole):.1f} ms",
                    )
                )
            return figures
        finally:
            stack.stop_all()
