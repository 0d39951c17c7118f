"""What the board harness tests share (tests/e2e/test_*_board_harness.py).

A harness page (tests/e2e/harness/<game>.html, running harness.js) mounts static/js/room.js and the game's
board with a fake socket. Playwright serves that folder and static/ from a made-up origin, so ES modules
load as they would from Django, and the tests feed the board frames recorded from the real engines
(make_*frames.py) and read what it sent.

    @pytest.fixture
    def open_board(browser):
        with harness_pages(browser, "torneo") as open_:
            yield open_

    page = open_board(PHONE, room=ROOM_FRAME)   # a fresh context; page.js_errors collects page errors
    feed(page, frame); sent(page)
"""

from __future__ import annotations

import json
import mimetypes
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
HARNESS = ROOT / "tests/e2e/harness"
PHONE = {"width": 360, "height": 780}
DESKTOP = {"width": 1280, "height": 900}


def load_frames(name: str) -> Any:
    """A recorded fixture of this folder (e.g. "torneo_frames.json")."""
    return json.loads((HARNESS / name).read_text(encoding="utf-8"))


def serve(origin: str) -> Callable:
    """A Playwright route handler answering `origin`'s requests from static/ and this folder only."""
    allowed = (ROOT / "static", HARNESS)

    def handler(route):
        path = ROOT / route.request.url.removeprefix(origin).split("?")[0].lstrip("/")
        if not path.is_file() or not any(path.is_relative_to(base) for base in allowed):
            route.fulfill(status=404, body="not found")
            return
        kind = "text/javascript" if path.suffix == ".js" else mimetypes.guess_type(path.name)[0] or "text/plain"
        route.fulfill(status=200, body=path.read_bytes(), content_type=kind)

    return handler


def origin_of(game: str) -> str:
    return f"http://{game}.harness"


@contextmanager
def harness_pages(browser, game: str) -> Iterator[Callable[..., Any]]:
    """Yields open_(viewport=PHONE, strings=None, *, room=None, setup=None, **context_options) -> page.

    Each call opens the game's harness page in a fresh browser context: `setup(page)` runs before the
    page loads (fake clocks, init scripts, extra routes), `strings` are the page's translations (English text
    -> translation, as the /jsi18n/ catalogue gives them; none: the boards' English source), and
    `room` (a room frame) is fed once the board is mounted. Every context is closed at the end."""
    origin = origin_of(game)
    contexts = []

    def open_(viewport=PHONE, strings=None, *, room=None, setup=None, **context_options):
        context = browser.new_context(viewport=viewport, **context_options)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.route(f"{origin}/**", serve(origin))
        if setup:
            setup(page)
        page.goto(f"{origin}/tests/e2e/harness/{game}.html")
        page.wait_for_function("window.harness !== undefined")
        page.evaluate("strings => window.harness.start(strings)", strings or {})
        if room:
            feed(page, room)
        page.js_errors = errors
        return page

    try:
        yield open_
    finally:
        for context in contexts:
            context.close()


def feed(page, frame: dict) -> None:
    """A server frame, as the socket would deliver it."""
    page.evaluate("frame => window.harness.feed(frame)", frame)


def sent(page) -> list[dict]:
    """Every frame the board sent, oldest first."""
    return page.evaluate("window.sent")


def settle(page) -> None:
    """Wait for the board's animations (flips, shakes, cards) to finish, e.g. before a screenshot. Endless
    ones (the reconnecting spinner) never finish: they are left running."""
    page.evaluate("""Promise.all(document.getAnimations()
        .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)))""")


def assert_no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def status(page, name: str, detail: dict | None = None) -> None:
    """A connection status, as static/js/socket.js reports it ("reconnecting", "online", "closed")."""
    page.evaluate("([name, detail]) => window.harness.status(name, detail)", [name, detail or {}])
