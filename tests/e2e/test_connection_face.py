"""The connection has a face (DESIGN.md): two people at a Claves table while the server freezes (SIGSTOP,
a half-open socket: nothing closes, nothing answers), then dies (SIGKILL) and comes back on the same
port. Each page shows "Reconnecting…" within 3 s, takes no input meanwhile, and on return shows the
move the partner made while it was away. A room closed meanwhile is a final answer: the page says so
and stops retrying. And from any other page, the banner leads back to the table."""

import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connections
from playwright.sync_api import expect

from accounts.models import Player
from games.claves import engine
from games.models import Match, Room
from games.runtime.matches import match_act
from tests.conftest import ROOT
from tests.integration.stack import free_port, stack_env

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
DETECTED_WITHIN_MS = 3000  # socket.js: a ping every 2 s, given up 0.9 s after it without an answer
# A shared 2-core machine running the whole suite may run a page's timers late: what is asserted is that the
# heartbeat, not a TCP timeout (minutes), finds the half-open socket. The 3 s is socket.js's own arithmetic.
LOADED_SLACK_MS = 3000
BACK_WITHIN_MS = 20_000  # the back-off tops out at 8 s


class Daphne:
    """daphne on the test database, on one port for its whole life: it can be frozen, thawed, killed and
    started again there (tests/conftest.py's daphne_url cannot)."""

    def __init__(self, tmp_path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp_path / "daphne.log"
        self.env = stack_env()
        self.process = None

    def start(self):
        log = open(self.log_path, "a")  # noqa: SIM115 - closed with the process
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "--websocket_connect_timeout",
                "60",
                "config.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        log.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(self.log_path.read_text())

    def freeze(self):
        os.kill(self.process.pid, signal.SIGSTOP)

    def thaw(self):
        os.kill(self.process.pid, signal.SIGCONT)

    def kill(self):
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.thaw()
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def server(transactional_db, tmp_path):
    daphne = Daphne(tmp_path)
    daphne.start()
    yield daphne
    daphne.stop()


def newcomer(browser, site, path, nickname, viewport, button="Let's play"):
    """A newcomer opens `path` and gives a nickname: on the guest page, or on an invitation (its button)."""
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    page.goto(site + path)
    page.get_by_label("Nickname").fill(nickname)
    page.get_by_role("button", name=button).click()
    return context, page


def banner(page):
    return page.get_by_test_id("connection-banner")


def inert(page, testid) -> bool:
    return page.get_by_test_id(testid).evaluate("el => el.closest('[inert]') !== null")


def give_clue_from_elsewhere(player_id, word):
    """The partner's move reaches the service while this page's server is away (as from another process:
    a thread of its own, since sync Playwright keeps an event loop in the test's, where the service's
    after-commit broadcast could not run)."""

    def give():
        try:
            match = Match.objects.get(status=Match.PLAYING)
            match_act(
                match_id=match.pk,
                player=Player.objects.get(pk=player_id),
                action={"type": "clue", "word": word, "number": 1},
            )
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(give).result()


def test_each_page_shows_the_lost_connection_takes_no_input_and_resyncs_on_return(server, browser, screenshot):
    site = server.url
    ana_context, ana = newcomer(browser, site, "/play/claves/", "Ana", DESKTOP)
    ana.get_by_test_id("claves-create").click()
    code = ana.get_by_test_id("room-code").inner_text().strip()
    beto_context, beto = newcomer(browser, site, f"/r/{code}/", "Beto", PHONE, button="Take the seat")
    expect(ana.get_by_test_id("people")).to_contain_text("Beto")
    ana.get_by_test_id("start-match").click()

    match = Match.objects.get(status=Match.PLAYING)
    state = engine.from_json(match.state)
    pages = {0: ana, 1: beto}
    giver, guesser = pages[state.giver], pages[1 - state.giver]
    expect(giver.get_by_test_id("clue-form")).to_be_visible(timeout=15_000)
    expect(guesser.get_by_test_id("role")).to_be_visible()
    for page in pages.values():
        expect(banner(page)).to_be_hidden()

    # 1. The server freezes: the sockets are half-open, nothing says so but the heartbeat.
    server.freeze()
    frozen_at = time.monotonic()
    for page in pages.values():
        expect(banner(page)).to_be_visible(timeout=DETECTED_WITHIN_MS + LOADED_SLACK_MS)
        expect(banner(page)).to_contain_text("Reconnecting…")
    # Both pages, each on its own heartbeat, not one after the other.
    assert time.monotonic() - frozen_at < (DETECTED_WITHIN_MS + LOADED_SLACK_MS) / 1000
    assert inert(giver, "clue-form")
    giver.get_by_test_id("clue-word").click(force=True)  # a tap on a frozen board does nothing
    giver.keyboard.type("zumbido")
    assert giver.get_by_test_id("clue-word").input_value() == ""
    screenshot(ana, "connection-reconnecting-desktop")
    screenshot(beto, "connection-reconnecting-phone")

    # Meanwhile the giver's clue reaches the service another way; on return both pages show it.
    give_clue_from_elsewhere(match.lineup[state.giver]["player"], "zumbido")
    server.thaw()
    for page in pages.values():
        expect(banner(page)).to_be_hidden(timeout=BACK_WITHIN_MS)
        expect(page.get_by_test_id("clue-text")).to_have_text("zumbido", ignore_case=True)
    assert not inert(guesser, "guess-controls")
    expect(guesser.get_by_test_id("guess-controls")).to_be_visible()
    screenshot(ana, "connection-back-desktop")
    screenshot(beto, "connection-back-phone")

    # 2. The server dies and comes back on the same port: the same, through the socket's close.
    server.kill()
    for page in pages.values():
        expect(banner(page)).to_be_visible(timeout=DETECTED_WITHIN_MS + LOADED_SLACK_MS)
    server.start()
    for page in pages.values():
        expect(banner(page)).to_be_hidden(timeout=BACK_WITHIN_MS)
    expect(guesser.get_by_test_id("guess-controls")).to_be_visible()

    # 3. From another page the table is one tap away (and its own page has no such banner).
    expect(beto.get_by_test_id("game-on")).to_have_count(0)
    lobby = beto_context.new_page()
    lobby.goto(site + "/lobby/")
    expect(lobby.get_by_test_id("game-on")).to_contain_text("Claves")
    screenshot(lobby, "game-on-banner-phone")
    lobby.get_by_test_id("game-on-link").click()
    expect(lobby).to_have_url(f"{site}/r/{code}/")
    expect(lobby.get_by_test_id("clue-text")).to_have_text("zumbido", ignore_case=True)
    lobby.close()

    ana_context.close()
    beto_context.close()


def test_a_room_closed_while_the_server_was_away_is_a_final_answer(server, browser, screenshot):
    site = server.url
    context, ana = newcomer(browser, site, "/play/claves/", "Ana", DESKTOP)
    ana.get_by_test_id("claves-create").click()
    code = ana.get_by_test_id("room-code").inner_text().strip()
    expect(ana.locator("[data-room]")).to_have_attribute("data-connection", "online")
    server.kill()
    expect(banner(ana)).to_be_visible(timeout=DETECTED_WITHIN_MS + LOADED_SLACK_MS)
    Room.objects.filter(code=code).update(status=Room.CLOSED)
    server.start()
    try:
        expect(banner(ana)).to_contain_text("This room does not exist or has closed.", timeout=BACK_WITHIN_MS)
        expect(banner(ana).get_by_role("link", name="Go to the lobby")).to_be_visible()
        assert ana.evaluate("document.querySelector('[data-room]').dataset.connection") == "closed"
        screenshot(ana, "connection-closed-desktop")
    finally:
        context.close()
